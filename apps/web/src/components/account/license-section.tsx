'use client';

import { UserSchema } from '@portal/contract';
import Link from 'next/link';
import { useState } from 'react';
import { toNormalizedError, apiRequest } from '../../lib/api.client';
import { messages } from '../../lib/messages';
import { FormErrors, SuccessMessage } from '../shell/form-parts';
import { LicenseBadge } from '../shell/license-badge';
import { useSession } from '../shell/session-provider';
import styles from './account.module.css';
import { licenseStanding, type LicenseStanding } from './license-standing';

const text = messages.profile;

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

/** #license-section ('Sottoscrizione'): status, what the licence allows, and the request button. */
export function LicenseSection() {
  const { user, setUser } = useSession();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [requested, setRequested] = useState(false);
  if (!user) return null;
  const status = user.licenseStatus ?? 'inactive';
  const standing = licenseStanding(user);

  // Never rejects: a failure is shown under the button, so the click handler leaves the promise alone.
  const request = async () => {
    setPending(true);
    setErrors([]);
    try {
      const updated = await apiRequest('POST', '/api/users/license/request/', { schema: UserSchema });
      setUser(updated);
      setRequested(true);
    } catch (error) {
      const normalized = toNormalizedError(error);
      setErrors([...normalized.nonFieldErrors, ...Object.values(normalized.fieldErrors)]);
    } finally {
      setPending(false);
    }
  };

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
          <button
            type="button"
            className="button"
            onClick={() => void request()}
            disabled={pending}
            aria-busy={pending}
          >
            {pending
              ? messages.fields.sending
              : standing.kind === 'none'
                ? text.licenseRequest
                : text.licenseRequestAgain}
          </button>
        </>
      ) : null}
      {standing.kind === 'pending' ? (
        requested ? (
          <SuccessMessage>{text.licenseRequested}</SuccessMessage>
        ) : (
          <p>{text.licensePending(standing.requestedOn)}</p>
        )
      ) : null}
      {standing.kind === 'active' ? (
        <>
          <p>{text.licenseActive(standing.approvedOn)}</p>
          <p>
            <Link href="/scarica-dati" className="button">
              {text.toDownload}
            </Link>
          </p>
        </>
      ) : null}
      <FormErrors errors={errors} />
    </section>
  );
}
