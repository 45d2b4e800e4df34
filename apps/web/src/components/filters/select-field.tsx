import type { Province, Region } from '@portal/contract';
import type { ComponentProps, ReactNode } from 'react';
import styles from './filters.module.css';

/** A select of a filter form under its label; the select takes every prop but `children`, its options. */
export function SelectField({ label, children, ...select }: { label: string } & ComponentProps<'select'>) {
  return (
    <label className={styles.field}>
      <span>{label}</span>
      <select {...select}>{children}</select>
    </label>
  );
}

/** The options of a region select: `all` (the empty value), then the regions. */
export function RegionOptions({ all, regions }: { all: ReactNode; regions: readonly Region[] }) {
  return (
    <>
      <option value="">{all}</option>
      {regions.map((r) => (
        <option key={r.id} value={r.id}>
          {r.name}
        </option>
      ))}
    </>
  );
}

/** The options of a province select: `all` (the empty value), then the provinces with their sigla. */
export function ProvinceOptions({ all, provinces }: { all: ReactNode; provinces: readonly Province[] }) {
  return (
    <>
      <option value="">{all}</option>
      {provinces.map((p) => (
        <option key={p.id} value={p.id}>
          {p.name} ({p.sigla})
        </option>
      ))}
    </>
  );
}

/** The provinces a province select offers: those of the region, or all of them for all Italy (''). */
export function provincesOf(provinces: readonly Province[], region: string): readonly Province[] {
  return region ? provinces.filter((p) => p.regionId === region) : provinces;
}
