'use client';

import { pageInfo } from './admin-view';
import styles from './admin.module.css';
import { adminMessages } from './messages';

const text = adminMessages.pagination;

/**
 * Precedente / Successiva under a table, shown only when its list has more than one page. At either end
 * the button stays focusable (aria-disabled), so the focus is not lost when the last page arrives.
 */
export function Pagination({
  label,
  count,
  page,
  pageSize,
  onPage,
}: {
  /** What the pages are of ("Richieste di licenza"), for the navigation's name. */
  label: string;
  count: number;
  page: number;
  pageSize: number;
  onPage(page: number): void;
}) {
  const { pages, hasPrevious, hasNext } = pageInfo(count, page, pageSize);
  if (pages <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label={text.label(label)}>
      <button
        type="button"
        className="button button--outline"
        aria-disabled={!hasPrevious}
        onClick={() => {
          if (hasPrevious) onPage(page - 1);
        }}
      >
        {text.previous}
      </button>
      <span aria-live="polite">{text.page(Math.min(page, pages), pages)}</span>
      <button
        type="button"
        className="button button--outline"
        aria-disabled={!hasNext}
        onClick={() => {
          if (hasNext) onPage(page + 1);
        }}
      >
        {text.next}
      </button>
    </nav>
  );
}
