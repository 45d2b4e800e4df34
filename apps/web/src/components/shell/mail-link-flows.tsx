'use client';

import {
  EmailChangeConfirmResponseSchema,
  PasswordResetConfirmBodySchema,
  VerifyEmailBodySchema,
  VerifyEmailResponseSchema,
  type EmailChangeConfirmBody,
  type PasswordResetConfirmBody,
  type VerifyEmailBody,
} from '@portal/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { splitForForm } from '../../lib/api-errors';
import { apiRequest, toNormalizedError } from '../../lib/api.client';
import { messages } from '../../lib/messages';
import { accountMessages } from '../account/messages';
import type { AuthFlow } from './auth-flow';
import { contractResolver } from './contract-resolver';
import { FormErrors, SubmitButton, SuccessMessage, TextField } from './form-parts';
import { useSession } from './session-provider';
import { useFormSubmit } from './use-form-submit';

/**
 * Where a confirmation that answered a session key leaves the person. The confirmation is done whatever
 * happens next; when loading the new session fails (signIn() has then ended it), the person is signed out
 * and told why by SPEC §8's messages, and the dialog offers the login instead of the form, whose key is used.
 */
type Confirmed = { signedIn: true } | { signedIn: false; errors: string[] };

async function loadConfirmedSession(
  signIn: () => Promise<unknown>,
  key: string | undefined,
): Promise<Confirmed> {
  if (!key) return { signedIn: false, errors: [] };
  try {
    await signIn();
    return { signedIn: true };
  } catch (thrown) {
    return { signedIn: false, errors: splitForForm(toNormalizedError(thrown), []).nonFieldErrors };
  }
}

const VerifyFormSchema = VerifyEmailBodySchema.pick({ password: true });
const VERIFY_FIELDS = ['password'] as const;

/**
 * ?flow=verify-email&key=…: the key proves the mailbox, and the password chosen at registration says
 * which registration to confirm (a click alone activates nobody's password). The API's answer signs the
 * person in (issue 35): the session is loaded here and the dialog says so; without a session (a
 * deactivated account, or a session that could not be loaded) it offers the login.
 */
export function VerifyEmailPanel({
  verificationKey,
  switchTo,
  onClose,
}: {
  verificationKey: string;
  switchTo(flow: AuthFlow): void;
  onClose(): void;
}) {
  const { signIn } = useSession();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: contractResolver(VerifyFormSchema), defaultValues: { password: '' } });
  const { run, pending, nonFieldErrors, setNonFieldErrors } = useFormSubmit(setError, VERIFY_FIELDS);
  const [done, setDone] = useState<Confirmed | null>(null);
  const [deadKey, setDeadKey] = useState(false);

  const onSubmit = handleSubmit((values) =>
    run(
      async () => {
        const { key } = await apiRequest('POST', '/api/registration/verify-email/', {
          body: { key: verificationKey, ...values } satisfies VerifyEmailBody,
          schema: VerifyEmailResponseSchema,
        });
        setDone(await loadConfirmedSession(signIn, key));
      },
      (error) => {
        // A bad, used or expired key: say so in words, not the API's "Non trovato.".
        if (error.status !== 404) return false;
        setNonFieldErrors([messages.modal.verifyEmail.error]);
        setDeadKey(true);
        return true;
      },
    ),
  );

  if (done?.signedIn) {
    return (
      <div className="auth-form">
        <SuccessMessage>{messages.modal.verifyEmail.successSignedIn}</SuccessMessage>
        <p>
          <button type="button" className="button button--block" onClick={onClose}>
            {messages.modal.verifyEmail.close}
          </button>
        </p>
      </div>
    );
  }
  if (done) {
    return (
      <div className="auth-form">
        <SuccessMessage>{messages.modal.verifyEmail.success}</SuccessMessage>
        <FormErrors errors={done.errors} />
        <p>
          <button type="button" className="button button--block" onClick={() => switchTo('login')}>
            {messages.modal.verifyEmail.toLogin}
          </button>
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="auth-form">
      <p>{messages.modal.verifyEmail.intro}</p>
      <TextField
        id="verify-password"
        type="password"
        label={messages.fields.password}
        autoComplete="current-password"
        required
        error={errors.password}
        registration={register('password')}
      />
      <SubmitButton pending={pending}>{messages.modal.verifyEmail.submit}</SubmitButton>
      <FormErrors errors={nonFieldErrors} />
      {deadKey ? (
        <p>
          <button type="button" className="button button--block" onClick={() => switchTo('login')}>
            {messages.modal.verifyEmail.toLogin}
          </button>
        </p>
      ) : null}
    </form>
  );
}

