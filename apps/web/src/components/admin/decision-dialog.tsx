'use client';

import {
  LicenseHolderSchema,
  LicenseReasonBodySchema,
  type LicenseHolder,
  type LicenseReasonBody,
} from '@portal/contract';
import { useForm } from 'react-hook-form';
import { apiRequest } from '../../lib/api.client';
import { messages } from '../../lib/messages';
import { contractResolver } from '../shell/contract-resolver';
import { FormErrors, TextField } from '../shell/form-parts';
import { Modal } from '../shell/modal';
import { useFormSubmit } from '../shell/use-form-submit';
import { holderName } from './admin-view';
import styles from './admin.module.css';
import { adminMessages } from './messages';

const text = adminMessages.dialog;
const REASON_MAX = 1000;

/**
 * Rejecting a request or revoking a licence: the reason the user will read (required, at most 1000
 * characters, the contract's rule), then POST …/{pk}/reject/ or …/revoke/. The API's errors show under
 * the field or below the form; on success the updated user goes to `onDone`.
 */
export function DecisionDialog({
  decision,
  holder,
  onClose,
  onDone,
}: {
  decision: 'reject' | 'revoke';
  holder: LicenseHolder;
  onClose(): void;
  onDone(updated: LicenseHolder): void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: contractResolver(LicenseReasonBodySchema), defaultValues: { reason: '' } });
  const { run, pending, nonFieldErrors } = useFormSubmit(setError, ['reason'] as const);
  const who = holderName(holder) === holder.email ? holder.email : `${holderName(holder)} (${holder.email})`;

  const onSubmit = handleSubmit((values) =>
    run(async () => {
      const updated = await apiRequest('POST', `/api/admin/licenses/${holder.pk}/${decision}/`, {
        body: values satisfies LicenseReasonBody,
        schema: LicenseHolderSchema,
      });
      onDone(updated);
    }),
  );

  return (
    <Modal
      title={decision === 'reject' ? text.rejectTitle : text.revokeTitle}
      onClose={onClose}
      testId={`modal-license-${decision}`}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="auth-form">
        <p>{decision === 'reject' ? text.rejectIntro(who) : text.revokeIntro(who)}</p>
        <TextField
          id="license-decision-reason"
          label={text.reason}
          hint={text.reasonHint}
          multiline
          maxLength={REASON_MAX}
          required
          error={errors.reason}
          registration={register('reason')}
        />
        <div className={styles.dialogActions}>
          <button type="submit" className="button" disabled={pending} aria-busy={pending}>
            {pending
              ? messages.fields.sending
              : decision === 'reject'
                ? text.rejectSubmit
                : text.revokeSubmit}
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
