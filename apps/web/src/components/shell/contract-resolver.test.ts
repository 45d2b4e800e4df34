import { ContactBodySchema, LoginBodySchema, messageText, UserPatchSchema } from '@portal/contract';

const FIELD_MESSAGES = {
  required: messageText('required'),
  noLinks: messageText('noLinks'),
};
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { contractResolver } from './contract-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<never>;

async function resolve(schema: Parameters<typeof contractResolver>[0], values: Record<string, unknown>) {
  const result = await contractResolver(schema)(values, undefined, options as never);
  const messages = Object.fromEntries(Object.entries(result.errors).map(([k, e]) => [k, e?.message]));
  return { values: result.values as Record<string, unknown>, messages };
}

describe('contractResolver', () => {
  it('says an empty or blank input is required, not blank', async () => {
    const { messages } = await resolve(LoginBodySchema, { email: '   ', password: '' });
    expect(messages).toEqual({ email: FIELD_MESSAGES.required, password: FIELD_MESSAGES.required });
  });

  it("keeps the contract's other messages", async () => {
    const { messages } = await resolve(LoginBodySchema, { email: 'not-an-address', password: 'x' });
    expect(messages).toEqual({ email: 'Inserisci un indirizzo email valido.' });
    const contact = await resolve(ContactBodySchema.omit({ recaptcha: true }), {
      firstName: 'Anna',
      lastName: 'www.example.it',
      email: 'anna@example.it',
      reason: '',
      message: 'Ciao',
      privacy: false,
    });
    expect(contact.messages).toEqual({
      lastName: FIELD_MESSAGES.noLinks,
      reason: FIELD_MESSAGES.required,
      privacy: 'Prima di inviare, conferma di aver letto e accettato la nostra Privacy Policy.',
    });
  });

  it("hands the submit the schema's output, blank optional fields kept", async () => {
    const { values, messages } = await resolve(UserPatchSchema.required(), {
      firstName: ' Anna ',
      lastName: 'Rossi',
      organization: '',
      organizationType: '',
      role: '',
      intendedUse: '',
    });
    expect(messages).toEqual({});
    expect(values).toEqual({
      firstName: 'Anna',
      lastName: 'Rossi',
      organization: '',
      organizationType: '',
      role: '',
      intendedUse: '',
    });
  });
});
