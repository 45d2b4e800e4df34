import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REFERENCE_FILES, referenceDataset } from './reference';
import type { SourceFile } from './types';

const DATA = fileURLToPath(new URL('../../../../data/reference/', import.meta.url));
const FUSIONI = 'comuni-fusioni-2010-2023.csv';

/** The bundled reference folder, with another text for the list of mergers. */
function parseWith(fusioni: string) {
  const files = REFERENCE_FILES.map((name) => ({
    path: DATA + name,
    name,
    text: name === FUSIONI ? fusioni : readFileSync(DATA + name, 'utf8'),
  }));
  return referenceDataset.parse(files as [SourceFile, ...SourceFile[]]);
}

describe('reference: the list of mergers and its "complete" column (decision 073)', () => {
  it('reads the column, true or false, the same for the bundled file', () => {
    const { data, errors } = parseWith(readFileSync(DATA + FUSIONI, 'utf8'));
    expect(errors).toEqual([]);
    const amblar = data[FUSIONI].find((d) => d.id === '022004');
    const bazzano = data[FUSIONI].find((d) => d.id === '037004');
    expect(amblar).toMatchObject({ mergedInto: '022237', complete: false });
    expect(bazzano).toMatchObject({ mergedInto: '037061', complete: true });
  });

  it("takes a file without the column (older, or ISTAT's own list) as complete", () => {
    const { data, errors } = parseWith('id,name,merged_into,year\n022004,Amblar,022237,2016\n');
    expect(errors).toEqual([]);
    expect(data[FUSIONI]).toEqual([
      { id: '022004', name: 'Amblar', mergedInto: '022237', year: 2016, complete: true },
    ]);
    expect(data['comuni-soppressi.csv'].every((d) => d.complete)).toBe(true);
  });

  it('refuses a value that is neither true nor false', () => {
    const { errors } = parseWith('id,name,merged_into,year,complete\n022004,Amblar,022237,2016,forse\n');
    expect(errors).toEqual([expect.objectContaining({ line: 2, reason: expect.stringContaining('forse') })]);
  });
});
