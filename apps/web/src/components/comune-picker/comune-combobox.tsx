'use client';

import type { City } from '@portal/contract';
import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { useEffect, useId, useState } from 'react';
import { errorText } from '../../lib/api-errors';
import { apiRequest, toNormalizedError } from '../../lib/api.client';
import type { ComunePickerProps } from './comune-picker';
import { comunePickerMessages as m, hiddenMatches } from './messages';
import explorerStyles from '../explorer/explorer.module.css';
import styles from './comune-picker.module.css';

const MIN_CHARS = 2;
const MAX_SUGGESTIONS = 8;
const SEARCH_DELAY_MS = 200;

type Status = 'idle' | 'loading' | 'done' | 'error';

/** What the input shows for a comune: its name and the province's sigla, as the suggestions do. */
export function comuneLabel(city: Pick<City, 'name' | 'provinceSigla'>): string {
  return `${city.name} (${city.provinceSigla})`;
}

/**
 * Downshift's rules, but a blur never picks the highlighted suggestion: leaving the field keeps what was
 * typed, as in any search field (the text itself is ours: `inputValue` is controlled and only typing or a
 * pick changes it, so Escape and a blur leave it as it is).
 */
function keepTypedText(
  state: UseComboboxState<City>,
  { type, changes }: UseComboboxStateChangeOptions<City>,
) {
  if (type === useCombobox.stateChangeTypes.InputBlur)
    return { ...changes, selectedItem: state.selectedItem };
  return changes;
}

/**
 * The comune picker itself (ComunePicker loads it once the page is interactive): a WAI-ARIA 1.2 combobox
 * (downshift's useCombobox: the roles, ids, aria-activedescendant and the keys) over the API's search.
 * Picking a suggestion keeps it: the input shows the comune and is not searched again until the text is
 * edited. When more comuni match than the suggestions show, the popup says how many and how to narrow
 * the search.
 */
export function ComuneCombobox({ label, placeholder = m.placeholder, onChoose, onClear }: ComunePickerProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  // The text of the chosen comune while the input still shows it.
  const [chosen, setChosen] = useState<string | null>(null);
  const [results, setResults] = useState<City[]>([]);
  const [total, setTotal] = useState(0);
  const [status, setStatus] = useState<Status>('idle');
  const [searchError, setSearchError] = useState('');

  const text = query.trim();
  const searching = text.length >= MIN_CHARS && query !== chosen;
  useEffect(() => {
    if (!searching) return;
    let current = true;
    const timer = setTimeout(() => {
      setStatus('loading');
      const params = new URLSearchParams({ search: text, pageSize: String(MAX_SUGGESTIONS) });
      // The contract's schemas (zod) load with the first search, not with every page that shows the field.
      import('@portal/contract')
        .then(({ CityPageSchema }) =>
          apiRequest('GET', `/api/cities/city/?${params}`, { schema: CityPageSchema }),
        )
        .then((page) => {
          if (!current) return;
          setResults(page.results);
          setTotal(page.count);
          setStatus('done');
        })
        .catch((error: unknown) => {
          if (!current) return;
          setSearchError(errorText(toNormalizedError(error)));
          setStatus('error');
        });
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [searching, text]);

  const shown = searching ? status : 'idle';
  // Only the suggestions on show can be highlighted and picked, not those of an earlier search.
  const items = shown === 'done' ? results : [];
  const hidden = shown === 'done' ? hiddenMatches(total, results.length) : 0;
  const note =
    shown === 'error'
      ? searchError
      : shown === 'done' && !results.length
        ? m.noResults
        : hidden > 0
          ? m.more(hidden)
          : null;
  const statusText =
    shown === 'loading'
      ? m.loading
      : shown === 'error'
        ? searchError
        : shown === 'done'
          ? !results.length
            ? m.noResults
            : hidden > 0
              ? m.someResults(results.length, total)
              : m.results(results.length)
          : '';

  const { isOpen, getLabelProps, getInputProps, getMenuProps, getItemProps } = useCombobox<City>({
    items,
    itemToString: (city) => (city ? comuneLabel(city) : ''),
    itemToKey: (city) => city?.id ?? null,
    inputValue: query,
    // Never selected in downshift's eyes: every pick, even of the same comune again, is a change.
    selectedItem: null,
    stateReducer: keepTypedText,
    onSelectedItemChange: ({ selectedItem: city }) => {
      if (!city) return;
      const chosenText = comuneLabel(city);
      setQuery(chosenText);
      setChosen(chosenText);
      onChoose(city);
    },
  });

  // The popup opens as the text changes (downshift's rule) and shows once there is something to show.
  const expanded = isOpen && (shown === 'done' || shown === 'error');

  return (
    <div className={styles.picker}>
      <label className={explorerStyles.label} {...getLabelProps()}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          className={explorerStyles.input}
          type="text"
          placeholder={placeholder}
          spellCheck={false}
          {...getInputProps({
            'aria-describedby': `${id}-hint`,
            // Open for downshift but with nothing to show yet (fewer than 2 letters, a search on its way):
            // collapsed for screen readers, as it looks.
            ...(!expanded && { 'aria-expanded': false, 'aria-activedescendant': '' }),
            // The text is set here, not from downshift's later notice, so the caret stays where one types.
            onChange: (event) => {
              const value = event.currentTarget.value;
              setQuery(value);
              if (chosen !== null && value !== chosen) {
                setChosen(null);
                onClear?.();
              }
            },
          })}
        />
        {/* Downshift needs the listbox in the page at all times: closed, the popup is hidden. */}
        <div className={styles.popup} hidden={!expanded}>
          <ul className={items.length ? styles.options : styles.optionsEmpty} {...getMenuProps()}>
            {items.map((city, index) => (
              <li
                key={city.id}
                className={styles.option}
                aria-labelledby={`${id}-${city.id}-name`}
                aria-describedby={
                  [city.alias && `${id}-${city.id}-alias`, city.dissolved && `${id}-${city.id}-years`]
                    .filter(Boolean)
                    .join(' ') || undefined
                }
                {...getItemProps({ item: city, index })}
              >
                <span id={`${id}-${city.id}-name`}>{comuneLabel(city)}</span>
                {city.alias && (
                  <span id={`${id}-${city.id}-alias`} className={styles.alias}>
                    {m.alias(city.alias)}
                  </span>
                )}
                {city.dissolved && (
                  <span id={`${id}-${city.id}-years`} className={styles.dissolved}>
                    {m.dissolved(city.firstYear, city.lastYear, city.mergedInto?.name)}
                  </span>
                )}
              </li>
            ))}
          </ul>
          {note && (
            <p className={styles.note} data-testid="comune-search-note">
              {note}
            </p>
          )}
        </div>
        {/* Outside the popup, so it is in the page before it speaks. */}
        <p className="visually-hidden" role="status" aria-live="polite">
          {statusText}
        </p>
      </div>
      <span className={styles.hint} id={`${id}-hint`}>
        {m.hint}
      </span>
    </div>
  );
}
