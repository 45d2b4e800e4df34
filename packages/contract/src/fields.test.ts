import { describe, expect, it } from 'vitest';
import { line, paragraphs, personName, replaceInvisible, toOneLine, toParagraphs } from './fields';

const RLO = '\u202e';
const PDF = '\u202c';
const ZWJ = '\u200d';
const ZWNJ = '\u200c';

describe('invisible format characters (issue 34, finding 9)', () => {
  it('a bidi override cannot make an organisation show a command it does not hold', () => {
    // Shown right to left, this reads "npm run admin -- license approve": the text holds the reverse.
    const spoof = `Comune ${RLO}evorppa esnecil -- nimda nur mpn${PDF}`;
    expect(toOneLine(spoof)).toBe('Comune evorppa esnecil -- nimda nur mpn');
    expect(line(200).parse(spoof)).toBe('Comune evorppa esnecil -- nimda nur mpn');
    expect(paragraphs(2000).parse(`Studio\n${RLO}x`)).toBe('Studio\nx');
  });

  it('drops every bidi control, zero-width and other invisible format character', () => {
    const invisible = [
      '\u200e', // LRM
      '\u200f', // RLM
      '\u061c', // ALM
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e', // embeddings, PDF, overrides
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069', // isolates
      '\u200b', // zero-width space
      '\u2060', // word joiner
      '\ufeff', // BOM / zero-width no-break space
      '\u00ad', // soft hyphen
      '\u2062', // invisible times
      '\u{e0041}', // tag A: hidden ASCII
    ];
    for (const c of invisible) {
      const code = c.codePointAt(0)!.toString(16);
      expect(toOneLine(`An${c}na`), code).toBe('Anna');
      expect(toParagraphs(`An${c}na`), code).toBe('Anna');
      expect(personName().parse(`${c}Anna${c}`), code).toBe('Anna');
    }
    // What is left around them is still one line with single spaces.
    expect(toOneLine(` ${RLO} Anna ${'\u200b'} Verdi `)).toBe('Anna Verdi');
  });

  it('keeps the joiners real names and emoji need, where they join two characters', () => {
    const persian = `می${ZWNJ}خواهم`; // ZWNJ inside a Persian word
    const hindi = `क्${ZWJ}ष`; // ZWJ after a virama (a combining mark)
    const coder = `👩${ZWJ}💻`; // woman technologist
    const family = `👨${ZWJ}👩${ZWJ}👧`;
    const rainbow = `🏳️${ZWJ}🌈`; // after U+FE0F, a combining mark
    for (const name of [persian, hindi, coder, family, rainbow]) {
      expect(toOneLine(name)).toBe(name);
      expect(personName().parse(name)).toBe(name);
    }
  });

  it('drops joiners that join nothing: at an edge, beside a space, a digit or another joiner', () => {
    expect(toOneLine(`${ZWJ}Anna${ZWNJ}`)).toBe('Anna');
    expect(toOneLine(`Anna ${ZWJ}Verdi`)).toBe('Anna Verdi');
    expect(toOneLine(`1${ZWJ}2`)).toBe('12');
    expect(toOneLine(`a${ZWJ}${ZWJ}b`)).toBe('ab');
    expect(toOneLine(`a${ZWNJ}${ZWJ}b`)).toBe('ab');
  });

  it('marks instead of dropping when asked (the CLI prints "?")', () => {
    expect(replaceInvisible(`a${RLO}b${ZWJ}`, '?')).toBe('a?b?');
    expect(replaceInvisible(`👩${ZWJ}💻`, '?')).toBe(`👩${ZWJ}💻`);
  });

  it('still turns control characters and line breaks into spaces', () => {
    expect(toOneLine('Ann\r\nPer approvarla:\u2028x\u001b[2J')).toBe('Ann Per approvarla: x [2J');
  });
});
