/**
 * Texts of the comune search (home page and /scarica-dati) when the suggestions do not show every match;
 * the rest of its texts are `explorerMessages.search`.
 */
export const comuneSearchMessages = {
  /** Under the suggestions: how many matches are not shown, and how to reach them. */
  more: (hidden: number) =>
    hidden === 1
      ? 'Un altro comune: scrivi qualche lettera in più.'
      : `Altri ${new Intl.NumberFormat('it-IT').format(hidden)} comuni: scrivi qualche lettera in più.`,
  /** Read by screen readers when the suggestions are a part of the matches. */
  someResults: (shown: number, total: number) =>
    `${new Intl.NumberFormat('it-IT').format(total)} comuni trovati, ne sono mostrati ${shown}: scrivi qualche lettera in più.`,
  /** The marker of a comune that no longer exists (merged since), with the years of its data. */
  dissolved: (firstYear: number | null, lastYear: number | null) => {
    const years =
      firstYear === null || lastYear === null
        ? ''
        : firstYear === lastYear
          ? ` · dati ${firstYear}`
          : ` · dati ${firstYear}–${lastYear}`;
    return `non più esistente${years}`;
  },
} as const;

/** How many matches the suggestions leave out (the API's count against the page it gave). */
export function hiddenMatches(total: number, shown: number): number {
  return Math.max(0, total - shown);
}
