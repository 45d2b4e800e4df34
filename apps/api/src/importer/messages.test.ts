import { describe, expect, it } from 'vitest';
import { ImportValidationError, parseSources, validationError, type SourceBytes } from './import-dataset';
import { parseCensus } from './istat-census';
import { IMPORT_MESSAGES, importMessage } from './messages';
import { missingColumns } from './parse-utils';

/** parseSources' refusal of `text` as the file `name` of `dataset` (every check that needs no database). */
function refusal(
  dataset: Parameters<typeof parseSources>[0],
  name: string,
  text: string,
): ImportValidationError {
  const source: SourceBytes = { name, path: name, bytes: Buffer.from(text) };
  try {
    const { parsed } = parseSources(dataset, [source], name);
    if (parsed.errors.length) return validationError(parsed.errors, name);
  } catch (err) {
    if (err instanceof ImportValidationError) return err;
    throw err;
  }
  throw new Error(`${name} was not refused`);
}

const POPULATION_HEADER = 'year,level,area_id,nuts,population';

describe("the importer's messages (decision 076)", () => {
  it('fill their parameters', () => {
    expect(importMessage('notNumber', { column: 'Vetro (t)', value: 'abc' })).toBe(
      'colonna «Vetro (t)»: «abc» non è un numero (atteso per esempio 1375.5, con il punto decimale)',
    );
    expect(importMessage('at', { file: 'bad.csv', line: 1, reason: 'manca la colonna istat' })).toBe(
      'bad.csv, riga 1: manca la colonna istat',
    );
  });

  it('are Italian: none holds the English words the importer used to write', () => {
    const english = /\b(column|missing|is not|does not|already on line|appears twice|unknown|the file)\b/i;
    for (const [key, text] of Object.entries(IMPORT_MESSAGES))
      expect(text.replace(/\{\w+\}/g, ''), key).not.toMatch(english);
  });

  it('name the missing columns, one or several, and an empty file', () => {
    expect(missingColumns(['istat', 'anno'], ['istat', 'anno'])).toBeUndefined();
    expect(missingColumns(['anno'], ['istat', 'anno'])).toBe('manca la colonna istat');
    expect(missingColumns(['x'], ['istat', 'anno'])).toBe('mancano le colonne istat, anno');
    expect(refusal('istat-popolazione', 'vuoto.csv', '').lines).toEqual([
      'vuoto.csv, riga 1: il file è vuoto',
    ]);
    expect(refusal('istat-popolazione', 'bad.csv', 'istat,anno\n1,2\n').lines).toEqual([
      'bad.csv, riga 1: mancano le colonne year, level, area_id, population',
    ]);
  });

  it("say in Italian where the CSV parser stopped, its English only in the details for the server's log", () => {
    const open = refusal(
      'istat-popolazione',
      'aperte.csv',
      `${POPULATION_HEADER}\n2012,country,"IT,IT,1\n2013\n`,
    );
    expect(open.lines).toHaveLength(1);
    expect(open.lines[0]).toMatch(/^aperte\.csv, riga \d: virgolette aperte e mai chiuse/);
    expect(open.details).toHaveLength(1);
    expect(open.details[0]).toMatch(/^aperte\.csv:\d: Quote Not Closed/);
    expect(open.lines.join('\n')).not.toMatch(/Quote/);

    const middle = refusal(
      'istat-popolazione',
      'mezzo.csv',
      `${POPULATION_HEADER}\n2012,"country"x,IT,IT,1\n`,
    );
    expect(middle.lines).toEqual([
      'mezzo.csv, riga 2: virgolette nel mezzo di un campo: un campo con virgolette deve averle ' +
        'all’inizio e alla fine, e le virgolette al suo interno vanno raddoppiate ("")',
    ]);
    expect(middle.details[0]).toMatch(/^mezzo\.csv:2: Invalid Closing Quote/);
  });

  it('count the lines of the file, not of the part a dataset reads (ISPRA’s title line)', () => {
    const text = 'Dati comunali - anno 2010 (ISPRA)\nIstat,Comune\n1,"Roma\n';
    const err = refusal('ispra-storico', 'ispra-2010.csv', text);
    // Not 2: the title is the file's line 1, and csv-parse read from line 2.
    expect(err.lines[0]).toMatch(/^ispra-2010\.csv, riga 3: virgolette aperte e mai chiuse/);
  });

  it('say where a JSON file breaks, without JSON.parse’s English', () => {
    const broken = parseCensus('[\n  {"codice": "001001" "x"}\n]');
    expect(broken.errors).toHaveLength(1);
    expect(broken.errors[0]).toMatchObject({
      line: 2,
      reason: 'il file non è un JSON valido: errore al carattere 23 della riga',
    });
    expect(broken.errors[0]!.detail).toMatch(/position 24/);
    expect(parseCensus('[1,]').errors[0]!.reason).toBe(
      'il file non è un JSON valido: controlla virgolette, virgole e parentesi',
    );
    expect(parseCensus('[{"codice": ').errors[0]!.reason).toBe(
      'il file non è un JSON valido: è vuoto, o finisce prima di chiudere le sue parentesi',
    );
    expect(parseCensus('{}').errors[0]!.reason).toBe('il file non è un elenco JSON di comuni');
    expect(parseCensus('[{"codice": "1"}]').errors[0]!.reason).toBe(
      'comune n. 1: il campo «codice» non è un codice ISTAT di 6 cifre',
    );
  });
});
