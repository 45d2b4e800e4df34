/**
 * The lists of the area picker as they travel to the browser. A province's comuni are hundreds of options
 * (Torino's 312): as a list of pairs they would weigh twice in the page, once as <option>s and once as
 * JSON in the React payload, where every quote is escaped twice over. Packed as one string, one
 * "id<TAB>label" line each, the payload's copy is a fifth smaller: 2 KB off Torino's page (issue 17: a
 * comune page ≤ 60 KB).
 */

/** An entry of a list: the code and what the option says. */
export type AreaChoice = [id: string, label: string];

/** A list of AreaChoice packed in one string (see packChoices). */
export type PackedChoices = string;

/** Packs choices for a client component's props. Ids are ISTAT codes; labels have no tab nor newline. */
export function packChoices(choices: readonly AreaChoice[]): PackedChoices {
  return choices.map(([id, label]) => `${id}\t${label.replace(/[\t\n]+/g, ' ')}`).join('\n');
}

/** The choices packChoices packed, in their order. */
export function unpackChoices(packed: PackedChoices): AreaChoice[] {
  if (!packed) return [];
  return packed.split('\n').map((line) => {
    const tab = line.indexOf('\t');
    return [line.slice(0, tab), line.slice(tab + 1)];
  });
}
