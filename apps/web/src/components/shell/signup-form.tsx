'use client';

import { RegistrationBodySchema, type RegistrationBody } from '@portal/contract';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { apiRequest } from '../../lib/api.client';
import { messages } from '../../lib/messages';
import { getRecaptchaToken } from '../../lib/recaptcha';
import type { AuthFlow } from './auth-flow';
import { contractResolver } from './contract-resolver';
import { CheckboxField, FormErrors, SubmitButton, SuccessMessage, TextField } from './form-parts';
import { useFormSubmit } from './use-form-submit';

/** The body without the token, plus the privacy checkbox, which must be ticked and is never sent. */
const SignupFormSchema = RegistrationBodySchema.omit({ recaptcha: true }).extend({
  privacy: z.literal(true, { error: () => messages.modal.signup.privacyRequired }),
});
/** The form's values: the box may still be unticked. */
type SignupValues = Omit<z.input<typeof SignupFormSchema>, 'privacy'> & { privacy: boolean };
const FIELDS = ['firstName', 'lastName', 'email1', 'email2', 'password', 'privacy'] as const;

export function SignupForm({ switchTo }: { switchTo(flow: AuthFlow): void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: contractResolver<typeof SignupFormSchema, SignupValues>(SignupFormSchema),
    defaultValues: { firstName: '', lastName: '', email1: '', email2: '', password: '', privacy: false },
  });
  const { run, pending, nonFieldErrors } = useFormSubmit(setError, FIELDS);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resent, setResent] = useState(false);

  const onSubmit = handleSubmit(({ privacy: _privacy, ...values }) =>
    run(async () => {
      const recaptcha = await getRecaptchaToken('signup');
      await apiRequest('POST', '/api/registration/', {
        body: { ...values, recaptcha } satisfies RegistrationBody,
      });
      setSentTo(values.email1);
    }),
  );

  if (sentTo) {
    const resend = () =>
      void run(async () => {
        await apiRequest('POST', '/api/registration/resend-email/', { body: { email: sentTo } });
        setResent(true);
      });
    return (
      <div className="auth-form">
        <SuccessMessage>
          <h3 className="form-success__title">{messages.modal.signup.successTitle}</h3>
          <p>{messages.modal.signup.success(sentTo)}</p>
        </SuccessMessage>
        {resent ? (
          <p role="status">{messages.modal.signup.resent}</p>
        ) : (
          <p>
            <button type="button" className="link-button" onClick={resend} disabled={pending}>
              {messages.modal.signup.resend}
            </button>
          </p>
        )}
        <FormErrors errors={nonFieldErrors} />
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="auth-form">
      <p className="auth-form__intro">{messages.modal.signup.intro}</p>
      <div className="form-row">
        <TextField
          id="signup-first-name"
          label={messages.fields.firstName}
          autoComplete="given-name"
          required
          error={errors.firstName}
          registration={register('firstName')}
        />
        <TextField
          id="signup-last-name"
          label={messages.fields.lastName}
          autoComplete="family-name"
          required
          error={errors.lastName}
          registration={register('lastName')}
        />
      </div>
      <TextField
        id="signup-email1"
        type="email"
        label={messages.fields.email}
        autoComplete="email"
        required
        error={errors.email1}
        registration={register('email1')}
      />
      <TextField
        id="signup-email2"
        type="email"
        label={messages.fields.emailConfirm}
        autoComplete="email"
        required
        error={errors.email2}
        registration={register('email2')}
      />
      <TextField
        id="signup-password"
        type="password"
        label={messages.fields.password}
        autoComplete="new-password"
        required
        error={errors.password}
        registration={register('password')}
      />
      <CheckboxField id="signup-privacy" required error={errors.privacy} registration={register('privacy')}>
        {messages.modal.signup.privacyBefore}
        <Link href="/privacy-policy" target="_blank">
          {messages.modal.signup.privacyLink}
        </Link>
        {messages.modal.signup.privacyAfter}
      </CheckboxField>
      <SubmitButton pending={pending}>{messages.modal.signup.submit}</SubmitButton>
      <FormErrors errors={nonFieldErrors} />
      <p className="auth-form__switch">
        {messages.modal.signup.haveAccount}{' '}
        <button type="button" className="link-button" onClick={() => switchTo('login')}>
          {messages.modal.signup.toLogin}
        </button>
      </p>
    </form>
  );
}
