import { describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGES } from '@portal/contract';
import { M, MESSAGES, parseLang, t, type MessageKey } from './i18n';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

/** Keys whose English text is rightly the Italian one. */
const SAME_IN_BOTH = new Set<MessageKey>(['ok']);

describe('the message catalogue', () => {
  const keys = Object.keys(MESSAGES) as MessageKey[];

  it('holds the contract messages and the API messages, no key in both', () => {
    expect(keys.length).toBe(Object.keys(CONTRACT_MESSAGES).length + Object.keys(M).length);
    for (const key of Object.keys(CONTRACT_MESSAGES)) expect(Object.hasOwn(M, key), key).toBe(false);
  });

  it.each(keys)('%s: Italian and English, non-empty, trimmed, with the same placeholders', (key) => {
    const { it: italian, en: english } = MESSAGES[key];
    for (const text of [italian, english]) {
      expect(text.trim(), key).not.toBe('');
      expect(text, key).toBe(text.trim());
    }
    expect(placeholders(english), key).toEqual(placeholders(italian));
    if (SAME_IN_BOTH.has(key)) expect(english).toBe(italian);
    else expect(english, key).not.toBe(italian);
  });

  it('renders parameters, nested messages in the same language', () => {
    const wait = { key: 'waitMinutes', params: { n: 5 } } as const;
    expect(t('it', 'throttled', { wait })).toBe('Troppe richieste, riprova tra 5 minuti.');
    expect(t('en', 'throttled', { wait })).toBe('Too many requests, try again in 5 minutes.');
    expect(t('en', 'maxLength', { max: 50 })).toBe('Ensure this field has no more than 50 characters.');
  });

  it('takes the language from Accept-Language, Italian by default', () => {
    expect(parseLang(undefined)).toBe('it');
    expect(parseLang('en')).toBe('en');
    expect(parseLang('en-GB,en;q=0.9')).toBe('en');
    expect(parseLang('de, en;q=0.5, it;q=0.8')).toBe('it');
    expect(parseLang('de')).toBe('it');
  });
});
