'use client';

import {
  CONTACT_REASON_LABELS,
  CONTACT_REASONS,
  PRIVACY_REQUIRED_MESSAGE,
  type ContactBody,
} from '@portal/contract';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiRequest } from '../../lib/api.client';
import { messages } from '../../lib/messages';
import { getRecaptchaToken } from '../../lib/recaptcha';
import {
  describedBy,
  emailRules,
  FormErrors,
  FormField,
  requiredRule,
  SubmitButton,
  SuccessMessage,
} from '../shell/form-parts';
import { useSession } from '../shell/session-provider';
import { useFormSubmit } from '../shell/use-form-submit';

/** The form's values: the reason may still be unchosen, the privacy box unticked. */
type ContactValues = Omit<ContactBody, 'recaptcha' | 'reason' | 'privacy'> & {
  reason: ContactBody['reason'] | '';
  privacy: boolean;
};
const FIELDS = ['firstName', 'lastName', 'email', 'reason', 'message', 'privacy'] as const;

export function ContactForm() {
  const { user } = useSession();
  const blank: ContactValues = {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    reason: '',
    message: '',
    privacy: false,
  };
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ContactValues>({ defaultValues: blank });
  const { run, pending, nonFieldErrors } = useFormSubmit(setError, FIELDS);
  const [sent, setSent] = useState(false);

  const onSubmit = handleSubmit(({ reason, ...values }) =>
    run(async () => {
      if (!reason) return;
      const recaptcha = await getRecaptchaToken('contact');
      await apiRequest('POST', '/api/contact-us/', {
        body: { ...values, reason, privacy: true, recaptcha } satisfies ContactBody,
      });
      reset(blank);
      setSent(true);
    }),
  );

  if (sent) {
    return (
      <div className="page-form">
        <SuccessMessage>
          <p>{messages.success.requestSent}</p>
        </SuccessMessage>
        <button type="button" className="button button--outline" onClick={() => setSent(false)}>
          {messages.contact.sendAnother}
        </button>
      </div>
    );
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="page-form"
      aria-label={messages.contact.title}
    >
      <div className="form-row">
        <FormField
          id="contact-first-name"
          label={messages.fields.firstName}
          error={errors.firstName}
          required
        >
          <input
            id="contact-first-name"
            autoComplete="given-name"
            required
            {...describedBy('contact-first-name', errors.firstName)}
            {...register('firstName', requiredRule)}
          />
        </FormField>
        <FormField id="contact-last-name" label={messages.fields.lastName} error={errors.lastName} required>
          <input
            id="contact-last-name"
            autoComplete="family-name"
            required
            {...describedBy('contact-last-name', errors.lastName)}
            {...register('lastName', requiredRule)}
          />
        </FormField>
      </div>
      <FormField id="contact-email" label={messages.fields.email} error={errors.email} required>
        <input
          id="contact-email"
          type="email"
          autoComplete="email"
          required
          {...describedBy('contact-email', errors.email)}
          {...register('email', emailRules)}
        />
      </FormField>
      <FormField id="contact-reason" label={messages.fields.reason} error={errors.reason} required>
        <select
          id="contact-reason"
          required
          {...describedBy('contact-reason', errors.reason)}
          {...register('reason', requiredRule)}
        >
          <option value="">{messages.fields.reasonPlaceholder}</option>
          {CONTACT_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {CONTACT_REASON_LABELS[reason]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="contact-message" label={messages.fields.message} error={errors.message} required>
        <textarea
          id="contact-message"
          required
          maxLength={5000}
          {...describedBy('contact-message', errors.message)}
          {...register('message', requiredRule)}
        />
      </FormField>
      <div className="form-check">
        <input
          id="contact-privacy"
          type="checkbox"
          required
          {...describedBy('contact-privacy', errors.privacy)}
          {...register('privacy', { required: PRIVACY_REQUIRED_MESSAGE })}
        />
        <label htmlFor="contact-privacy">
          {messages.contact.privacyBefore}
          <Link href="/privacy-policy">{messages.contact.privacyLink}</Link>
          {messages.contact.privacyAfter}
        </label>
      </div>
      {errors.privacy?.message ? (
        <p className="form-field__error" id="contact-privacy-error">
          {errors.privacy.message}
        </p>
      ) : null}
      <SubmitButton pending={pending}>{messages.contact.submit}</SubmitButton>
      <FormErrors errors={nonFieldErrors} />
    </form>
  );
}
