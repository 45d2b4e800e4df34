'use client';

import {
  PasswordChangeBodySchema,
  PasswordChangeResponseSchema,
  type PasswordChangeBody,
} from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiRequest } from '../../lib/api.client';
import { contractResolver } from '../shell/contract-resolver';
import { FormErrors, SubmitButton, SuccessMessage, TextField } from '../shell/form-parts';
import { useSession } from '../shell/session-provider';
import { useFormSubmit } from '../shell/use-form-submit';
import { accountMessages } from './messages';

const FIELDS = ['oldPassword', 'newPassword1', 'newPassword2'] as const;
const BLANK: PasswordChangeBody = { oldPassword: '', newPassword1: '', newPassword2: '' };
const text = accountMessages.password;

/**
 * "Password" on /profilo: POST /api/auth/password/change/. Every session of the user ends there, this
 * one included; the new session the API starts (its answer sets the cookie) becomes this browser's.
 */
export function PasswordChangeForm() {
  const { user, signIn } = useSession();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: contractResolver(PasswordChangeBodySchema), defaultValues: BLANK });
  const { run, pending, nonFieldErrors } = useFormSubmit(setError, FIELDS);
  const [done, setDone] = useState(false);

  const onSubmit = handleSubmit((values) =>
    run(async () => {
      setDone(false);
      // The answer sets this browser's new session cookie; its key is for API clients.
      await apiRequest('POST', '/api/auth/password/change/', {
        body: values satisfies PasswordChangeBody,
        schema: PasswordChangeResponseSchema,
      });
      reset(BLANK);
      setDone(true);
      await signIn();
    }),
  );

  if (!user) return null;
  return (
    <section id="password-section" className="page-section" aria-labelledby="password-title">
      <h2 id="password-title">{text.title}</h2>
      <p>{text.intro}</p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="page-form">
        {/* Lets password managers tie the new password to the account. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <TextField
          id="password-old"
          type="password"
          label={text.oldPassword}
          autoComplete="current-password"
          required
          error={errors.oldPassword}
          registration={register('oldPassword')}
        />
        <TextField
          id="password-new1"
          type="password"
          label={text.newPassword1}
          autoComplete="new-password"
          required
          error={errors.newPassword1}
          registration={register('newPassword1')}
        />
        <TextField
          id="password-new2"
          type="password"
          label={text.newPassword2}
          autoComplete="new-password"
          required
          error={errors.newPassword2}
          registration={register('newPassword2')}
        />
        <SubmitButton pending={pending}>{text.submit}</SubmitButton>
        <FormErrors errors={nonFieldErrors} />
        {done ? <SuccessMessage>{text.done}</SuccessMessage> : null}
      </form>
    </section>
  );
}
