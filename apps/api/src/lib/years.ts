/** The years a query keeps: ?years, or ?year as a list of one; undefined for every year. */
export function yearsOf(q: { year?: number; years?: number[] }): number[] | undefined {
  if (q.years?.length) return q.years;
  return q.year !== undefined ? [q.year] : undefined;
}

/** The years in a file name: anno-2022, anni-2022-2024; null for every year. */
export function yearsWords(years: number[] | undefined): string | null {
  return years?.length ? `${years.length === 1 ? 'anno' : 'anni'}-${years.join('-')}` : null;
}
