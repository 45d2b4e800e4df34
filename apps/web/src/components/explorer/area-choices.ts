/**
 * The lists of the area picker as they travel to the browser. A province's comuni are hundreds of options
 * (Torino's 312): as a list of pairs they would weigh twice in the page, once as <option>s and once as
 * JSON in the React payload, where every quote is escaped twice over. Packed as one string, the payload's
 * copy is 40% smaller than JSON pairs (issue 17: a comune page ≤ 60 KB):
 * - the ids' common prefix (a province's code, for its comuni) is written once;
 * - the separator is `|`, which a string inside a script carries as it is (a tab or a newline would
 *   become two characters).
 */

/** An entry of a list: the code and what the option says. */
export type AreaChoice = [id: string, label: string];

/** A list of AreaChoice packed in one string (see packChoices). */
export type PackedChoices = string;

const SEPARATOR = '|';

/** The longest prefix all the ids share. */
function commonPrefix(ids: readonly string[]): string {
  let prefix = ids[0] ?? '';
  for (const id of ids) while (!id.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix;
}

/**
 * Packs choices for a client component's props: "prefix|rest of id|label|rest of id|label…". Ids are ISTAT
 * codes; a `|` in a label becomes `/`.
 */
export function packChoices(choices: readonly AreaChoice[]): PackedChoices {
  if (!choices.length) return '';
  const prefix = commonPrefix(choices.map(([id]) => id));
  return [
    prefix,
    ...choices.flatMap(([id, label]) => [id.slice(prefix.length), label.replaceAll(SEPARATOR, '/')]),
  ].join(SEPARATOR);
}

/** The choices packChoices packed, in their order. */
export function unpackChoices(packed: PackedChoices): AreaChoice[] {
  if (!packed) return [];
  const [prefix = '', ...parts] = packed.split(SEPARATOR);
  const choices: AreaChoice[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) choices.push([prefix + parts[i], parts[i + 1]!]);
  return choices;
}
