import { describe, expect, it } from 'vitest';
import { packChoices, unpackChoices, type AreaChoice } from './area-choices';

describe('packed area choices', () => {
  it('unpacks what was packed, in order', () => {
    const choices: AreaChoice[] = [
      ['001001', 'Agliè'],
      ['001004', "Albiano d'Ivrea"],
      ['001005', 'Alice Superiore (non più esistente)'],
      ['007003', 'Aosta / Aoste'],
    ];
    expect(unpackChoices(packChoices(choices))).toEqual(choices);
  });

  it('packs nothing as an empty list', () => {
    expect(packChoices([])).toBe('');
    expect(unpackChoices('')).toEqual([]);
  });

  it('keeps one line per choice even when a label holds a tab or a newline', () => {
    expect(
      unpackChoices(
        packChoices([
          ['01', 'Piemonte\n'],
          ['02', 'Valle\td'],
        ]),
      ),
    ).toEqual([
      ['01', 'Piemonte '],
      ['02', 'Valle d'],
    ]);
  });

  it('is a fifth smaller than JSON pairs, as the page carries them (a string inside a script)', () => {
    const choices: AreaChoice[] = Array.from({ length: 300 }, (_, i) => [
      `001${String(i).padStart(3, '0')}`,
      `Comune ${i}`,
    ]);
    const inPage = (props: unknown) => JSON.stringify(JSON.stringify(props)).length;
    expect(inPage(packChoices(choices))).toBeLessThan(inPage(choices) * 0.8);
  });
});
