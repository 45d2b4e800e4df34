'use client';

import { useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { splitForForm, type NormalizedError } from '../../lib/api-errors';
import { toNormalizedError } from '../../lib/api.client';

/**
 * Runs a form's submit and maps a failure onto it (SPEC §5, §8): the first server message under each
 * field the form shows, everything else in the list below the form. `run` never rejects, so the event
 * handlers that call it leave its promise alone (`onSubmit={(event) => void onSubmit(event)}`).
 */
export function useFormSubmit<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  const [nonFieldErrors, setNonFieldErrors] = useState<string[]>([]);
  const [pending, setPending] = useState(false);

  async function run(action: () => Promise<void>, onError?: (error: NormalizedError) => boolean | void) {
    setNonFieldErrors([]);
    setPending(true);
    try {
      await action();
    } catch (thrown) {
      const error = toNormalizedError(thrown);
      if (onError?.(error) === true) return;
      const split = splitForForm(error, fields);
      for (const [field, message] of Object.entries(split.fieldErrors)) {
        setError(field as Path<T>, { type: 'server', message });
      }
      setNonFieldErrors(split.nonFieldErrors);
    } finally {
      setPending(false);
    }
  }

  return { run, pending, nonFieldErrors, setNonFieldErrors };
}
