'use client';

import { EmailChangeBodySchema, type EmailChangeBody } from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiRequest } from '../../lib/api.client';
import { contractResolver } from '../shell/contract-resolver';
import { FormErrors, SubmitButton, SuccessMessage, TextField } from '../shell/form-parts';
import { useSession } from '../shell/session-provider';
import { useFormSubmit } from '../shell/use-form-submit';
import styles from './account.module.css';
import { accountMessages } from './messages';

const FIELDS = ['newEmail', 'password'] as const;
const BLANK: EmailChangeBody = { newEmail: '', password: '' };
const text = accountMessages.email;

/**
 * "Indirizzo email" on /profilo: POST /api/auth/email/change/. Nothing changes until the link mailed to
 * the new address is opened (?flow=email-change); the answer is the same whether or not the new address
 * can be used, and so is what this form says.
 */
export function EmailChangeForm() {
  const { user } = useSession();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({ resolver: contractResolver(EmailChangeBodySchema), defaultValues: BLANK });
  const { run, pending, nonFieldErrors } = useFormSubmit(setError, FIELDS);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = handleSubmit((values) =>
    run(async () => {
      setSentTo(null);
      await apiRequest('POST', '/api/auth/email/change/', { body: values satisfies EmailChangeBody });
      reset(BLANK);
      setSentTo(values.newEmail.trim());
    }),
  );

  if (!user) return null;
  return (
    <section id="email-section" className="page-section" aria-labelledby="email-title">
      <h2 id="email-title">{text.title}</h2>
      <p>
        {text.current}{' '}
        <strong data-testid="current-email" className={styles.address}>
          {user.email}
        </strong>
      </p>
      <p>{text.intro}</p>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="page-form">
        <TextField
          id="email-new"
          type="email"
          label={text.newEmail}
          autoComplete="email"
          required
          error={errors.newEmail}
          registration={register('newEmail')}
        />
        <TextField
          id="email-password"
          type="password"
          label={text.password}
          autoComplete="current-password"
          required
          error={errors.password}
          registration={register('password')}
        />
        <SubmitButton pending={pending}>{text.submit}</SubmitButton>
        <FormErrors errors={nonFieldErrors} />
        {sentTo ? (
          <SuccessMessage>
            <span className={styles.address}>{text.sent(sentTo)}</span>
          </SuccessMessage>
        ) : null}
      </form>
    </section>
  );
}
