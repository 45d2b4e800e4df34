'use client';

import { AccountDeleteBodySchema, type AccountDeleteBody } from '@portal/contract';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { apiRequest } from '../../lib/api.client';
import { messages } from '../../lib/messages';
import { contractResolver } from '../shell/contract-resolver';
import { FormErrors, TextField } from '../shell/form-parts';
import { Modal } from '../shell/modal';
import { useSession } from '../shell/session-provider';
import { useFormSubmit } from '../shell/use-form-submit';
import styles from './account.module.css';
import { accountMessages } from './messages';

const text = accountMessages.delete;

/** "Elimina account" on /profilo: a button that opens the confirmation dialog. */
export function AccountDeleteSection() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <section id="delete-section" className="page-section" aria-labelledby="delete-title">
      <h2 id="delete-title">{text.title}</h2>
      <p>{text.intro}</p>
      <button type="button" className={`button ${styles.danger}`} onClick={() => setOpen(true)}>
        {text.open}
      </button>
      {open ? <AccountDeleteDialog onClose={() => setOpen(false)} /> : null}
    </section>
  );
}

/**
 * The confirmation: what is erased, what stays, and the password. DELETE /api/auth/user/; then this
 * browser forgets the session and goes to the home page, which says the account is gone.
 */
function AccountDeleteDialog({ onClose }: { onClose(): void }) {
  const { setUser } = useSession();
  const router = useRouter();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: contractResolver(AccountDeleteBodySchema), defaultValues: { password: '' } });
  const { run, pending, nonFieldErrors } = useFormSubmit(setError, ['password'] as const);

  const onSubmit = handleSubmit((values) =>
    run(async () => {
      await apiRequest('DELETE', '/api/auth/user/', { body: values satisfies AccountDeleteBody });
      // The API's answer removed the session cookies.
      setUser(null);
      router.replace('/?flow=account-deleted');
    }),
  );

  return (
    <Modal title={text.dialogTitle} onClose={onClose} testId="modal-account-delete">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="auth-form">
        <p>{text.erased}</p>
        <ul className={styles.list}>
          {text.erasedItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>{text.kept}</p>
        <TextField
          id="delete-password"
          type="password"
          label={text.password}
          autoComplete="current-password"
          required
          error={errors.password}
          registration={register('password')}
        />
        <div className={styles.actions}>
          <button type="submit" className={`button ${styles.danger}`} disabled={pending} aria-busy={pending}>
            {pending ? messages.fields.sending : text.confirm}
          </button>
          <button type="button" className="button button--outline" onClick={onClose}>
            {text.cancel}
          </button>
        </div>
        <FormErrors errors={nonFieldErrors} />
      </form>
    </Modal>
  );
}
