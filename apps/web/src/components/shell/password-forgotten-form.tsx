'use client';

import { PasswordResetBodySchema, type PasswordResetBody } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiRequest } from '../../lib/api.client';
import { messages } from '../../lib/messages';
import { getRecaptchaToken } from '../../lib/recaptcha';
import type { AuthFlow } from './auth-flow';
import { contractResolver } from './contract-resolver';
import { FormErrors, SubmitButton, SuccessMessage, TextField } from './form-parts';
import { useFormSubmit } from './use-form-submit';

const FIELDS = ['email'] as const;

export function PasswordForgottenForm({ switchTo }: { switchTo(flow: AuthFlow): void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: contractResolver(PasswordResetBodySchema), defaultValues: { email: '' } });
  const { run, pending, nonFieldErrors } = useFormSubmit(setError, FIELDS);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resent, setResent] = useState(false);

  const send = async (email: string) => {
    const recaptcha = await getRecaptchaToken('passwordforgotten');
    await apiRequest('POST', '/api/auth/password/reset/', {
      body: { email, recaptcha } satisfies PasswordResetBody,
    });
  };

  const onSubmit = handleSubmit(({ email }) =>
    run(async () => {
      await send(email);
      setSentTo(email);
    }),
  );

  if (sentTo) {
    return (
      <div className="auth-form">
        <SuccessMessage>
          <h3 className="form-success__title">{messages.modal.passwordForgotten.successTitle}</h3>
          <p>{messages.modal.passwordForgotten.success(sentTo)}</p>
        </SuccessMessage>
        {resent ? (
          <p role="status">{messages.modal.passwordForgotten.resent}</p>
        ) : (
          <p>
            <button
              type="button"
              className="link-button"
              disabled={pending}
              onClick={() =>
                void run(async () => {
                  await send(sentTo);
                  setResent(true);
                })
              }
            >
              {messages.modal.passwordForgotten.resend}
            </button>
          </p>
        )}
        <FormErrors errors={nonFieldErrors} />
        <p>
          <button type="button" className="button button--block" onClick={() => switchTo('login')}>
            {messages.modal.passwordForgotten.backToLogin}
          </button>
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="auth-form">
      <p className="auth-form__intro">{messages.modal.passwordForgotten.intro}</p>
      <TextField
        id="forgotten-email"
        type="email"
        label={messages.fields.email}
        autoComplete="email"
        required
        error={errors.email}
        registration={register('email')}
      />
      <SubmitButton pending={pending}>{messages.modal.passwordForgotten.submit}</SubmitButton>
      <FormErrors errors={nonFieldErrors} />
      <p className="auth-form__switch">
        <button type="button" className="link-button" onClick={() => switchTo('login')}>
          {messages.modal.passwordForgotten.backToLogin}
        </button>
      </p>
    </form>
  );
}
