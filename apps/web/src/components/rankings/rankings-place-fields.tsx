'use client';

import type { Province, Region } from '@portal/contract';
import { useState } from 'react';
import { ProvinceOptions, provincesOf, RegionOptions, SelectField } from '../filters/select-field';
import { rankingsMessages as t } from './messages';

/**
 * The region and province selects of the rankings' form, as on /ecocompattatori: the province select
 * offers the provinces of the region chosen, a new region clears a province of another one, and a
 * province chosen under 'Tutta Italia' selects its region. The form is still sent with its button (and
 * works without JavaScript: the server then offers the provinces of the region in the URL, and drops and
 * names a province of another region).
 */
export function RankingsPlaceFields({
  regions,
  provinces,
  region: initialRegion,
  province: initialProvince,
  withProvince,
}: {
  regions: readonly Region[];
  /** Every province of Italy. */
  provinces: readonly Province[];
  region: string;
  province: string;
  /** The comuni's ranking: the province select is shown. */
  withProvince: boolean;
}) {
  const [region, setRegion] = useState(initialRegion);
  const [province, setProvince] = useState(initialProvince);

  const chooseRegion = (value: string) => {
    setRegion(value);
    if (!provincesOf(provinces, value).some((p) => p.id === province)) setProvince('');
  };
  const chooseProvince = (value: string) => {
    setProvince(value);
    const regionOfProvince = provinces.find((p) => p.id === value)?.regionId;
    if (regionOfProvince) setRegion(regionOfProvince);
  };

  return (
    <>
      <SelectField
        label={t.filters.region}
        name="regione"
        value={region}
        onChange={(e) => chooseRegion(e.target.value)}
      >
        <RegionOptions all={t.filters.allRegions} regions={regions} />
      </SelectField>
      {withProvince && (
        <SelectField
          label={t.filters.province}
          name="provincia"
          value={province}
          onChange={(e) => chooseProvince(e.target.value)}
        >
          <ProvinceOptions all={t.filters.allProvinces} provinces={provincesOf(provinces, region)} />
        </SelectField>
      )}
    </>
  );
}
