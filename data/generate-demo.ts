/**
 * Demo data generator (`npm run data:demo`): no public source gives collection modes, prevention
 * actions or reverse vending machine quantities per comune, so this script invents plausible ones,
 * deterministically (seeded PRNG: every run writes the same bytes). See docs/demo-data.md.
 *
 * Writes demo/city-sorting-types.csv, demo/city-actions.csv and demo/rvm-machines.csv.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RVM_IMPORT_COLUMNS, searchText } from '@portal/contract';

const DATA_DIR = dirname(fileURLToPath(import.meta.url));
/** The last year the demo quantities cover (the latest year of the bundled statistics). */
export const LAST_YEAR = 2024;

// ---------------------------------------------------------------------------------------------
// Small helpers: CSV in and out, a seeded PRNG.

/** Parses a comma- (or `delimiter`-) separated text with optional double quotes (RFC 4180), header included. */
export function parseCsv(text: string, delimiter = ','): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i]!;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      if (row.length > 1 || row[0] !== '') rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** The rows of a CSV file as objects keyed by its header (the data tests read the bundled files with it). */
export function readTable(path: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8'));
  return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ''])));
}

function csvField(value: string | number | boolean): string {
  const s = String(value);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function toCsv(header: readonly string[], rows: (string | number | boolean)[][]): string {
  return [header, ...rows].map((r) => r.map(csvField).join(',')).join('\n') + '\n';
}

/** mulberry32: a tiny, well-known 32-bit PRNG; good enough for demo data. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p: number) => next() < p,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    between: (min: number, max: number) => min + next() * (max - min),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
type Random = ReturnType<typeof createRandom>;

/** A seed from a text (FNV-1a), so each comune's draws do not depend on the others. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

// ---------------------------------------------------------------------------------------------
// Inputs.

interface Comune {
  istat: string;
  name: string;
  population: number;
  rdPct: number;
  latitude?: number;
  longitude?: number;
  sigla?: string;
}

function loadComuni(dataDir: string): Comune[] {
  const centroids = new Map(
    readTable(join(dataDir, 'geo/comuni-centroids-2023.csv')).map((r) => [r.com_istat_code!, r]),
  );
  return readTable(join(dataDir, 'ispra/comuni-2024-kpi.csv'))
    .map((r) => {
      const istat = r.istat!.slice(-6);
      const c = centroids.get(istat);
      return {
        istat,
        name: r.name!,
        population: Number(r.pop),
        rdPct: Number(r.rd_pct),
        latitude: c ? Number(c.centroid_lat) : undefined,
        longitude: c ? Number(c.centroid_lon) : undefined,
        sigla: c?.prov_acr,
      };
    })
    .sort((a, b) => a.istat.localeCompare(b.istat));
}

// ---------------------------------------------------------------------------------------------
// Collection modes.

const DOOR_FRACTIONS = ['umido', 'carta-cartone', 'plastica', 'vetro', 'metallo'] as const;
const FRACTION_ORDER = [
  'umido',
  'verde',
  'carta-cartone',
  'vetro',
  'legno',
  'metallo',
  'plastica',
  'raee',
  'tessili',
  'selettiva',
  'ingombranti',
];
const SORTING_ORDER = [
  'porta-a-porta',
  'stradale',
  'prossimita',
  'centro-di-raccolta',
  'compostaggio-domestico',
  'tariffa-puntuale',
  'su-chiamata',
];

function sortingTypesOf(c: Comune, rnd: Random): Map<string, Set<string>> {
  const modes = new Map<string, Set<string>>();
  const add = (mode: string, fraction: string) => {
    if (!modes.has(mode)) modes.set(mode, new Set());
    modes.get(mode)!.add(fraction);
  };
  const size = Math.log10(Math.max(c.population, 50)); // ~2 (tiny) … ~6.4 (Roma)
  // High separate-collection rates go with door-to-door collection; larger comuni mix in street bins.
  const doorShare = Math.min(0.95, Math.max(0.1, (c.rdPct - 35) / 50));
  const mixed = size > 4 && rnd.chance(Math.min(0.9, (size - 4) / 1.5));
  for (const f of DOOR_FRACTIONS) {
    if (rnd.chance(doorShare)) {
      add('porta-a-porta', f);
      // Big comuni keep street bins in the centre or for glass.
      if (mixed && (f === 'vetro' || rnd.chance(0.35))) add('stradale', f);
    } else add(rnd.chance(0.25) ? 'prossimita' : 'stradale', f);
  }
  for (const f of ['verde', 'legno', 'raee', 'ingombranti']) add('centro-di-raccolta', f);
  if (rnd.chance(0.55)) for (const f of ['raee', 'ingombranti']) add('su-chiamata', f);
  if (rnd.chance(0.25)) add('su-chiamata', 'verde');
  if (size < 4.3 && rnd.chance(0.6)) {
    add('compostaggio-domestico', 'umido');
    add('compostaggio-domestico', 'verde');
  }
  add(rnd.chance(0.7) ? 'stradale' : 'centro-di-raccolta', 'tessili');
  add(rnd.chance(0.5) ? 'prossimita' : 'centro-di-raccolta', 'selettiva');
  // Pay-as-you-throw: mostly where collection is door to door and the rate is high.
  const door = modes.get('porta-a-porta');
  if (door && door.size >= 3 && rnd.chance(c.rdPct > 75 ? 0.35 : 0.08)) {
    for (const f of door) add('tariffa-puntuale', f);
  }
  return modes;
}

// ---------------------------------------------------------------------------------------------
// Prevention actions.

const ACTION_TITLES: Record<string, readonly string[]> = {
  'compostaggio-domestico': [
    'Compostiere gratuite alle famiglie',
    'Corso di compostaggio domestico',
    'Compostaggio di comunità',
  ],
  'riduzione-imballaggi': [
    'Negozi amici dello sfuso',
    'Detersivi alla spina nei mercati',
    'Spesa senza imballaggi',
  ],
  riuso: ['Centro del riuso comunale', 'Repair café', 'Mercatino del baratto'],
  'acqua-pubblica': ["Casa dell'acqua", 'Borracce nelle scuole', 'Acqua di rete negli uffici comunali'],
  'eventi-plastic-free': [
    'Sagre plastic free',
    'Stoviglie lavabili per le feste di paese',
    'Spiagge plastic free',
  ],
  'educazione-ambientale': [
    'Scuole differenziate',
    'Giornata ecologica',
    'Campagna "Differenziare conviene"',
  ],
  'tariffa-puntuale': ['Tariffa puntuale sul secco residuo', 'Sperimentazione della tariffa puntuale'],
  'green-public-procurement': ['Acquisti verdi negli uffici comunali', 'Mense con criteri ambientali minimi'],
  'spreco-alimentare': [
    'Recupero delle eccedenze delle mense',
    'Family bag nei ristoranti',
    'Rete antispreco con i negozi',
  ],
  'pannolini-lavabili': ['Contributo per i pannolini lavabili'],
  ecocompattatori: ['Ecocompattatori con premi per i cittadini', 'Raccolta premiata di bottiglie in PET'],
};
const CATEGORY_IDS = Object.keys(ACTION_TITLES);

function actionsOf(c: Comune, rnd: Random): [string, string, number][] {
  const size = Math.log10(Math.max(c.population, 50));
  // 0–6 actions; about one comune in six has none, larger comuni tend to have more.
  const count = rnd.chance(0.17) ? 0 : Math.min(6, Math.max(1, Math.round(rnd.between(0, 3) + (size - 2.5))));
  const categories = [...CATEGORY_IDS];
  const out: [string, string, number][] = [];
  for (let i = 0; i < count && categories.length; i++) {
    const category = categories.splice(rnd.int(0, categories.length - 1), 1)[0]!;
    out.push([category, rnd.pick(ACTION_TITLES[category]!), rnd.int(2012, LAST_YEAR)]);
  }
  return out.sort((a, b) => a[0].localeCompare(b[0]));
}

// ---------------------------------------------------------------------------------------------
// Reverse vending machines.

export const RVM_OPERATORS = [
  'EcoRendo Italia S.r.l. (demo)',
  'Ricicla e Vinci S.p.A. (demo)',
  'PET Ritorno Servizi S.r.l. (demo)',
  'Compatta Verde Soc. Coop. (demo)',
  'Bottiglia Amica S.r.l. (demo)',
  'Circolo Lattina S.r.l. (demo)',
  'Green Vending Sud S.r.l. (demo)',
  'Riciclo Premiato S.p.A. (demo)',
  'Alpi Eco Macchine S.r.l. (demo)',
  'Isole Ecocompattatori S.r.l. (demo)',
] as const;

/** Real sites whose comune has since merged, or that name a frazione: the comune of 2023. */
const RVM_COMUNE_ALIASES: Record<string, string> = {
  'trivero|BI': 'valdilana',
  'valle mosso|BI': 'valdilana',
  'rossano|CS': 'corigliano rossano',
  'funo|BO': 'argelato',
  'santa margherita di pula|CA': 'pula',
  'vena di ionadi|VV': 'ionadi',
  'san brancato|PZ': 'sant arcangelo',
};

const STREETS = [
  'Via Roma',
  'Via Garibaldi',
  'Via Mazzini',
  'Corso Italia',
  'Via Dante Alighieri',
  'Piazza Matteotti',
  'Via XX Settembre',
  'Via della Repubblica',
  'Viale Europa',
  'Via Marconi',
  'Via Verdi',
  'Piazza del Mercato',
  'Via Gramsci',
  'Via Cavour',
  'Via delle Industrie',
];

export const GENERATED_MACHINES = 260;

interface Site {
  istat: string;
  address: string;
  cap: string;
  latitude: number;
  longitude: number;
  demo: boolean;
}

function realSites(dataDir: string, comuni: Comune[]): Site[] {
  const bySearch = new Map<string, Comune>();
  const centroids = readTable(join(dataDir, 'geo/comuni-centroids-2023.csv'));
  for (const r of centroids) {
    bySearch.set(`${searchText(r.name!)}|${r.prov_acr}`, {
      istat: r.com_istat_code!,
      name: r.name!,
      population: 0,
      rdPct: 0,
    });
  }
  void comuni;
  return readTable(join(dataDir, 'rvm/riciclia-2021.csv')).map((r, i) => {
    const m = /^(.*)\s+([A-Z]{2})$/.exec(r.comune_provincia!.trim());
    if (!m) throw new Error(`rvm/riciclia-2021.csv:${i + 2}: no comune and sigla in "${r.comune_provincia}"`);
    const name = searchText(m[1]!);
    const alias = RVM_COMUNE_ALIASES[`${name}|${m[2]}`];
    const comune = bySearch.get(`${alias ?? name}|${m[2]}`);
    if (!comune) throw new Error(`rvm/riciclia-2021.csv:${i + 2}: comune "${r.comune_provincia}" not found`);
    return {
      istat: comune.istat,
      address: r.indirizzo || (r.nome ? r.nome : 'Indirizzo non indicato'),
      cap: r.cap!,
      latitude: Number(r.latitudine),
      longitude: Number(r.longitudine),
      demo: false,
    };
  });
}

function generatedSites(comuni: Comune[], rnd: Random): Site[] {
  const candidates = comuni.filter((c) => c.latitude !== undefined && c.population >= 3000);
  // Larger comuni are likelier to host a machine (weight ~ population^0.8).
  const weights = candidates.map((c) => Math.pow(c.population, 0.8));
  const total = weights.reduce((a, b) => a + b, 0);
  const sites: Site[] = [];
  for (let i = 0; i < GENERATED_MACHINES; i++) {
    let x = rnd.next() * total;
    let k = 0;
    while (k < candidates.length - 1 && x >= weights[k]!) x -= weights[k++]!;
    const c = candidates[k]!;
    sites.push({
      istat: c.istat,
      address: `${rnd.pick(STREETS)}, ${rnd.int(1, 180)}`,
      cap: '',
      latitude: Number((c.latitude! + rnd.between(-0.012, 0.012)).toFixed(6)),
      longitude: Number((c.longitude! + rnd.between(-0.015, 0.015)).toFixed(6)),
      demo: true,
    });
  }
  return sites;
}

function machineRows(sites: Site[], rnd: Random): (string | number | boolean)[][] {
  const rows: (string | number | boolean)[][] = [];
  sites.forEach((site, i) => {
    const id = `RVM-${String(i + 1).padStart(4, '0')}`;
    const operator = rnd.pick(RVM_OPERATORS);
    // The real sites were mapped around 2021, so they were installed by then.
    const year = rnd.int(2018, site.demo ? LAST_YEAR : 2021);
    const month = rnd.int(1, 12);
    const day = rnd.int(1, 28);
    const installedOn = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const active = rnd.chance(0.88);
    const lastYear = active ? LAST_YEAR : Math.min(LAST_YEAR, year + rnd.int(1, 4));
    // A busy supermarket machine takes ~150k pieces a year, a quiet village one ~15k.
    const rate = rnd.between(15_000, 150_000);
    const gramsPerPiece = rnd.between(25, 30);
    for (let y = year; y <= lastYear; y++) {
      const months = y === year ? 13 - month : 12;
      const growth = Math.min(1.3, 0.8 + 0.08 * (y - year));
      const pieces = Math.round(((rate * months) / 12) * growth * rnd.between(0.85, 1.15));
      const kg = Math.round(pieces * gramsPerPiece) / 1000;
      rows.push([
        id,
        operator,
        site.istat,
        site.address,
        site.cap,
        site.latitude,
        site.longitude,
        installedOn,
        active,
        y,
        pieces,
        Number(kg.toFixed(1)),
        site.demo,
      ]);
    }
  });
  return rows;
}

// ---------------------------------------------------------------------------------------------

/** Every demo file, path relative to data/ → content. Pure: nothing is written. */
export function generateDemo(dataDir = DATA_DIR): Record<string, string> {
  const comuni = loadComuni(dataDir);
  const sorting: string[][] = [];
  const actions: (string | number)[][] = [];
  for (const c of comuni) {
    const modes = sortingTypesOf(c, createRandom(seedOf(`sorting:${c.istat}`)));
    for (const mode of SORTING_ORDER) {
      const fractions = modes.get(mode);
      if (!fractions) continue;
      sorting.push([c.istat, mode, FRACTION_ORDER.filter((f) => fractions.has(f)).join(' ')]);
    }
    for (const [category, title, year] of actionsOf(c, createRandom(seedOf(`actions:${c.istat}`)))) {
      actions.push([c.istat, category, title, year]);
    }
  }
  const sites = [...realSites(dataDir, comuni), ...generatedSites(comuni, createRandom(seedOf('rvm-sites')))];
  return {
    'demo/city-sorting-types.csv': toCsv(['istat', 'sorting_type', 'fractions'], sorting),
    'demo/city-actions.csv': toCsv(['istat', 'category', 'title', 'started_year'], actions),
    'demo/rvm-machines.csv': toCsv(
      RVM_IMPORT_COLUMNS,
      machineRows(sites, createRandom(seedOf('rvm-machines'))),
    ),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [path, content] of Object.entries(generateDemo())) {
    mkdirSync(dirname(join(DATA_DIR, path)), { recursive: true });
    writeFileSync(join(DATA_DIR, path), content);
    process.stderr.write(`wrote data/${path} (${content.split('\n').length - 2} rows)\n`);
  }
}
