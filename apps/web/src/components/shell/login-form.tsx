'use client';

import { LoginBodySchema, LoginResponseSchema, type LoginBody } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isUnverifiedEmailError } from '../../lib/api-errors';
import { apiRequest } from '../../lib/api.client';
import { messages } from '../../lib/messages';
import { getRecaptchaToken } from '../../lib/recaptcha';
import type { AuthFlow } from './auth-flow';
import { contractResolver } from './contract-resolver';
import { FormErrors, SubmitButton, SuccessMessage, TextField } from './form-parts';
import { useSession } from './session-provider';
import { useFormSubmit } from './use-form-submit';

const FIELDS = ['email', 'password'] as const;

export function LoginForm({ onSignedIn, switchTo }: { onSignedIn(): void; switchTo(flow: AuthFlow): void }) {
  const { signIn } = useSession();
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm({ resolver: contractResolver(LoginBodySchema), defaultValues: { email: '', password: '' } });
  const { run, pending, nonFieldErrors } = useFormSubmit(setError, FIELDS);
  const [unverified, setUnverified] = useState(false);
  const [resent, setResent] = useState(false);

  const onSubmit = handleSubmit((values) =>
    run(
      async () => {
        setUnverified(false);
        setResent(false);
        const recaptcha = await getRecaptchaToken('login');
        // The answer sets the HttpOnly session cookie; its {key} is for API clients, not kept here.
        await apiRequest('POST', '/api/auth/login/', {
          body: { ...values, recaptcha } satisfies LoginBody,
          schema: LoginResponseSchema,
        });
        await signIn();
        onSignedIn();
      },
      (error) => {
        if (isUnverifiedEmailError(error)) setUnverified(true);
      },
    ),
  );

  const resend = () =>
    void run(async () => {
      await apiRequest('POST', '/api/registration/resend-email/', { body: { email: getValues('email') } });
      setResent(true);
    });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="auth-form">
      <p className="auth-form__intro">{messages.modal.login.intro}</p>
      <TextField
        id="login-email"
        type="email"
        label={messages.fields.email}
        autoComplete="email"
        required
        error={errors.email}
        registration={register('email')}
      />
      <TextField
        id="login-password"
        type="password"
        label={messages.fields.password}
        autoComplete="current-password"
        required
        error={errors.password}
        registration={register('password')}
      />
      <p className="auth-form__aside">
        <button type="button" className="link-button" onClick={() => switchTo('passwordforgotten')}>
          {messages.modal.login.forgotten}
        </button>
      </p>
      <SubmitButton pending={pending}>{messages.modal.login.submit}</SubmitButton>
      <FormErrors errors={nonFieldErrors} />
      {unverified && !resent ? (
        <p className="auth-form__resend">
          <button type="button" className="link-button" onClick={resend}>
            {messages.modal.login.resend}
          </button>
        </p>
      ) : null}
      {resent ? <SuccessMessage>{messages.modal.login.resent}</SuccessMessage> : null}
      <p className="auth-form__switch">
        {messages.modal.login.noAccount}{' '}
        <button type="button" className="link-button" onClick={() => switchTo('signup')}>
          {messages.modal.login.toSignup}
        </button>
      </p>
    </form>
  );
}
