/**
 * The arguments of one admin command, read by `node:util` parseArgs: `--name value` (or `--name=value`)
 * options, bare flags and positionals. Mistakes come back as one line in the CLI's own words
 * ('unknown option --x', '--email needs a value') instead of parseArgs's exceptions.
 */
import { parseArgs } from 'node:util';

export type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;

export type ParsedArgs<S extends OptionSpec> = {
  values: { [K in keyof S]?: S[K]['type'] extends 'string' ? string : boolean };
  positionals: string[];
};

export function parseCommandArgs<S extends OptionSpec>(
  args: string[],
  options: S,
): ParsedArgs<S> | { problem: string } {
  // Not strict, so that the tokens below say what is wrong in the CLI's words.
  const { values, positionals, tokens } = parseArgs({
    args,
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const spec = options[token.name];
    if (!spec) return { problem: `unknown option ${token.rawName}` };
    if (spec.type === 'string' && token.value === undefined)
      return { problem: `${token.rawName} needs a value` };
    if (spec.type === 'boolean' && token.value !== undefined)
      return { problem: `${token.rawName} takes no value` };
  }
  return { values: values as ParsedArgs<S>['values'], positionals };
}
