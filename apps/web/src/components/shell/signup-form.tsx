'use client';

import type { RegistrationBody } from '@portal/contract';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiRequest } from '../../lib/api.client';
import { messages } from '../../lib/messages';
import { getRecaptchaToken } from '../../lib/recaptcha';
import type { AuthFlow } from './auth-flow';
import {
  describedBy,
  emailRules,
  FormErrors,
  FormField,
  PasswordField,
  requiredRule,
  SubmitButton,
  SuccessMessage,
} from './form-parts';
import { useFormSubmit } from './use-form-submit';

/** The form's values: the body without the token, plus the privacy checkbox, which is never sent. */
type SignupValues = Omit<RegistrationBody, 'recaptcha'> & { privacy: boolean };
const FIELDS = ['firstName', 'lastName', 'email1', 'email2', 'password', 'privacy'] as const;

export function SignupForm({ switchTo }: { switchTo(flow: AuthFlow): void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignupValues>({
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
        <FormField id="signup-first-name" label={messages.fields.firstName} error={errors.firstName} required>
          <input
            id="signup-first-name"
            autoComplete="given-name"
            required
            {...describedBy('signup-first-name', errors.firstName)}
            {...register('firstName', requiredRule)}
          />
        </FormField>
        <FormField id="signup-last-name" label={messages.fields.lastName} error={errors.lastName} required>
          <input
            id="signup-last-name"
            autoComplete="family-name"
            required
            {...describedBy('signup-last-name', errors.lastName)}
            {...register('lastName', requiredRule)}
          />
        </FormField>
      </div>
      <FormField id="signup-email1" label={messages.fields.email} error={errors.email1} required>
        <input
          id="signup-email1"
          type="email"
          autoComplete="email"
          required
          {...describedBy('signup-email1', errors.email1)}
          {...register('email1', emailRules)}
        />
      </FormField>
      <FormField id="signup-email2" label={messages.fields.emailConfirm} error={errors.email2} required>
        <input
          id="signup-email2"
          type="email"
          autoComplete="email"
          required
          {...describedBy('signup-email2', errors.email2)}
          {...register('email2', emailRules)}
        />
      </FormField>
      <PasswordField
        id="signup-password"
        label={messages.fields.password}
        error={errors.password}
        autoComplete="new-password"
        registration={register('password', requiredRule)}
      />
      <div className="form-check">
        <input
          id="signup-privacy"
          type="checkbox"
          required
          {...describedBy('signup-privacy', errors.privacy)}
          {...register('privacy', { required: messages.modal.signup.privacyRequired })}
        />
        <label htmlFor="signup-privacy">
          {messages.modal.signup.privacyBefore}
          <Link href="/privacy-policy" target="_blank">
            {messages.modal.signup.privacyLink}
          </Link>
          {messages.modal.signup.privacyAfter}
        </label>
      </div>
      {errors.privacy?.message ? (
        <p className="form-field__error" id="signup-privacy-error">
          {errors.privacy.message}
        </p>
      ) : null}
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
