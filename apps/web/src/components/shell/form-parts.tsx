'use client';

import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { messages } from '../../lib/messages';

interface FieldProps {
  id: string;
  label: string;
  /** The field's first error: the contract's rule (contractResolver) or the server's message. */
  error?: FieldError | string;
  /** A line under the control, read with it by screen readers. */
  hint?: ReactNode;
  required?: boolean;
  /** react-hook-form's register(name) of the field. */
  registration: UseFormRegisterReturn;
}

const errorText = (error: FieldError | string | undefined) =>
  typeof error === 'string' ? error : error?.message;

/** aria attributes of a control with its hint and its error, if any. */
function describedBy(id: string, hint: boolean, error: boolean) {
  const ids = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return { 'aria-invalid': error || undefined, 'aria-describedby': ids || undefined };
}

/** Label, control, hint and error, wired for screen readers: the frame of every field of the forms. */
function Field({
  id,
  label,
  hint,
  error,
  children,
}: Pick<FieldProps, 'id' | 'label' | 'hint'> & { error?: string; children: ReactNode }) {
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      {children}
      {hint ? (
        <p className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="form-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A text, email or password input, or a textarea (`multiline`), in its field. */
export function TextField({
  type = 'text',
  autoComplete,
  multiline = false,
  maxLength,
  ...field
}: FieldProps & {
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  multiline?: boolean;
  maxLength?: number;
}) {
  const error = errorText(field.error);
  const control = {
    id: field.id,
    required: field.required,
    maxLength,
    ...describedBy(field.id, Boolean(field.hint), Boolean(error)),
    ...field.registration,
  };
  return (
    <Field id={field.id} label={field.label} hint={field.hint} error={error}>
      {multiline ? <textarea {...control} /> : <input type={type} autoComplete={autoComplete} {...control} />}
    </Field>
  );
}

/** A select in its field. */
export function SelectField({
  options,
  ...field
}: FieldProps & { options: readonly { value: string; label: string }[] }) {
  const error = errorText(field.error);
  return (
    <Field id={field.id} label={field.label} hint={field.hint} error={error}>
      <select
        id={field.id}
        required={field.required}
        {...describedBy(field.id, Boolean(field.hint), Boolean(error))}
        {...field.registration}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A checkbox with its label (which may hold links) beside it, and its error under both. */
export function CheckboxField({
  id,
  error,
  registration,
  required,
  children,
}: Omit<FieldProps, 'label' | 'hint'> & { children: ReactNode }) {
  const message = errorText(error);
  return (
    <>
      <div className="form-check">
        <input
          id={id}
          type="checkbox"
          required={required}
          {...describedBy(id, false, Boolean(message))}
          {...registration}
        />
        <label htmlFor={id}>{children}</label>
      </div>
      {message ? (
        <p className="form-field__error" id={`${id}-error`}>
          {message}
        </p>
      ) : null}
    </>
  );
}

/** The non-field errors, below the form (SPEC §5). */
export function FormErrors({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="form-errors" role="alert">
      <ul>
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    </div>
  );
}

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button--block" disabled={pending} aria-busy={pending}>
      {pending ? messages.fields.sending : children}
    </button>
  );
}

export function SuccessMessage({ children }: { children: ReactNode }) {
  return (
    <div className="form-success" role="status">
      {children}
    </div>
  );
}
