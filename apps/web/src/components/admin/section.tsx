'use client';

import { useEffect, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { errorMessages } from '../../lib/api-errors';
import { ApiError, toNormalizedError } from '../../lib/api.client';
import { FormErrors } from '../shell/form-parts';
import styles from './admin.module.css';
import { adminMessages } from './messages';
import { Pagination } from './pagination';
import type { ListState } from './use-api-list';

/**
 * The pieces every section of the back-office is made of: the section and its heading (an anchor of the
 * page), the row actions with the message that says what was done, the filters, the search box, the state
 * of a list (filters, page, retries), and the table of a list with its loading and error states and pages.
 */

/** A section of a back-office page (/amministrazione/<sezione>), named by its heading (the focus goes there after an action). */
export function AdminSection({
  id,
  titleId,
  title,
  headingRef,
  children,
}: {
  /** The id of the section, its slug (/amministrazione/utenti; admin-sections.ts). */
  id: string;
  titleId: string;
  title: string;
  /** Given by the sections whose actions move the focus to the heading. */
  headingRef?: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <section id={id} className="page-section" aria-labelledby={titleId}>
      {headingRef ? (
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.heading}>
          {title}
        </h2>
      ) : (
        <h2 id={titleId}>{title}</h2>
      )}
      {children}
    </section>
  );
}

export interface Notice {
  text: string;
  /** A new notice, even with the same text, is a new object: the focus moves again. */
  serial: number;
}

/**
 * The actions of a section's rows, one at a time: `busy` is the key of the row acting. On success the
 * notice says what was done and the focus goes to the section's heading (the row may have left the
 * list); a failure shows the API's messages, and a 400 or 404 (the row was out of date: decided by
 * someone else, or gone) calls `onStale` so the list is asked again.
 */
export function useRowActions(onStale: () => void) {
  const [busy, setBusy] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [notice, setNotice] = useState<Notice | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (notice) headingRef.current?.focus();
  }, [notice]);

  /** Says what was done (`text`), and clears the errors. */
  const announce = (text: string) => {
    setErrors([]);
    setNotice((last) => ({ text, serial: (last?.serial ?? 0) + 1 }));
  };

  /** Runs `action` for the row `key` unless another is running; it answers what to announce. */
  const run = async (key: number, action: () => Promise<string>) => {
    // The buttons stay focusable while one acts (a disabled one would drop the focus): ignored instead.
    if (busy !== null) return;
    setBusy(key);
    setErrors([]);
    setNotice(null);
    try {
      announce(await action());
    } catch (error) {
      setErrors(errorMessages(toNormalizedError(error)));
      if (error instanceof ApiError && (error.status === 400 || error.status === 404)) onStale();
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    errors,
    notice,
    headingRef,
    run,
    announce,
    setErrors,
    /** A filter changed: what was said about the last action no longer applies. */
    clearNotice: () => setNotice(null),
  };
}

/**
 * What a paged list asks for: its `filters` (the search among them), its `page` and a `retries` counter to
 * add to the version the list is asked at. `setFilters` changes some of the filters and goes back to the
 * first page; `retry` asks the list again (ListStatus's Riprova, a row found out of date).
 */
export function useListControls<F extends object>(initialFilters: F) {
  const [filters, setAllFilters] = useState(initialFilters);
  const [page, setPage] = useState(1);
  const [retries, setRetries] = useState(0);
  return {
    filters,
    page,
    setPage,
    retries,
    setFilters: (changes: Partial<F>) => {
      setAllFilters((current) => ({ ...current, ...changes }));
      setPage(1);
    },
    retry: () => setRetries((n) => n + 1),
  };
}

/** The message that says what was done (a status, announced), and the errors of the last action. */
export function ActionFeedback({ notice, errors }: { notice: Notice | null; errors: string[] }) {
  return (
    <>
      <div role="status" className={notice ? 'form-success' : undefined}>
        {notice ? <p>{notice.text}</p> : null}
      </div>
      <FormErrors errors={errors} />
    </>
  );
}

