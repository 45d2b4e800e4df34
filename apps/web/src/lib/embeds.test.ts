import { describe, expect, it } from 'vitest';
import { embedHeight, embedPath, embedSnippet, isRvmChart, isStatChart } from './embeds';

describe('embedPath', () => {
  it("keeps the page's territory and years, in a fixed order, and nothing else", () => {
    expect(
      embedPath('grafico', 'andamento', '?flow=login&anno=2023&comune=037006&regione=08&provincia=037'),
    ).toBe('/embed/grafico/andamento?regione=08&provincia=037&comune=037006&anno=2023');
    expect(embedPath('grafico', 'frazioni', '?confronto=2019&anno=2023&anno=2020')).toBe(
      '/embed/grafico/frazioni?anno=2023&confronto=2019',
    );
    expect(embedPath('grafico', 'frazioni', '')).toBe('/embed/grafico/frazioni');
  });

  it("keeps the filters of /ecocompattatori, not its search nor its list's page", () => {
    expect(
      embedPath('ecocompattatori', 'gestori', '?cerca=via+roma&pagina=3&gestore=2&provincia=028&anno=2023'),
    ).toBe('/embed/ecocompattatori/gestori?provincia=028&gestore=2&anno=2023');
  });
});

describe('embedSnippet', () => {
  it('is a lazy, borderless, full-width iframe with its attributes escaped', () => {
    expect(
      embedSnippet({
        src: 'https://example.org/embed/grafico/andamento?regione=08&comune=037006',
        title: 'Percentuale "RD" <per anno>: Sant\'Agata & co.',
        height: 540.4,
      }),
    ).toBe(
      '<iframe src="https://example.org/embed/grafico/andamento?regione=08&amp;comune=037006" ' +
        'title="Percentuale &quot;RD&quot; &lt;per anno&gt;: Sant\'Agata &amp; co." width="100%" ' +
        'height="540" loading="lazy" style="border:0"></iframe>',
    );
  });

  it('makes the frame taller than the chart, for its header, notes, source and link', () => {
    expect(embedHeight(300)).toBeGreaterThan(300 + 150);
  });
});

describe('chart ids', () => {
  it('are the Italian slugs of each page, and nothing else', () => {
    expect(isStatChart('andamento')).toBe(true);
    expect(isStatChart('pro-capite')).toBe(true);
    expect(isStatChart('gestori')).toBe(false);
    expect(isStatChart('toString')).toBe(false);
    expect(isRvmChart('gestori')).toBe(true);
    expect(isRvmChart('frazioni')).toBe(false);
  });
});
