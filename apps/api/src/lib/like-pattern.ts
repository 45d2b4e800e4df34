/** `%…%` of a search typed by the staff, lower-cased, its LIKE wildcards taken literally. */
export const likePattern = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
