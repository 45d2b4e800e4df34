'use client';

import { LICENSE_TERMS, UserSchema } from '@portal/contract';
import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { apiRequest } from '../../lib/api.client';
import { messages } from '../../lib/messages';
import { contractResolver } from '../shell/contract-resolver';
import { CheckboxField, FormErrors, SuccessMessage } from '../shell/form-parts';
import { LicenseBadge } from '../shell/license-badge';
import { useSession } from '../shell/session-provider';
import { useFormSubmit } from '../shell/use-form-submit';
import styles from './account.module.css';
import { acceptedCommitment, licenseStanding, type LicenseStanding } from './license-standing';

const text = messages.profile;

/**
 * The request's form: only the commitment's checkbox, which must be ticked and is never sent (the body
 * stays empty: asking is accepting, and the API records the version and the time).
 */
const LicenseRequestFormSchema = z.object({
  accept: z.literal(true, { error: () => text.licenseTermsRequired }),
});
type LicenseRequestValues = { accept: boolean };
const FIELDS = ['accept'] as const;

/** What an inactive licence says: never asked, or the staff's decision with its day and reason. */
function InactiveStatus({ standing }: { standing: LicenseStanding }) {
  if (standing.kind === 'revoked' || standing.kind === 'rejected') {
    return (
      <>
        <p>
          {standing.kind === 'revoked' ? text.licenseRevoked(standing.on) : text.licenseRejected(standing.on)}
        </p>
        {standing.reason ? (
          <p className={styles.reason}>
            <strong>{text.licenseReason}</strong> {standing.reason}
          </p>
        ) : null}
        <p>{text.licenseAskAgain}</p>
      </>
    );
  }
  if (standing.kind === 'notAccepted') {
    return (
      <p>
        {text.licenseNotAccepted(standing.requestedOn)} {text.licenseAskAgain}
      </p>
    );
  }
  return <p>{text.licenseInactive}</p>;
}

/** #license-section ('Sottoscrizione'): status, what the licence allows, the commitment and the request. */
export function LicenseSection() {
  const { user, setUser } = useSession();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: contractResolver<typeof LicenseRequestFormSchema, LicenseRequestValues>(
      LicenseRequestFormSchema,
    ),
    defaultValues: { accept: false },
  });
  const { run, pending, nonFieldErrors } = useFormSubmit(setError, FIELDS);
  const [requested, setRequested] = useState(false);
  if (!user) return null;
  const status = user.licenseStatus ?? 'inactive';
  const standing = licenseStanding(user);
  const accepted = acceptedCommitment(user);

  // An unticked box stops here: its message shows under it and the focus goes to it (react-hook-form).
  const onSubmit = handleSubmit(() =>
    run(async () => {
      const updated = await apiRequest('POST', '/api/users/license/request/', { schema: UserSchema });
      setUser(updated);
      reset({ accept: false });
      setRequested(true);
    }),
  );

  return (
    <section id="license-section" className="page-section" aria-labelledby="license-title">
      <h2 id="license-title">{text.licenseTitle}</h2>
      <p className="license-status">
        <span>{text.licenseStatusLabel}</span>
        <LicenseBadge status={status} />
      </p>
      <p>{text.licenseAllows}</p>
      <p>{text.licenseRegistered}</p>
      {status === 'inactive' ? (
        <>
          <InactiveStatus standing={standing} />
          <form onSubmit={(event) => void onSubmit(event)} noValidate>
            <p>{text.licenseTermsLead}</p>
            <ul className={styles.list}>
              {LICENSE_TERMS.commitments.map((commitment) => (
                <li key={commitment}>{commitment}</li>
              ))}
            </ul>
            <p className={styles.note}>{text.licenseTermsVersion(LICENSE_TERMS.version)}</p>
            <CheckboxField
              id="license-terms"
              required
              error={errors.accept}
              registration={register('accept')}
            >
              {text.licenseTermsAccept}
            </CheckboxField>
            <button type="submit" className="button" disabled={pending} aria-busy={pending}>
              {pending
                ? messages.fields.sending
                : standing.kind === 'none'
                  ? text.licenseRequest
                  : text.licenseRequestAgain}
            </button>
          </form>
        </>
      ) : null}
      {standing.kind === 'pending' ? (
        requested ? (
          <SuccessMessage>{text.licenseRequested}</SuccessMessage>
        ) : (
          <p>{text.licensePending(standing.requestedOn)}</p>
        )
      ) : null}
      {standing.kind === 'active' ? <p>{text.licenseActive(standing.approvedOn)}</p> : null}
      {accepted ? (
        <p className={styles.note}>{text.licenseTermsAccepted(accepted.on, accepted.version)}</p>
      ) : null}
      {standing.kind === 'active' ? (
        <p>
          <Link href="/scarica-dati" className="button">
            {text.toDownload}
          </Link>
        </p>
      ) : null}
      <FormErrors errors={nonFieldErrors} />
    </section>
  );
}
