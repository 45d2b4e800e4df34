'use client';

import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { ComunePicker } from '../comune-picker/comune-picker';
import { areaOf, compareHref, parseCompareState, withArea, type Measure } from './compare-state';
import { compareMessages as t } from './messages';
import styles from './compare.module.css';

/**
 * The comune search of /confronta: picking a comune opens the comparison with it added at the end. It
 * needs JavaScript (the search asks the API as one types); regions, provinces and Italy are added by
 * plain forms.
 */
export function ComuneAdder({ areas, measure }: { areas: string; measure: Measure }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <div>
      <ComunePicker
        label={t.add.comune}
        onChoose={(city) => {
          const state = parseCompareState({ aree: areas, misura: measure });
          const next = withArea(state, areaOf('city', city.id));
          startTransition(() => router.push(compareHref(next)));
        }}
      />
      <p className={styles.hint} role="status">
        {pending ? t.add.adding : ''}
      </p>
    </div>
  );
}
