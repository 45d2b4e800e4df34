'use client';

import { UserSchema } from '@portal/contract';
import Link from 'next/link';
import { useState } from 'react';
import { toNormalizedError, apiRequest } from '../../lib/api.client';
import { messages } from '../../lib/messages';
import { formatLicenseDate } from '../downloads/license-gate';
import { FormErrors, SuccessMessage } from '../shell/form-parts';
import { LicenseBadge } from '../shell/license-badge';
import { useSession } from '../shell/session-provider';

const dateFormat = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', year: 'numeric' });

function formatDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

/** #license-section ('Sottoscrizione'): status, what the licence allows, and the request button. */
export function LicenseSection() {
  const { user, setUser } = useSession();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [requested, setRequested] = useState(false);
  if (!user) return null;
  const status = user.licenseStatus ?? 'inactive';
  const revokedOn = status === 'inactive' ? formatLicenseDate(user.licenseRevokedAt) : null;
  // Inactive after a request, with no revocation since: the staff turned the request down.
  const notAcceptedOn =
    status === 'inactive' && !revokedOn ? formatLicenseDate(user.licenseRequestedAt) : null;

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
      <h2 id="license-title">{messages.profile.licenseTitle}</h2>
      <p className="license-status">
        <span>{messages.profile.licenseStatusLabel}</span>
        <LicenseBadge status={status} />
      </p>
      <p>{messages.profile.licenseAllows}</p>
      <p>{messages.profile.licenseRegistered}</p>
      {status === 'inactive' ? (
        <>
          <p>
            {revokedOn
              ? messages.profile.licenseRevoked(revokedOn)
              : notAcceptedOn
                ? messages.profile.licenseNotAccepted(notAcceptedOn)
                : messages.profile.licenseInactive}
          </p>
          <button
            type="button"
            className="button"
            onClick={() => void request()}
            disabled={pending}
            aria-busy={pending}
          >
            {pending
              ? messages.fields.sending
              : revokedOn || notAcceptedOn
                ? messages.profile.licenseRequestAgain
                : messages.profile.licenseRequest}
          </button>
        </>
      ) : null}
      {status === 'pending' ? (
        requested ? (
          <SuccessMessage>{messages.profile.licenseRequested}</SuccessMessage>
        ) : (
          <p>{messages.profile.licensePending(formatDate(user.licenseRequestedAt))}</p>
        )
      ) : null}
      {status === 'active' ? (
        <>
          <p>{messages.profile.licenseActive(formatDate(user.licenseApprovedAt))}</p>
          <p>
            <Link href="/scarica-dati" className="button">
              {messages.profile.toDownload}
            </Link>
          </p>
        </>
      ) : null}
      <FormErrors errors={errors} />
    </section>
  );
}
