import type { SourceAnomaly } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { ANOMALY_COLOR, ANOMALY_NAME, anomalyTextByYear } from './anomalies';
import { rdTrendOption, tonnesTrendOption, TREND_ESTIMATE_NAME, TREND_SERIES_NAME } from './options';
import { perCapitaTrendOption } from './per-capita';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** Cassinelle (AL) 2013 as the API gives it: 0,01 t for 843 inhabitants at 100 %. */
const cassinelle: SourceAnomaly = {
  year: 2013,
  reasons: ['littleWaste', 'fullRd'],
  producedT: 0.01,
  population: 843,
  populationYear: 2024,
  kgPerCapita: 0.01,
  peerKgPerCapita: 361,
  rdPct: 100,
  yearBefore: null,
  rdBefore: null,
  yearAfter: null,
  rdAfter: null,
};
const rd = [
  { year: 2012, value: 40.5, method: 'tonnes' as const },
  { year: 2013, value: 100, method: 'tonnes' as const },
  { year: 2014, value: 45.2, method: 'tonnes' as const },
];
const rings = (option: Any) => option.series.filter((s: Any) => s.name === ANOMALY_NAME);
const axisParams = (year: string, value: number) => [
  { axisValue: year, seriesName: TREND_SERIES_NAME, marker: '', value },
  { axisValue: year, seriesName: ANOMALY_NAME, marker: '', value },
];

describe('source anomalies on the trend charts', () => {
  it('says the figures of a flagged year', () => {
    expect(anomalyTextByYear([cassinelle]).get(2013)).toBe(
      '0,01 t per 843 abitanti (popolazione del 2024): 0,01 kg per abitante, ' +
        'contro almeno 361 di 9 comuni simili su 10; 100 % di raccolta differenziata',
    );
    expect(anomalyTextByYear(undefined).size).toBe(0);
  });

  it('rings the point of the flagged year of the % trend, with a legend entry and the figures in the tooltip', () => {
    const option = rdTrendOption(rd, { anomalies: [cassinelle] }) as Any;
    const [ring] = rings(option);
    expect(ring.data).toEqual([null, 100, null]);
    expect(ring.itemStyle.borderColor).toBe(ANOMALY_COLOR);
    expect(ring.lineStyle.opacity).toBe(0);
    // The lone line has no entry of its own (the title names it): the legend is the ring's alone.
    expect(option.legend.data.map((d: Any) => d.name)).toEqual([ANOMALY_NAME]);
    expect(option.grid.bottom).toBeGreaterThanOrEqual(36);
    const flagged = option.tooltip.formatter(axisParams('2013', 100));
    expect(flagged).toContain('% raccolta differenziata: 100,0%');
    expect(flagged).toContain('Dato anomalo nella fonte: 0,01 t per 843 abitanti');
    // The ring is not a line of its own in the tooltip, and a plausible year says nothing more.
    expect(flagged.match(/Dato anomalo/g)).toHaveLength(1);
    expect(option.tooltip.formatter(axisParams('2014', 45.2))).not.toContain('anomalo');
  });

  it('leaves a chart without flagged years as it was', () => {
    const plain = rdTrendOption(rd) as Any;
    const none = rdTrendOption(rd, { anomalies: [] }) as Any;
    expect(none.series).toHaveLength(plain.series.length);
    expect(none.legend).toBeUndefined();
    expect(none.grid).toEqual(plain.grid);
    // A flagged year outside the chart's years (no % that year) draws no ring.
    const other = { ...cassinelle, year: 2020 };
    expect(rings(rdTrendOption(rd, { anomalies: [other] }))).toHaveLength(0);
  });

  it("adds the entry to the legend of the estimates and keeps the estimates' words in the tooltip", () => {
    const estimated = rd.map((p) => (p.year === 2014 ? { ...p, method: 'estimate' as const } : p));
    const option = rdTrendOption(estimated, { anomalies: [cassinelle] }) as Any;
    expect(rings(option)).toHaveLength(1);
    expect(option.legend.data.map((d: Any) => d.name ?? d)).toEqual([
      TREND_SERIES_NAME,
      TREND_ESTIMATE_NAME,
      ANOMALY_NAME,
    ]);
    expect(option.tooltip.formatter(axisParams('2014', 45.2))).toContain('(stima)');
    // On a phone the three entries take two lines: more room under the plot.
    expect(option.media.at(-1)).toEqual({ query: { maxWidth: 480 }, option: { grid: { bottom: 58 } } });
    expect(option.tooltip.formatter(axisParams('2013', 100))).toContain('Dato anomalo nella fonte: 0,01 t');
  });

  it('rings both lines of the tonnes and of the kg per inhabitant, in a legend of its own under the plot', () => {
    const tonnes = tonnesTrendOption(
      rd.map((p) => ({ year: p.year, producedT: p.year === 2013 ? 0.01 : 400, sortedT: 150 })),
      { anomalies: [cassinelle] },
    ) as Any;
    expect(rings(tonnes).map((s: Any) => s.data)).toEqual([
      [null, 0.01, null],
      [null, 150, null],
    ]);
    expect(tonnes.legend).toHaveLength(2);
    expect(tonnes.legend[0].data).toEqual(['Rifiuti urbani prodotti', 'Raccolta differenziata']);
    expect(tonnes.legend[1].data.map((d: Any) => d.name)).toEqual([ANOMALY_NAME]);
    expect(tonnes.legend[1].bottom).toBe(0);
    const perCapita = perCapitaTrendOption(
      rd.map((p) => ({
        year: p.year,
        populationBasis: null,
        producedKgPerCapita: p.year === 2013 ? 0.01 : 450,
        sortedKgPerCapita: p.year === 2013 ? 0.01 : 200,
        costPerCapita: null,
      })),
      { produced: 'Rifiuti urbani prodotti', sorted: 'Raccolta differenziata' },
      [],
      [cassinelle],
    ) as Any;
    expect(rings(perCapita).map((s: Any) => s.data)).toEqual([
      [null, 0.01, null],
      [null, 0.01, null],
    ]);
    const tip = perCapita.tooltip.formatter([
      { axisValue: '2013', seriesName: 'Rifiuti urbani prodotti', marker: '', value: 0.01 },
    ]);
    expect(tip).toBe(
      '2013<br/>Rifiuti urbani prodotti: 0,0\u00a0kg/ab<div style="color:#c2410c;font-weight:600;' +
        'white-space:normal;max-width:280px">Dato anomalo nella fonte: ' +
        anomalyTextByYear([cassinelle]).get(2013) +
        '</div>',
    );
  });
});
