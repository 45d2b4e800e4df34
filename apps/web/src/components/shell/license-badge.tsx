import type { LicenseStatus } from '@portal/contract';
import { messages } from '../../lib/messages';

/** SPEC §4 and §9: Attiva (check, primary), In attesa (clock, light secondary), Non attiva (cross, grey). */
export function LicenseBadge({
  status,
  className = '',
}: {
  status: LicenseStatus | null | undefined;
  className?: string;
}) {
  const value: LicenseStatus = status ?? 'inactive';
  const label = messages.license.status[value];
  return (
    <span
      className={`license-badge license-badge--${value} ${className}`.trim()}
      data-status={value}
      title={`${messages.license.badgeLabel}: ${label}`}
    >
      <span className="visually-hidden">{messages.license.badgeLabel}: </span>
      <LicenseIcon status={value} />
      <span>{label}</span>
    </span>
  );
}

function LicenseIcon({ status }: { status: LicenseStatus }) {
  const common = {
    'aria-hidden': true,
    focusable: false,
    width: 12,
    height: 12,
    viewBox: '0 0 12 12',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 1.8,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    className: 'license-badge__icon',
  } as const;
  if (status === 'active') {
    return (
      <svg {...common} data-icon="check">
        <path d="M2 6.5l2.5 2.5L10 3.5" />
      </svg>
    );
  }
  if (status === 'pending') {
    return (
      <svg {...common} data-icon="clock">
        <circle cx="6" cy="6" r="4.8" />
        <path d="M6 3.4V6l1.8 1.2" />
      </svg>
    );
  }
  return (
    <svg {...common} data-icon="cross">
      <path d="M3 3l6 6M9 3L3 9" />
    </svg>
  );
}
