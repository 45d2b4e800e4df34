'use client';

import { ReasonBodySchema, type ReasonBody } from '@portal/contract';
import { useForm } from 'react-hook-form';
import type { ApiPath } from '../../lib/api';
import { apiRequest, type ResponseParser } from '../../lib/api.client';
import { messages } from '../../lib/messages';
import { contractResolver } from '../shell/contract-resolver';
import { FormErrors, TextField } from '../shell/form-parts';
import { Modal } from '../shell/modal';
import { useFormSubmit } from '../shell/use-form-submit';
import styles from './admin.module.css';
import { adminMessages } from './messages';

const text = adminMessages.dialog;
const REASON_MAX = 1000;

/** The texts of one decision's dialog (adminMessages.dialog.reject, .revoke, .deactivate). */
export interface DecisionTexts {
  title: string;
  intro(who: string): string;
  hint: string;
  submit: string;
}

/**
 * A decision that needs a reason: rejecting a licence request, revoking a licence, deactivating an
 * account. The reason (required, at most 1000 characters, the contract's rule) is posted to `path`; the
 * API's errors show under the field or below the form; on success the updated row (`schema`) goes to
 * `onDone`.
 */
export function DecisionDialog<T>({
  texts,
  who,
  path,
  schema,
  testId,
  onClose,
  onDone,
}: {
  texts: DecisionTexts;
  /** Whom the decision is about: "Mario Rossi (mario@example.it)". */
  who: string;
  path: ApiPath;
  schema: ResponseParser<T>;
  testId: string;
  onClose(): void;
  onDone(updated: T): void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: contractResolver(ReasonBodySchema), defaultValues: { reason: '' } });
  const { run, pending, nonFieldErrors } = useFormSubmit(setError, ['reason'] as const);

  const onSubmit = handleSubmit((values) =>
    run(async () => {
      const updated = await apiRequest('POST', path, { body: values satisfies ReasonBody, schema });
      onDone(updated);
    }),
  );

  return (
    <Modal title={texts.title} onClose={onClose} testId={testId}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="auth-form">
        <p>{texts.intro(who)}</p>
        <TextField
          id="admin-decision-reason"
          label={text.reason}
          hint={texts.hint}
          multiline
          maxLength={REASON_MAX}
          required
          error={errors.reason}
          registration={register('reason')}
        />
        <div className={styles.dialogActions}>
          <button type="submit" className="button" disabled={pending} aria-busy={pending}>
            {pending ? messages.fields.sending : texts.submit}
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
