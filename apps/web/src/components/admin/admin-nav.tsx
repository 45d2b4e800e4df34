'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import {
  ADMIN_SECTIONS,
  ADMIN_SECTION_LABELS,
  adminSectionPath,
  legacyAnchorTarget,
  type AdminSectionSlug,
} from './admin-sections';
import styles from './admin.module.css';
import { adminMessages } from './messages';

/**
 * The menu of the back-office's sections: plain links, one address each, the current one marked
 * `aria-current="page"` (decision 076). A link of the one-page back-office (/amministrazione#utenti)
 * is followed to its section once, on arrival.
 */
export function AdminNav({ current }: { current: AdminSectionSlug }) {
  const router = useRouter();
  useEffect(() => {
    const target = legacyAnchorTarget(window.location.hash, current);
    if (target) router.replace(target);
  }, [current, router]);

  return (
    <nav className={styles.sections} aria-label={adminMessages.sectionsLabel}>
      <ul>
        {ADMIN_SECTIONS.map((slug) => (
          <li key={slug}>
            <Link href={adminSectionPath(slug)} aria-current={slug === current ? 'page' : undefined}>
              {ADMIN_SECTION_LABELS[slug]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
