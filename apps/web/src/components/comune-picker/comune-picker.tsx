'use client';

import type { City } from '@portal/contract';
import { lazy, Suspense, useId } from 'react';
import { useHydrated } from '../../lib/use-hydrated';
import { comunePickerMessages as m } from './messages';
import explorerStyles from '../explorer/explorer.module.css';
import styles from './comune-picker.module.css';

export interface ComunePickerProps {
  label: string;
  placeholder?: string;
  /** A suggestion was picked (click, Enter); the input then shows `comuneLabel(city)`. */
  onChoose: (city: City) => void;
  /** The text was edited after a choice: it no longer names the chosen comune. */
  onClear?: () => void;
}

/**
 * The field as the combobox draws it, disabled: what the page shows until the combobox is there. Same
 * elements, classes and boxes (label, the input in its `.control`, the hint), so the swap moves nothing.
 */
function WaitingField({
  label,
  placeholder = m.placeholder,
}: Pick<ComunePickerProps, 'label' | 'placeholder'>) {
  const id = useId();
  return (
    <div className={styles.picker} data-disabled="true">
      <label className={explorerStyles.label} id={`${id}-label`} htmlFor={`${id}-input`}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          id={`${id}-input`}
          className={explorerStyles.input}
          type="text"
          role="combobox"
          aria-expanded="false"
          aria-autocomplete="list"
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint`}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          disabled
          value=""
          readOnly
        />
      </div>
      <span className={styles.hint} id={`${id}-hint`}>
        {m.hint}
      </span>
    </div>
  );
}

// The combobox (downshift) and the search are not part of the page's first load: their chunk is asked for
// once the page is interactive. Should it fail to load, the field stays disabled (the page's lists still
// choose).
const ComuneCombobox = lazy(() =>
  import('./comune-combobox')
    .then((module) => ({ default: module.ComuneCombobox }))
    .catch(() => ({ default: WaitingField })),
);

/**
 * The one way to pick a comune by name (home page and explorer views, /confronta, /scarica-dati): an ARIA
 * combobox over the API's search (comune-combobox.tsx). Picking a suggestion keeps it: the input shows the comune and is not searched
 * again until the text is edited. When more comuni match than the suggestions show, the popup says how
 * many and how to narrow the search.
 *
 * Typing before the script that searches is there would be lost: until then (the server's HTML,
 * hydration, the combobox's chunk arriving) the field is drawn disabled.
 */
export function ComunePicker(props: ComunePickerProps) {
  const hydrated = useHydrated();
  const waiting = <WaitingField label={props.label} placeholder={props.placeholder} />;
  if (!hydrated) return waiting;
  return (
    <Suspense fallback={waiting}>
      <ComuneCombobox {...props} />
    </Suspense>
  );
}
