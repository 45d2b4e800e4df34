import { describe, expect, it } from 'vitest';
import { downloadQuery, yearsOfSource, yearsPath, type DownloadChoice } from './download-query';

const base: DownloadChoice = {
  source: '1',
  level: 'country',
  regionId: '',
  provinceId: '',
  cityId: '',
  years: [],
  wasteFraction: '',
  sortingType: '',
  actionsCategory: '',
  operator: '',
};

describe('downloadQuery', () => {
  it('waits for the area, then sends level, id and the sorted years', () => {
    expect(downloadQuery({ ...base, level: 'region' })).toBeNull();
    expect(downloadQuery(base)?.toString()).toBe('format=csv&source=1&level=country');
    expect(
      downloadQuery({
        ...base,
        level: 'province',
        regionId: '05',
        provinceId: '028',
        years: [2023, 2019, 2023],
      })?.toString(),
    ).toBe('format=csv&source=1&level=province&id=028&years=2019%2C2023');
  });

  it('sends the waste filters only for the collection data, the operator only for the ecocompattatori', () => {
    const choice = { ...base, wasteFraction: 'carta', sortingType: 'porta-a-porta', operator: '7' };
    expect(downloadQuery(choice)?.toString()).toBe(
      'format=csv&source=1&level=country&waste_fraction=carta&sorting_type=porta-a-porta',
    );
    const rvm = downloadQuery({
      ...choice,
      source: '2',
      level: 'region',
      regionId: '03',
      years: [2023, 2022],
    });
    expect(Object.fromEntries(rvm!)).toEqual({
      format: 'csv',
      source: '2',
      level: 'region',
      id: '03',
      years: '2022,2023',
      operator: '7',
    });
  });
});

describe('yearsOfSource', () => {
  it('keeps only the ticks the source has', () => {
    expect(yearsOfSource([2015, 2023], [2024, 2023, 2022])).toEqual([2023]);
    expect(yearsOfSource([2015], [])).toEqual([]);
  });
});

describe('yearsPath', () => {
  it("asks the area's statistics for the collection data's years", () => {
    expect(yearsPath(base)).toBe('/api/stats/overall/');
    expect(yearsPath({ ...base, level: 'region', regionId: '19' })).toBe('/api/stats/overall/?region=19');
    expect(yearsPath({ ...base, level: 'province', regionId: '05', provinceId: '028' })).toBe(
      '/api/stats/overall/?province=028',
    );
    expect(yearsPath({ ...base, level: 'city', cityId: '082053' })).toBe('/api/stats/cities/city/082053/');
    expect(yearsPath({ ...base, level: 'city' })).toBeNull();
  });

  it("asks the machines' years endpoint, with area and operator, for the ecocompattatori", () => {
    const rvm = { ...base, source: '2' as const };
    expect(yearsPath(rvm)).toBe('/api/reverse-vending-machines/reverse-vending-machine/years/');
    expect(yearsPath({ ...rvm, level: 'region', regionId: '03', operator: '4' })).toBe(
      '/api/reverse-vending-machines/reverse-vending-machine/years/?region=03&operator=4',
    );
    expect(yearsPath({ ...rvm, level: 'province', regionId: '03' })).toBeNull();
  });
});
