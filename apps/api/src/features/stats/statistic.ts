import { UNIT_DECIMALS, type Statistic, type Unit } from '@portal/contract';

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/**
 * The precision a figure of `unit` travels in (two decimals past the shown ones): the statistic's value and
 * the same figure in a trend or table are this one number, so the page rounds it once and both read the
 * same (Italy's 2011 RD per inhabitant was 199.347 on the card and 199.35 in the table: 199,3 and 199,4).
 */
export const statValue = (value: number, unit: Unit): number => round(value, UNIT_DECIMALS[unit] + 2);

/**
 * The units a better/worse verdict is given on: the measures not driven by the amount of waste. Tonnes
 * follow the population and the economy (Italy's tonnes falling by a third makes its sorted tonnes fall
 * too, however well it sorts), so they get a change but no verdict (decision 072).
 */
export const JUDGED_UNITS: ReadonlySet<Unit> = new Set<Unit>(['%', 'kg/ab']);

/**
 * A statistic of one year compared with another: the change, its direction and whether that is good.
 * Values are compared at the precision the portal shows them, so 41.02% and 41.04% read "unchanged",
 * and the change is the difference of the two shown values: 82.06% and 81.94% show as 82,1% and 81,9%,
 * so the change is +0,2 points, never the +0,1 of the unrounded values, and the card adds up.
 */
export function buildStatistic(
  value: number | null,
  compareValue: number | null,
  unit: Unit,
  goodDirection: 'up' | 'down' | null,
  missingReason: string | null,
  /**
   * The year compareValue is from (the view's comparison year), the year to offer instead when that year
   * lacks the statistic, and whether the values are estimates.
   */
  meta: {
    compareYear?: number | null;
    nearestYear?: number | null;
    estimate?: boolean;
    compareEstimate?: boolean;
  } = {},
): Statistic {
  const judged = JUDGED_UNITS.has(unit) ? goodDirection : null;
  return {
    ...compared(value, compareValue, unit, judged, missingReason),
    compareYear: compareValue === null ? null : (meta.compareYear ?? null),
    nearestYear: value !== null && compareValue === null ? (meta.nearestYear ?? null) : null,
    estimate: value !== null && (meta.estimate ?? false),
    compareEstimate: compareValue !== null && (meta.compareEstimate ?? false),
  };
}

function compared(
  value: number | null,
  compareValue: number | null,
  unit: Unit,
  goodDirection: 'up' | 'down' | null,
  missingReason: string | null,
): Omit<Statistic, 'compareYear' | 'nearestYear' | 'estimate' | 'compareEstimate'> {
  const p = UNIT_DECIMALS[unit];
  const v = value === null ? null : statValue(value, unit);
  const c = compareValue === null ? null : statValue(compareValue, unit);
  if (v === null) {
    return {
      value: null,
      unit,
      compareValue: c,
      change: null,
      changePct: null,
      trend: null,
      goodDirection,
      outcome: null,
      missingReason: missingReason ?? 'Dato non disponibile.',
    };
  }
  if (c === null) {
    return {
      value: v,
      unit,
      compareValue: null,
      change: null,
      changePct: null,
      trend: null,
      goodDirection,
      outcome: null,
      missingReason: null,
    };
  }
  const shownValue = round(v, p);
  const shownCompare = round(c, p);
  const shownDiff = round(shownValue - shownCompare, p);
  const trend = shownDiff === 0 ? 'unchanged' : shownDiff > 0 ? 'up' : 'down';
  const outcome =
    trend === 'unchanged'
      ? 'unchanged'
      : goodDirection === null
        ? null
        : trend === goodDirection
          ? 'better'
          : 'worse';
  return {
    value: v,
    unit,
    compareValue: c,
    change: shownDiff,
    changePct: shownCompare === 0 ? null : round((shownDiff / shownCompare) * 100, 2),
    trend,
    goodDirection,
    outcome,
    missingReason: null,
  };
}