const ResetFormSchema = PasswordResetConfirmBodySchema.pick({ newPassword1: true, newPassword2: true });
const FIELDS = ['newPassword1', 'newPassword2'] as const;

/** ?flow=password-reset&uid=…&token=…: the new password form. */
export function PasswordResetForm({
  uid,
  token,
  switchTo,
}: {
  uid: string;
  token: string;
  switchTo(flow: AuthFlow): void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: contractResolver(ResetFormSchema),
    defaultValues: { newPassword1: '', newPassword2: '' },
  });
  const { run, pending, nonFieldErrors } = useFormSubmit(setError, FIELDS);
  const [done, setDone] = useState(false);

  const onSubmit = handleSubmit((values) =>
    run(async () => {
      await apiRequest('POST', '/api/auth/password/reset/confirm/', {
        body: { uid, token, ...values } satisfies PasswordResetConfirmBody,
      });
      setDone(true);
    }),
  );

  if (done) {
    return (
      <div className="auth-form">
        <SuccessMessage>{messages.modal.passwordReset.success}</SuccessMessage>
        <p>
          <button type="button" className="button button--block" onClick={() => switchTo('login')}>
            {messages.modal.passwordReset.toLogin}
          </button>
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="auth-form">
      <TextField
        id="reset-password1"
        type="password"
        label={messages.fields.newPassword1}
        autoComplete="new-password"
        required
        error={errors.newPassword1}
        registration={register('newPassword1')}
      />
      <TextField
        id="reset-password2"
        type="password"
        label={messages.fields.newPassword2}
        autoComplete="new-password"
        required
        error={errors.newPassword2}
        registration={register('newPassword2')}
      />
      <SubmitButton pending={pending}>{messages.modal.passwordReset.submit}</SubmitButton>
      <FormErrors errors={nonFieldErrors} />
    </form>
  );
}

/**
 * ?flow=email-change&key=…: confirms a change of address from the link mailed to the new address (a
 * button, not the click on the link: nothing changes on a mere visit). Every session of the user ends; a
 * browser signed in as that user gets the new key the API returns and stays signed in.
 */
export function EmailChangePanel({
  changeKey,
  switchTo,
}: {
  changeKey: string;
  switchTo(flow: AuthFlow): void;
}) {
  const text = accountMessages.emailChangeFlow;
  const { signIn } = useSession();
  const { handleSubmit, setError } = useForm<Record<string, never>>();
  const { run, pending, nonFieldErrors, setNonFieldErrors } = useFormSubmit(setError, []);
  const [done, setDone] = useState<Confirmed | null>(null);
  const [deadKey, setDeadKey] = useState(false);

  const onSubmit = handleSubmit(() =>
    run(
      async () => {
        const { key } = await apiRequest('POST', '/api/auth/email/change/confirm/', {
          body: { key: changeKey } satisfies EmailChangeConfirmBody,
          schema: EmailChangeConfirmResponseSchema,
        });
        setDone(await loadConfirmedSession(signIn, key));
      },
      (error) => {
        // A bad, used or expired key: say so in words, not the API's "Non trovato.".
        if (error.status !== 404) return false;
        setNonFieldErrors([text.dead]);
        setDeadKey(true);
        return true;
      },
    ),
  );

  if (done) {
    return (
      <div className="auth-form">
        <SuccessMessage>{done.signedIn ? text.doneSignedIn : text.doneSignedOut}</SuccessMessage>
        {done.signedIn ? null : (
          <>
            <FormErrors errors={done.errors} />
            <p>
              <button type="button" className="button button--block" onClick={() => switchTo('login')}>
                {text.toLogin}
              </button>
            </p>
          </>
        )}
      </div>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="auth-form">
      <p>{text.intro}</p>
      {deadKey ? null : <SubmitButton pending={pending}>{text.submit}</SubmitButton>}
      <FormErrors errors={nonFieldErrors} />
    </form>
  );
}

/** ?flow=account-deleted: where the deletion of the account leads. */
export function AccountDeletedNotice({ onClose }: { onClose(): void }) {
  const text = accountMessages.deletedFlow;
  return (
    <div className="auth-form">
      <SuccessMessage>{text.body}</SuccessMessage>
      <p>
        <button type="button" className="button button--block" onClick={onClose}>
          {text.close}
        </button>
      </p>
    </div>
  );
}
