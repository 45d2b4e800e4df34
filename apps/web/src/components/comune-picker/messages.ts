/** Texts of the comune picker (home page and /scarica-dati); its label is the caller's. */
export const comunePickerMessages = {
  placeholder: 'Es. Bologna',
  hint: 'Scrivi almeno 2 lettere e scegli un comune dai suggerimenti.',
  noResults: 'Nessun comune trovato.',
  loading: 'Ricerca in corso…',
  results: (n: number) => (n === 1 ? '1 comune trovato' : `${n} comuni trovati`),
  /** Under the suggestions: how many matches are not shown, and how to reach them. */
  more: (hidden: number) =>
    hidden === 1
      ? 'Un altro comune: scrivi qualche lettera in più.'
      : `Altri ${new Intl.NumberFormat('it-IT').format(hidden)} comuni: scrivi qualche lettera in più.`,
  /** Read by screen readers when the suggestions are a part of the matches. */
  someResults: (shown: number, total: number) =>
    `${new Intl.NumberFormat('it-IT').format(total)} comuni trovati, ne sono mostrati ${shown}: scrivi qualche lettera in più.`,
  /** Under a suggestion found by another of its names (decision 073): "Reggio Emilia", "Sankt Ulrich". */
  alias: (name: string) => `altro nome: ${name}`,
  /**
   * The marker of a comune that no longer exists (merged since), with the years of its data and, when known,
   * the comune it merged into.
   */
  dissolved: (firstYear: number | null, lastYear: number | null, mergedInto: string | null = null) => {
    const years =
      firstYear === null || lastYear === null
        ? ''
        : firstYear === lastYear
          ? ` · dati ${firstYear}`
          : ` · dati ${firstYear}–${lastYear}`;
    return `non più esistente${years}${mergedInto ? ` · confluito in ${mergedInto}` : ''}`;
  },
} as const;

/** How many matches the suggestions leave out (the API's count against the page it gave). */
export function hiddenMatches(total: number, shown: number): number {
  return Math.max(0, total - shown);
}
