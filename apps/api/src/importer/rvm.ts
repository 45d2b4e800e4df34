import { RVM_IMPORT_COLUMNS, searchText } from '@portal/contract';
import { bulkInsert, loadIds } from './imports.repo';
import {
  checkRow,
  comuneCode,
  FieldError,
  missingColumns,
  nonNegative,
  readCsv,
  requiredBoolean,
  requiredInteger,
  requiredNumber,
  requiredText,
  requiredYear,
  type RowError,
} from './parse-utils';
import type { Dataset, Parsed } from './types';
import { importMessage } from './messages';

interface Machine {
  line: number;
  id: string;
  operator: string;
  cityId: string;
  address: string;
  cap: string | null;
  latitude: number;
  longitude: number;
  installedOn: string;
  active: boolean;
  demo: boolean;
}

interface RvmData {
  machines: Machine[];
  yearly: { machineId: string; year: number; pieces: number; kg: number }[];
}

function isoDate(value: string, column: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(`${value}T00:00:00Z`) : undefined;
  if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) {
    throw new FieldError('notDate', { column, value });
  }
  return value;
}

export const rvmDataset: Dataset<RvmData> = {
  id: 'rvm',
  description: 'reverse vending machines and what they collected per year (docs/rvm-csv-format.md)',
  input: 'file',
  changesStats: false,
  parse([{ text }]): Parsed<RvmData> {
    const { header, records } = readCsv(text);
    const data: RvmData = { machines: [], yearly: [] };
    const missing = missingColumns(header, RVM_IMPORT_COLUMNS);
    if (missing) return { data, errors: [{ line: 1, reason: missing }], rowCount: 0, years: [] };
    const errors: RowError[] = [];
    const machines = new Map<string, Machine>();
    const seen = new Map<string, number>();
    for (const { line, values: v } of records) {
      checkRow(errors, line, () => {
        const cap = v.cap || null;
        if (cap !== null && !/^\d{5}$/.test(cap))
          throw new FieldError('notDigits', { column: 'cap', value: cap, digits: 5 });
        const latitude = requiredNumber(v.latitude!, 'latitude');
        const longitude = requiredNumber(v.longitude!, 'longitude');
        if (latitude < 35 || latitude > 48 || longitude < 6 || longitude > 19) {
          throw new FieldError('outsideItaly', { latitude, longitude });
        }
        const machine: Machine = {
          line,
          id: requiredText(v.machine_id!, 'machine_id'),
          operator: requiredText(v.operator!, 'operator'),
          cityId: comuneCode(v.istat!, 'istat'),
          address: requiredText(v.address!, 'address'),
          cap,
          latitude,
          longitude,
          installedOn: isoDate(v.installed_on!, 'installed_on'),
          active: requiredBoolean(v.active!, 'active'),
          demo: requiredBoolean(v.demo!, 'demo'),
        };
        const year = requiredYear(v.year!, 'year');
        if (year < Number(machine.installedOn.slice(0, 4))) {
          throw new FieldError('beforeInstallation', { year, installedOn: machine.installedOn });
        }
        const pieces = requiredInteger(v.pieces!, 'pieces');
        const kg = nonNegative(requiredNumber(v.kg!, 'kg'), 'kg')!;
        const known = machines.get(machine.id);
        if (known) {
          const differs = (
            [
              'operator',
              'cityId',
              'address',
              'cap',
              'latitude',
              'longitude',
              'installedOn',
              'active',
              'demo',
            ] as const
          ).find((k) => known[k] !== machine[k]);
          if (differs)
            throw new FieldError('machineDiffers', {
              machine: machine.id,
              column: differs,
              line: known.line,
            });
        } else machines.set(machine.id, machine);
        const key = `${machine.id}|${year}`;
        if (seen.has(key))
          throw new FieldError('machineYearAlreadyOnLine', {
            machine: machine.id,
            year,
            line: seen.get(key)!,
          });
        seen.set(key, line);
        data.yearly.push({ machineId: machine.id, year, pieces, kg });
      });
    }
    data.machines = [...machines.values()];
    return { data, errors, rowCount: records.length, years: [] };
  },
  async check(q, data) {
    const cities = await loadIds(q, 'cities');
    return data.machines
      .filter((m) => !cities.has(m.cityId))
      .map((m) => ({ line: m.line, reason: importMessage('comuneUnknown', { city: m.cityId }) }));
  },
  async write(q, { machines: m, yearly: y }, progress) {
    progress.start('rvm: writing', m.length + y.length);
    const operators = [...new Set(m.map((x) => x.operator))];
    await q.query(
      `INSERT INTO rvm_operators (name, search_text) SELECT * FROM unnest($1::text[], $2::text[])
       ON CONFLICT (name) DO NOTHING`,
      [operators, operators.map(searchText)],
    );
    await bulkInsert(
      q,
      `INSERT INTO rvm_machines (id, operator_id, city_id, address, search_text, cap, latitude, longitude,
         installed_on, active, demo)
       SELECT u.id, o.id, u.city_id, u.address, u.search_text, u.cap, u.lat, u.lon, u.installed_on, u.active, u.demo
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::float8[], $7::float8[],
         $8::date[], $9::bool[], $10::bool[], $11::text[])
         AS u (id, operator, city_id, address, cap, lat, lon, installed_on, active, demo, search_text)
       JOIN rvm_operators o ON o.name = u.operator
       ON CONFLICT (id) DO UPDATE SET operator_id = excluded.operator_id, city_id = excluded.city_id,
         address = excluded.address, search_text = excluded.search_text, cap = excluded.cap, latitude = excluded.latitude,
         longitude = excluded.longitude, installed_on = excluded.installed_on, active = excluded.active,
         demo = excluded.demo`,
      [
        m.map((x) => x.id),
        m.map((x) => x.operator),
        m.map((x) => x.cityId),
        m.map((x) => x.address),
        m.map((x) => x.cap),
        m.map((x) => x.latitude),
        m.map((x) => x.longitude),
        m.map((x) => x.installedOn),
        m.map((x) => x.active),
        m.map((x) => x.demo),
        m.map((x) => searchText(x.address)),
      ],
      progress,
    );
    // The file is the full history of its machines: their yearly rows are replaced.
    await q.query('DELETE FROM rvm_yearly WHERE machine_id = ANY($1::text[])', [m.map((x) => x.id)]);
    await bulkInsert(
      q,
      `INSERT INTO rvm_yearly (machine_id, year, pieces, kg) SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::float8[])`,
      [y.map((x) => x.machineId), y.map((x) => x.year), y.map((x) => x.pieces), y.map((x) => x.kg)],
      progress,
    );
    progress.stop();
  },
};
