'use client';

import type { ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { messages } from '../../lib/messages';

/** Label, control and the field's first error (client rule or server message), wired for screen readers. */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: FieldError | string;
  /** The control carries `required` itself; kept for readability at the call site. */
  required?: boolean;
  children: ReactNode;
}) {
  const message = typeof error === 'string' ? error : error?.message;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">
        {label}
      </label>
      {children}
      {message ? (
        <p className="form-field__error" id={`${id}-error`}>
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** aria attributes of a control whose field may show an error. */
export function describedBy(id: string, error: unknown) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

/** A required password input in its field: every password of the portal's forms is this one. */
export function PasswordField({
  id,
  label,
  error,
  autoComplete,
  registration,
}: {
  id: string;
  label: string;
  error?: FieldError;
  autoComplete: 'current-password' | 'new-password';
  /** react-hook-form's register(name, rules) of the field. */
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} error={error} required>
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        required
        {...describedBy(id, error)}
        {...registration}
      />
    </FormField>
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

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const requiredRule = { required: messages.fields.required } as const;
export const emailRules = {
  required: messages.fields.required,
  pattern: { value: EMAIL_PATTERN, message: messages.fields.invalidEmail },
} as const;
