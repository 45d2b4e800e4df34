'use client';

import type { City } from '@portal/contract';
import { useEffect, useState } from 'react';
import {
  ComboBox,
  I18nProvider,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components';
import { apiRequest } from '../../lib/api.client';
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
 * The comune picker itself (ComunePicker loads it once the page is interactive): an ARIA combobox
 * (React Aria's ComboBox: keyboard, focus and screen-reader behaviour) over the API's search. Picking a suggestion keeps
 * it: the input shows the comune and is not searched again until the text is edited. When more comuni
 * match than the suggestions show, the popup says how many and how to narrow the search.
 */
export function ComuneCombobox({ label, placeholder = m.placeholder, onChoose, onClear }: ComunePickerProps) {
  const [query, setQuery] = useState('');
  // The text of the chosen comune while the input still shows it.
  const [chosen, setChosen] = useState<string | null>(null);
  const [results, setResults] = useState<City[]>([]);
  const [total, setTotal] = useState(0);
  const [status, setStatus] = useState<Status>('idle');

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
        .catch(() => {
          if (current) setStatus('error');
        });
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [searching, text]);

  const shown = searching ? status : 'idle';
  const hidden = shown === 'done' ? hiddenMatches(total, results.length) : 0;
  const note =
    shown === 'error'
      ? m.error
      : shown === 'done' && !results.length
        ? m.noResults
        : hidden > 0
          ? m.more(hidden)
          : null;
  const statusText =
    shown === 'loading'
      ? m.loading
      : shown === 'error'
        ? m.error
        : shown === 'done'
          ? !results.length
            ? m.noResults
            : hidden > 0
              ? m.someResults(results.length, total)
              : m.results(results.length)
          : '';
  // The popup opens as the text changes (the library's rule); it shows once there is something to show.
  // Until then it is there for screen readers only, with the status: while the popup is open, the
  // library hides everything but the input and the popup from them.
  const popupShown = shown === 'done' || shown === 'error';

  return (
    // The library's own texts (the count of suggestions it announces) in Italian, whatever the browser's.
    <I18nProvider locale="it-IT">
      <ComboBox
        className={styles.picker}
        // The last suggestions stay the collection, so the chosen one keeps its text when the input blurs.
        items={results}
        inputValue={query}
        // The text typed stays when the input blurs, as in any search field.
        allowsCustomValue
        allowsEmptyCollection
        onInputChange={(value) => {
          setQuery(value);
          if (chosen !== null && value !== chosen) {
            setChosen(null);
            onClear?.();
          }
        }}
        onChange={(key) => {
          const city = results.find((c) => c.id === key);
          if (!city) return;
          const chosenText = comuneLabel(city);
          setQuery(chosenText);
          setChosen(chosenText);
          onChoose(city);
        }}
      >
        <Label className={explorerStyles.label}>{label}</Label>
        <Input className={explorerStyles.input} placeholder={placeholder} spellCheck={false} />
        <Text slot="description" className={styles.hint}>
          {m.hint}
        </Text>
        <Popover
          className={popupShown ? styles.popup : 'visually-hidden'}
          placement="bottom start"
          offset={2}
        >
          <ListBox<City>
            className={shown === 'done' && results.length ? styles.options : styles.optionsEmpty}
          >
            {(city) => (
              <ListBoxItem id={city.id} textValue={comuneLabel(city)} className={styles.option}>
                <Text slot="label">{comuneLabel(city)}</Text>
                {city.dissolved && (
                  <Text slot="description" className={styles.dissolved}>
                    {m.dissolved(city.firstYear, city.lastYear)}
                  </Text>
                )}
              </ListBoxItem>
            )}
          </ListBox>
          {note && (
            <p className={styles.note} data-testid="comune-search-note">
              {note}
            </p>
          )}
          <p className="visually-hidden" role="status" aria-live="polite">
            {statusText}
          </p>
        </Popover>
      </ComboBox>
    </I18nProvider>
  );
}