/** A labelled select of a section's toolbar; a change outside `options` is ignored. */
export function FilterSelect<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange(value: V): void;
}) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const option = options.find((item) => item.value === event.target.value);
          if (option) onChange(option.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A list's search box: the search applies on Cerca (Enter), not on every key; "Azzera la ricerca"
 * appears while one applies.
 */
export function SearchForm({
  id,
  label,
  search,
  onSearch,
}: {
  id: string;
  label: string;
  /** The search that applies now ('' for none). */
  search: string;
  onSearch(search: string): void;
}) {
  const [draft, setDraft] = useState(search);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form role="search" className={styles.search} onSubmit={submit}>
      <div className={styles.field}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          type="search"
          maxLength={100}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
      </div>
      <button type="submit" className="button">
        {adminMessages.search.submit}
      </button>
      {search ? (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setDraft('');
            onSearch('');
          }}
        >
          {adminMessages.search.clear}
        </button>
      ) : null}
    </form>
  );
}

/**
 * What a GET shows while it is loading or failed (the messages and Riprova); its data once it came. While
 * the next answer is on its way the last data stays (`stale`).
 */
export function ListStatus<T>({
  list,
  stale,
  onRetry,
  children,
}: {
  list: ListState<T>;
  stale: boolean;
  onRetry(): void;
  children(data: T): ReactNode;
}) {
  if (list.state === 'error' && !stale) {
    return (
      <>
        <FormErrors errors={list.errors} />
        <button type="button" className="button" onClick={onRetry}>
          {adminMessages.retry}
        </button>
      </>
    );
  }
  if (list.state !== 'ready') return <p aria-live="polite">{adminMessages.loading}</p>;
  return children(list.data);
}

/**
 * A table in its scrolling frame, which is a region named by the caption (a phone scrolls the frame,
 * never the page). `empty` is the one row shown when there are no others.
 */
export function DataTable({
  id,
  caption,
  columns,
  stale = false,
  empty,
  children,
}: {
  /** The caption's id is `${id}-caption`. */
  id: string;
  caption: string;
  columns: readonly string[];
  stale?: boolean;
  /** The text of the table without rows; null when it has some. */
  empty: string | null;
  children: ReactNode;
}) {
  const captionId = `${id}-caption`;
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={`data-table ${styles.table}`} aria-busy={stale}>
        <caption id={captionId}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {empty !== null ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            children
          )}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A page of a list as every section shows it: its loading and error states (ListStatus), the table
 * (DataTable, `empty` the text of a page without rows, `row` the row of each result) and Precedente /
 * Successiva under it (Pagination, named by `label`).
 */
export function PagedTable<T extends { count: number; results: readonly unknown[] }>({
  list,
  stale,
  onRetry,
  id,
  caption,
  columns,
  empty,
  row,
  label,
  page,
  pageSize,
  onPage,
}: {
  list: ListState<T>;
  stale: boolean;
  onRetry(): void;
  /** The table's id, as DataTable's. */
  id: string;
  /** The caption, given the count of the whole list. */
  caption(count: number): string;
  columns: readonly string[];
  empty: string;
  row(result: T['results'][number]): ReactNode;
  /** What the pages are of, for the navigation's name. */
  label: string;
  page: number;
  pageSize: number;
  onPage(page: number): void;
}) {
  return (
    <ListStatus list={list} stale={stale} onRetry={onRetry}>
      {(data) => (
        <>
          <DataTable
            id={id}
            caption={caption(data.count)}
            columns={columns}
            stale={stale}
            empty={data.results.length > 0 ? null : empty}
          >
            {data.results.map((result) => row(result))}
          </DataTable>
          <Pagination label={label} count={data.count} page={page} pageSize={pageSize} onPage={onPage} />
        </>
      )}
    </ListStatus>
  );
}
