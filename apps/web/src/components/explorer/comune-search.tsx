'use client';

import { CityPageSchema, type City } from '@portal/contract';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { comuneSearchMessages as more, hiddenMatches } from './comune-search-messages';
import { explorerHref } from './explorer-state';
import { explorerMessages as t } from './messages';
import styles from './explorer.module.css';
import local from './comune-search.module.css';

const MIN_CHARS = 2;
const MAX_SUGGESTIONS = 8;

type Status = 'idle' | 'loading' | 'done' | 'error';

/** What the input shows for a comune: its name and the province's sigla, as the suggestions do. */
export function comuneLabel(city: Pick<City, 'name' | 'provinceSigla'>): string {
  return `${city.name} (${city.provinceSigla})`;
}

export interface ComuneComboboxProps {
  label: string;
  placeholder?: string;
  /** A suggestion was picked (click, Enter); the input then shows `comuneLabel(city)`. */
  onChoose: (city: City) => void;
  /** The text was edited after a choice: it no longer names the chosen comune. */
  onClear?: () => void;
  /** Class names of the label and the input (default: the explorer's; '' for none). */
  labelClassName?: string;
  inputClassName?: string;
}

/**
 * Search a comune by name, with suggestions (ARIA combobox with a listbox popup). Picking a suggestion
 * keeps it: the input shows the comune and is not searched again, until the text is edited. When more
 * comuni match than the suggestions show, the popup says how many and how to narrow the search.
 */
export function ComuneCombobox({
  label,
  placeholder = t.search.placeholder,
  onChoose,
  onClear,
  labelClassName = styles.label,
  inputClassName = styles.input,
}: ComuneComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const [query, setQuery] = useState('');
  // The text of the chosen comune while the input still shows it.
  const [chosen, setChosen] = useState<string | null>(null);
  const [results, setResults] = useState<City[]>([]);
  const [total, setTotal] = useState(0);
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // No search for a short text or the chosen comune's: the handlers that set such a text clear the results.
  const clearResults = () => {
    setResults([]);
    setTotal(0);
    setStatus('idle');
  };
  useEffect(() => {
    const text = query.trim();
    if (text.length < MIN_CHARS || query === chosen) return;
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
          setTotal(page.count);
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
  }, [query, chosen]);

  function choose(city: City) {
    const text = comuneLabel(city);
    setOpen(false);
    setQuery(text);
    setChosen(text);
    clearResults();
    onChoose(city);
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

  const hidden = status === 'done' ? hiddenMatches(total, results.length) : 0;
  const popup = open && query.trim().length >= MIN_CHARS && (status === 'done' || status === 'error');
  const expanded = popup && results.length > 0;
  const note =
    status === 'error'
      ? t.search.error
      : status === 'done' && !results.length
        ? t.search.noResults
        : hidden > 0
          ? more.more(hidden)
          : null;
  const statusText =
    status === 'loading'
      ? t.search.loading
      : status === 'error'
        ? t.search.error
        : status === 'done'
          ? !results.length
            ? t.search.noResults
            : hidden > 0
              ? more.someResults(results.length, total)
              : t.search.results(results.length)
          : '';

  return (
    <div className={styles.search}>
      <label htmlFor={id} className={labelClassName || undefined}>
        {label}
      </label>
      <div className={local.anchor}>
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          className={inputClassName || undefined}
          placeholder={placeholder}
          aria-describedby={hintId}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          value={query}
          onChange={(event) => {
            const text = event.target.value;
            setQuery(text);
            setOpen(true);
            if (text.trim().length < MIN_CHARS) clearResults();
            if (chosen !== null && text !== chosen) {
              setChosen(null);
              onClear?.();
            }
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            blurTimer.current = setTimeout(() => setOpen(false), 150);
          }}
          onKeyDown={onKeyDown}
        />
        <div className={local.popup} hidden={!popup}>
          <ul id={listId} role="listbox" aria-label={label} className={local.options} hidden={!expanded}>
            {results.map((city, index) => (
              <li
                key={city.id}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={index === active ? local.optionActive : local.option}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(city)}
              >
                {comuneLabel(city)}
                {city.dissolved && (
                  <span className={local.dissolved}>
                    <span className={styles.srOnly}>, </span>
                    {more.dissolved(city.firstYear, city.lastYear)}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {note && (
            <p className={local.note} data-testid="comune-search-note">
              {note}
            </p>
          )}
        </div>
      </div>
      <p id={hintId} className={styles.hint}>
        {t.search.hint}
      </p>
      <p className={styles.srOnly} role="status" aria-live="polite">
        {statusText}
      </p>
    </div>
  );
}

/** The home page's search: picking a comune opens its statistics. */
export function ComuneSearch({ year, compareYear }: { year: number | null; compareYear: number | null }) {
  const router = useRouter();
  return (
    <ComuneCombobox
      label={t.search.label}
      onChoose={(city) =>
        router.push(
          explorerHref({
            region: city.regionId,
            province: city.provinceId,
            city: city.id,
            year,
            compareYear,
          }),
        )
      }
    />
  );
}
