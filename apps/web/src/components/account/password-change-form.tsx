'use client';

import { PasswordChangeResponseSchema, type PasswordChangeBody } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiRequest } from '../../lib/api.client';
import { FormErrors, PasswordField, requiredRule, SubmitButton, SuccessMessage } from '../shell/form-parts';
import { useSession } from '../shell/session-provider';
import { useFormSubmit } from '../shell/use-form-submit';
import { accountMessages } from './messages';

const FIELDS = ['oldPassword', 'newPassword1', 'newPassword2'] as const;
const BLANK: PasswordChangeBody = { oldPassword: '', newPassword1: '', newPassword2: '' };
const text = accountMessages.password;

/**
 * "Password" on /profilo: POST /api/auth/password/change/. Every session of the user ends there, this
 * one included; the new key the API returns becomes this browser's session.
 */
export function PasswordChangeForm() {
  const { user, signIn } = useSession();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordChangeBody>({ defaultValues: BLANK });
  const { run, pending, nonFieldErrors } = useFormSubmit(setError, FIELDS);
  const [done, setDone] = useState(false);

  const onSubmit = handleSubmit((values) =>
    run(async () => {
      setDone(false);
      const { key } = await apiRequest('POST', '/api/auth/password/change/', {
        body: values satisfies PasswordChangeBody,
        schema: PasswordChangeResponseSchema,
      });
      reset(BLANK);
      setDone(true);
      await signIn(key);
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
        <PasswordField
          id="password-old"
          label={text.oldPassword}
          error={errors.oldPassword}
          autoComplete="current-password"
          registration={register('oldPassword', requiredRule)}
        />
        <PasswordField
          id="password-new1"
          label={text.newPassword1}
          error={errors.newPassword1}
          autoComplete="new-password"
          registration={register('newPassword1', requiredRule)}
        />
        <PasswordField
          id="password-new2"
          label={text.newPassword2}
          error={errors.newPassword2}
          autoComplete="new-password"
          registration={register('newPassword2', requiredRule)}
        />
        <SubmitButton pending={pending}>{text.submit}</SubmitButton>
        <FormErrors errors={nonFieldErrors} />
        {done ? <SuccessMessage>{text.done}</SuccessMessage> : null}
      </form>
    </section>
  );
}
