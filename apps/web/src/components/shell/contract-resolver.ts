import { zodResolver } from '@hookform/resolvers/zod';
import { messageText } from '@portal/contract';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

const isBlank = (value: unknown) => typeof value === 'string' && value.trim() === '';

/**
 * react-hook-form's resolver for a form validated by a contract schema: the same rules, limits and
 * Italian messages as the API, and the submit receives the schema's output (trimmed, one-line names).
 * One difference: an empty input is a missing answer to whoever fills in the form, so its message is
 * the contract's "Questo campo è obbligatorio." rather than "Questo campo non può essere vuoto.", which
 * the API gives for a blank string sent. `Values` is the form's own shape where it is looser than the
 * schema's input (a select still unchosen, a box still unticked).
 */
export function contractResolver<
  S extends z.ZodType<FieldValues, FieldValues>,
  Values extends FieldValues = z.input<S>,
>(schema: S): Resolver<Values, unknown, z.output<S>> {
  const resolve = zodResolver(schema) as unknown as Resolver<Values, unknown, z.output<S>>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const errors = Object.fromEntries(
      Object.entries(result.errors).map(([name, error]) => [
        name,
        isBlank(values[name]) ? { ...error, message: messageText('required') } : error,
      ]),
    ) as FieldErrors<Values>;
    return { values: {}, errors };
  };
}
