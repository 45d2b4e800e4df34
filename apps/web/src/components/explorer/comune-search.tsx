'use client';

import { CityPageSchema, type City } from '@portal/contract';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { explorerHref } from './explorer-state';
import { explorerMessages as t } from './messages';
import styles from './explorer.module.css';

const MIN_CHARS = 2;
const MAX_SUGGESTIONS = 8;

type Status = 'idle' | 'loading' | 'done' | 'error';

/** Search a comune by name, with suggestions (ARIA combobox with a listbox popup). */
export function ComuneSearch({ year, compareYear }: { year: number | null; compareYear: number | null }) {
  const router = useRouter();
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<City[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const text = query.trim();
    if (text.length < MIN_CHARS) {
      setResults([]);
      setStatus('idle');
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setStatus('loading');
      const params = new URLSearchParams({ search: text, pageSize: String(MAX_SUGGESTIONS) });
      fetch(`/api/cities/city/?${params}`, {
        signal: controller.signal,
        headers: { Accept: 'application/json' },
      })
        .then(async (response) => {
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          const page = CityPageSchema.parse(await response.json());
          setResults(page.results);
          setActive(-1);
          setStatus('done');
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn(error);
          setStatus('error');
        });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  function choose(city: City) {
    setOpen(false);
    setQuery(city.name);
    router.push(
      explorerHref({ region: city.regionId, province: city.provinceId, city: city.id, year, compareYear }),
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, results.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter') {
      const city = results[active] ?? (results.length === 1 ? results[0] : undefined);
      if (city) {
        event.preventDefault();
        choose(city);
      }
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  }

  const expanded = open && query.trim().length >= MIN_CHARS && (status === 'done' || status === 'error');
  const statusText =
    status === 'loading'
      ? t.search.loading
      : status === 'error'
        ? t.search.error
        : status === 'done'
          ? results.length
            ? t.search.results(results.length)
            : t.search.noResults
          : '';

  return (
    <div className={styles.search}>
      <label htmlFor={id} className={styles.label}>
        {t.search.label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        className={styles.input}
        placeholder={t.search.placeholder}
        aria-describedby={hintId}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          blurTimer.current = setTimeout(() => setOpen(false), 150);
        }}
        onKeyDown={onKeyDown}
      />
      <p id={hintId} className={styles.hint}>
        {t.search.hint}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label={t.search.label}
        className={styles.suggestions}
        hidden={!expanded}
      >
        {results.map((city, index) => (
          <li
            key={city.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? styles.suggestionActive : styles.suggestion}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(city)}
          >
            {city.name} ({city.provinceSigla})
          </li>
        ))}
      </ul>
      <p className={styles.srOnly} role="status" aria-live="polite">
        {statusText}
      </p>
    </div>
  );
}
