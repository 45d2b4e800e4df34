import transliterate from '@sindresorhus/transliterate';

/**
 * The one form names and addresses are searched in, computed when they are imported (cities.search_name,
 * rvm_machines.search_text, rvm_operators.search_text) and from what a visitor types: accents dropped
 * (ö → o, so "Groden" finds "Gröden"), other letters transliterated to Latin (ß → ss, ž → z, æ → ae),
 * lower case, anything but letters and digits turned into one space.
 */
export function searchText(text: string): string {
  return transliterate(text.normalize('NFD').replace(/\p{M}/gu, ''))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
