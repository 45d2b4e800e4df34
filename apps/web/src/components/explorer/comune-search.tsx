'use client';

import { useRouter } from 'next/navigation';
import { ComunePicker } from '../comune-picker/comune-picker';
import { explorerHref } from './explorer-state';
import { explorerMessages as t } from './messages';

/** The home page's search: picking a comune opens its statistics. */
export function ComuneSearch({ year, compareYear }: { year: number | null; compareYear: number | null }) {
  const router = useRouter();
  return (
    <ComunePicker
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
