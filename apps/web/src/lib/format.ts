const integerFormat = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });

/** An integer the Italian way: 10.020.528, and 1.180 (grouped even with four digits, for aligned columns). */
export function formatInteger(value: number): string {
  return integerFormat.format(value);
}
