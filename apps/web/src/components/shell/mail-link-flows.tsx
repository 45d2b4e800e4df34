'use client';

import type { PasswordResetConfirmBody } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiRequest } from '../../lib/api.client';
import { messages } from '../../lib/messages';
import type { AuthFlow } from './auth-flow';
import { describedBy, FormErrors, FormField, requiredRule, SubmitButton, SuccessMessage } from './form-parts';
import { useFormSubmit } from './use-form-submit';

/** A verification key is single use: one request per key, even if the panel mounts twice. */
const verifications = new Map<string, Promise<boolean>>();

function verify(key: string): Promise<boolean> {
  let pending = verifications.get(key);
  if (!pending) {
    pending = apiRequest('POST', '/api/registration/verify-email/', { body: { key } }).then(
      () => true,
      () => false,
    );
    verifications.set(key, pending);
  }
  return pending;
}

/** ?flow=verify-email&key=…: confirms the address, then offers the login. */
export function VerifyEmailPanel({
  verificationKey,
  switchTo,
}: {
  verificationKey: string;
  switchTo(flow: AuthFlow): void;
}) {
  const [state, setState] = useState<'pending' | 'ok' | 'error'>('pending');
  useEffect(() => {
    let cancelled = false;
    void verify(verificationKey).then((ok) => {
      if (!cancelled) setState(ok ? 'ok' : 'error');
    });
    return () => {
      cancelled = true;
    };
  }, [verificationKey]);

  return (
    <div className="auth-form">
      {state === 'pending' ? <p role="status">{messages.modal.verifyEmail.pending}</p> : null}
      {state === 'ok' ? <SuccessMessage>{messages.modal.verifyEmail.success}</SuccessMessage> : null}
      {state === 'error' ? <FormErrors errors={[messages.modal.verifyEmail.error]} /> : null}
      {state !== 'pending' ? (
        <p>
          <button type="button" className="button button--block" onClick={() => switchTo('login')}>
            {messages.modal.verifyEmail.toLogin}
          </button>
        </p>
      ) : null}
    </div>
  );
}

type ResetValues = Pick<PasswordResetConfirmBody, 'newPassword1' | 'newPassword2'>;
const FIELDS = ['newPassword1', 'newPassword2'] as const;

/** ?flow=password-reset&uid=…&token=…: the new password form. */
export function PasswordResetForm({
  uid,
  token,
  switchTo,
}: {
  uid: string;
  token: string;
  switchTo(flow: AuthFlow): void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetValues>({ defaultValues: { newPassword1: '', newPassword2: '' } });
  const { run, pending, nonFieldErrors } = useFormSubmit(setError, FIELDS);
  const [done, setDone] = useState(false);

  const onSubmit = handleSubmit((values) =>
    run(async () => {
      await apiRequest('POST', '/api/auth/password/reset/confirm/', {
        body: { uid, token, ...values } satisfies PasswordResetConfirmBody,
      });
      setDone(true);
    }),
  );

  if (done) {
    return (
      <div className="auth-form">
        <SuccessMessage>{messages.modal.passwordReset.success}</SuccessMessage>
        <p>
          <button type="button" className="button button--block" onClick={() => switchTo('login')}>
            {messages.modal.passwordReset.toLogin}
          </button>
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <FormField
        id="reset-password1"
        label={messages.fields.newPassword1}
        error={errors.newPassword1}
        required
      >
        <input
          id="reset-password1"
          type="password"
          autoComplete="new-password"
          required
          {...describedBy('reset-password1', errors.newPassword1)}
          {...register('newPassword1', requiredRule)}
        />
      </FormField>
      <FormField
        id="reset-password2"
        label={messages.fields.newPassword2}
        error={errors.newPassword2}
        required
      >
        <input
          id="reset-password2"
          type="password"
          autoComplete="new-password"
          required
          {...describedBy('reset-password2', errors.newPassword2)}
          {...register('newPassword2', requiredRule)}
        />
      </FormField>
      <SubmitButton pending={pending}>{messages.modal.passwordReset.submit}</SubmitButton>
      <FormErrors errors={nonFieldErrors} />
    </form>
  );
}
