/**
 * Classes of the choropleth of % separately collected, shared by the maps of the web app,
 * the statistics API (each area's legend class) and the server-side image export.
 * The breaks follow the national targets of D.Lgs. 152/2006 (35%, 45%, 65%) plus 75%.
 */
export interface LegendClass {
  id: number;
  /** Lower bound, inclusive. */
  min: number;
  /** Upper bound, exclusive (null: no bound). */
  max: number | null;
  label: string;
  color: string;
}

export const RD_LEGEND: readonly LegendClass[] = [
  { id: 1, min: 0, max: 35, label: 'meno del 35%', color: '#d7301f' },
  { id: 2, min: 35, max: 45, label: 'dal 35% al 45%', color: '#fc8d59' },
  { id: 3, min: 45, max: 65, label: 'dal 45% al 65%', color: '#fdd49e' },
  { id: 4, min: 65, max: 75, label: 'dal 65% al 75%', color: '#a1d99b' },
  { id: 5, min: 75, max: null, label: '75% e oltre', color: '#238b45' },
];

/** The legend class of a % separately collected, or null when the % is missing. */
export function rdLegendClass(pct: number | null | undefined): LegendClass | null {
  if (pct === null || pct === undefined || Number.isNaN(pct)) return null;
  return RD_LEGEND.find((c) => pct >= c.min && (c.max === null || pct < c.max)) ?? null;
}

/** The colour of areas without data. */
export const NO_DATA_COLOR = '#d9d9d9';

/** The legend rows of the choropleth (colour and label), plus the no-data entry. */
export function choroplethLegend(): { color: string; label: string }[] {
  return [
    ...RD_LEGEND.map((c) => ({ color: c.color, label: c.label })),
    { color: NO_DATA_COLOR, label: 'dato non disponibile' },
  ];
}
