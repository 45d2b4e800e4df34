import { describe, expect, it } from 'vitest';
import {
  COMPARE_CHART_HEIGHT,
  COMPARE_EMBED_HEIGHT,
  EMBED_PREFIX,
  embedHeight,
  embedPath,
  embedSnippet,
  isRvmChart,
  isStatChart,
} from './embeds';

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

describe('embedPath of /confronta', () => {
  it('is /embed/confronta with the comparison as /confronta writes it: readable, one address per state', () => {
    expect(embedPath('confronta', null, '?aree=comune:015146,regione:05,italia&misura=kg')).toBe(
      '/embed/confronta?aree=comune:015146,regione:05,italia&misura=kg',
    );
    // Escaped, in capitals, repeated, the default measure: the same comparison, the same address.
    expect(
      embedPath('confronta', null, '?aree=COMUNE%3A015146%2Citalia&aree=comune:015146&misura=rd&cerca=x'),
    ).toBe('/embed/confronta?aree=comune:015146,italia');
  });

  it('keeps what /confronta shows: not a malformed entry, one beyond the fifth, an unknown measure', () => {
    expect(
      embedPath(
        'confronta',
        null,
        '?aree=regione:5,regione:01,regione:02,regione:03,regione:04,regione:05,regione:06&misura=litri',
      ),
    ).toBe('/embed/confronta?aree=regione:01,regione:02,regione:03,regione:04,regione:05');
    expect(embedPath('confronta', null, '')).toBe('/embed/confronta');
    expect(embedPath('confronta', null, '?aree=paese:IT')).toBe('/embed/confronta');
  });

  it('lies under the framable prefix, with a frame tall enough for the legend over the chart', () => {
    expect(embedPath('confronta', null, '?aree=italia').startsWith(EMBED_PREFIX)).toBe(true);
    expect(COMPARE_EMBED_HEIGHT).toBeGreaterThan(embedHeight(COMPARE_CHART_HEIGHT));
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
