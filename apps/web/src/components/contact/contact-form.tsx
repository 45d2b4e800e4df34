'use client';

import {
  CONTACT_REASON_LABELS,
  CONTACT_REASONS,
  ContactBodySchema,
  type ContactBody,
} from '@portal/contract';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiRequest } from '../../lib/api.client';
import { messages } from '../../lib/messages';
import { getRecaptchaToken } from '../../lib/recaptcha';
import { contractResolver } from '../shell/contract-resolver';
import {
  CheckboxField,
  FormErrors,
  SelectField,
  SubmitButton,
  SuccessMessage,
  TextField,
} from '../shell/form-parts';
import { useSession } from '../shell/session-provider';
import { useFormSubmit } from '../shell/use-form-submit';

const ContactFormSchema = ContactBodySchema.omit({ recaptcha: true });
/** The form's values: the reason may still be unchosen, the privacy box unticked. */
type ContactValues = Omit<ContactBody, 'recaptcha' | 'reason' | 'privacy'> & {
  reason: ContactBody['reason'] | '';
  privacy: boolean;
};
const REASON_OPTIONS = [
  { value: '', label: messages.fields.reasonPlaceholder },
  ...CONTACT_REASONS.map((value) => ({ value, label: CONTACT_REASON_LABELS[value] })),
];
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
  } = useForm({
    resolver: contractResolver<typeof ContactFormSchema, ContactValues>(ContactFormSchema),
    // The session is found in the browser after the page is shown (the page is shared and cached): the
    // signed-in user's name and email fill the fields then, unless the visitor has typed in them.
    values: blank,
    resetOptions: { keepDirtyValues: true },
  });
  const { run, pending, nonFieldErrors } = useFormSubmit(setError, FIELDS);
  const [sent, setSent] = useState(false);

  const onSubmit = handleSubmit((values) =>
    run(async () => {
      const recaptcha = await getRecaptchaToken('contact');
      await apiRequest('POST', '/api/contact-us/', {
        body: { ...values, recaptcha } satisfies ContactBody,
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
        <TextField
          id="contact-first-name"
          label={messages.fields.firstName}
          autoComplete="given-name"
          required
          error={errors.firstName}
          registration={register('firstName')}
        />
        <TextField
          id="contact-last-name"
          label={messages.fields.lastName}
          autoComplete="family-name"
          required
          error={errors.lastName}
          registration={register('lastName')}
        />
      </div>
      <TextField
        id="contact-email"
        type="email"
        label={messages.fields.email}
        autoComplete="email"
        required
        error={errors.email}
        registration={register('email')}
      />
      <SelectField
        id="contact-reason"
        label={messages.fields.reason}
        options={REASON_OPTIONS}
        required
        error={errors.reason}
        registration={register('reason')}
      />
      <TextField
        id="contact-message"
        label={messages.fields.message}
        multiline
        maxLength={5000}
        required
        error={errors.message}
        registration={register('message')}
      />
      <CheckboxField id="contact-privacy" required error={errors.privacy} registration={register('privacy')}>
        {messages.contact.privacyBefore}
        <Link href="/privacy-policy">{messages.contact.privacyLink}</Link>
        {messages.contact.privacyAfter}
      </CheckboxField>
      <SubmitButton pending={pending}>{messages.contact.submit}</SubmitButton>
      <FormErrors errors={nonFieldErrors} />
    </form>
  );
}
