/** Italian strings of /classifiche and of the comune page's "Posizione in classifica". */

import {
  POPULATION_BAND_LABELS,
  RANKING_PAGE_MAX,
  type PopulationBand,
  type RankingIndicator,
  type RankingLevel,
} from '@portal/contract/lite';

/**
 * A level's noun, singular and plural, with the article of "Classifica dei comuni" and "tutti" agreeing
 * with it ("tutti" i comuni, "tutte" le province).
 */
const LEVELS = {
  city: { one: 'comune', many: 'comuni', of: 'dei comuni', tab: 'Comuni', name: 'Comune', all: 'tutti' },
  province: {
    one: 'provincia',
    many: 'province',
    of: 'delle province',
    tab: 'Province',
    name: 'Provincia',
    all: 'tutte',
  },
  region: {
    one: 'regione',
    many: 'regioni',
    of: 'delle regioni',
    tab: 'Regioni',
    name: 'Regione',
    all: 'tutte',
  },
} as const satisfies Record<RankingLevel, Record<string, string>>;

const INDICATORS = {
  sortedPercentage: {
    tab: 'Raccolta differenziata',
    by: 'raccolta differenziata',
    column: 'Raccolta differenziata (%)',
  },
  producedPerCapita: {
    tab: 'Rifiuti prodotti',
    by: 'rifiuti prodotti per abitante',
    column: 'Rifiuti prodotti (kg/ab.)',
  },
  unsortedPerCapita: {
    tab: 'Rifiuti indifferenziati',
    by: 'rifiuti indifferenziati per abitante',
    column: 'Rifiuti indifferenziati (kg/ab.)',
  },
  sortedPercentageChange: {
    tab: 'Variazione della differenziata',
    by: 'variazione della raccolta differenziata',
    column: 'Variazione (punti %)',
  },
} as const satisfies Record<RankingIndicator, Record<string, string>>;

/** "in Veneto", "nelle Marche", "nel Lazio": where a region's comuni are. */
export function inRegion(name: string): string {
  if (name === 'Marche') return 'nelle Marche';
  if (name === 'Lazio' || name === 'Molise' || name.startsWith('Friuli')) return `nel ${name}`;
  return `in ${name}`;
}

/** "del 73%", "dell'8%", "dello 0%": the article before a percentage, as it is read aloud. */
export function ofPercent(p: number): string {
  if (p === 0) return `dello ${p}%`;
  const vowel = p === 1 || p === 8 || p === 11 || (p >= 80 && p <= 89);
  return vowel ? `dell’${p}%` : `del ${p}%`;
}

/** A band's label as a phrase: "5.000–15.000 abitanti" (the last label already says "abitanti"). */
export function bandText(band: PopulationBand): string {
  const label = POPULATION_BAND_LABELS[band];
  return label.endsWith('abitanti') ? label : `${label} abitanti`;
}

/** "1°", "1.234°". */
const ordinal = (rank: string) => `${rank}°`;

const yearsText = (year: number, compareYear: number | null) =>
  compareYear === null ? `, ${year}` : ` dal ${compareYear} al ${year}`;

export const rankingsMessages = {
  metaTitle: 'Classifiche',
  metaDescription:
    'Classifiche dei comuni, delle province e delle regioni italiane per raccolta differenziata, rifiuti prodotti e indifferenziati per abitante, e per variazione della raccolta differenziata, con filtri per regione, provincia e fascia di abitanti.',
  levels: LEVELS,
  indicators: INDICATORS,
  /** "Classifica dei comuni per raccolta differenziata, 2024". */
  heading: (
    level: RankingLevel,
    indicator: RankingIndicator,
    year: number | null,
    compareYear: number | null,
  ) =>
    `Classifica ${LEVELS[level].of} per ${INDICATORS[indicator].by}${year === null ? '' : yearsText(year, compareYear)}`,
  intro:
    'Comuni, province e regioni in ordine di raccolta differenziata, di rifiuti prodotti e indifferenziati per abitante, o di variazione della raccolta differenziata rispetto a un anno di confronto. A pari valore, al decimale mostrato, corrisponde la stessa posizione; chi non ha dati per l’anno è elencato a parte, mai in classifica con zero.',
  laterPopulation: (year: number, perCapita: boolean) =>
    `Per il ${year} le fonti non danno gli abitanti di tutti i comuni: per quelli senza, la colonna Abitanti` +
    `${perCapita ? ', i kg per abitante' : ''} e le fasce usano gli abitanti dell’ultimo anno noto.`,
  lowerIsBetter:
    'Per i rifiuti prodotti e indifferenziati per abitante è meglio un valore più basso: al primo posto c’è chi ne produce meno.',
  levelNav: 'Che cosa mettere in classifica',
  indicatorNav: 'Indicatore della classifica',
  filters: {
    title: 'Filtra la classifica',
    year: 'Anno',
    compareYear: 'Anno di confronto',
    region: 'Regione',
    allRegions: 'Tutta Italia',
    province: 'Provincia',
    allProvinces: 'Tutte le province',
    band: 'Abitanti',
    allBands: 'Tutte le fasce',
    bandOption: (band: PopulationBand) => bandText(band),
    capitals: 'Solo capoluoghi di provincia',
    anomalies: 'Mostra anche i dati anomali nella fonte',
    submit: 'Mostra classifica',
    reset: 'Azzera i filtri',
    active: 'Filtri',
    provinceOf: (name: string) => `provincia di ${name}`,
    provinceDropped: (province: string, region: string) =>
      `La provincia di ${province} non è ${inRegion(region)}: la classifica è di tutti i comuni della regione, senza il filtro per provincia.`,
    capitalsOnly: 'solo capoluoghi',
    withAnomalies: 'con i dati anomali nella fonte',
  },
  results: {
    ranked: 'La classifica',
    unranked: (level: RankingLevel) => `${LEVELS[level].tab} senza dati`,
  },
  count: {
    ranked: (level: RankingLevel, n: number, text: string) =>
      `${text} ${n === 1 ? LEVELS[level].one : LEVELS[level].many} in classifica`,
    unranked: (n: string, year: number, compareYear: number | null) =>
      compareYear === null
        ? `${n} senza dati per il ${year}`
        : `${n} senza dati per il ${compareYear} o il ${year}`,
    allRanked: (level: RankingLevel) => `${LEVELS[level].all} con dati`,
    backToRanking: 'Torna alla classifica',
    /** "3 comuni esclusi: dato anomalo nella fonte" (decision 070). */
    anomalous: (n: number, text: string) =>
      `${text} ${n === 1 ? 'comune escluso' : 'comuni esclusi'} perché il dato della fonte è anomalo`,
    showAnomalous: 'mostrali in classifica, segnalati',
    hideAnomalous: 'Escludi i dati anomali nella fonte',
    anomaliesNote:
      'Sono in classifica anche i comuni con un dato anomalo nella fonte (per esempio pochi chili di rifiuti per abitante o il 100 % di differenziata), segnalati con le cifre che lo rendono tale: il valore è quello della fonte, non corretto.',
  },
  table: {
    caption: (heading: string, filters: string[], page: number, pageCount: number) =>
      `${heading}${filters.length ? ` (${filters.join(', ')})` : ''}${pageCount > 1 ? `: pagina ${page} di ${pageCount}` : ''}`,
    unrankedCaption: (
      level: RankingLevel,
      year: number,
      compareYear: number | null,
      filters: string[],
      page: number,
      pageCount: number,
    ) =>
      `${LEVELS[level].tab} senza dati per ${compareYear === null ? `il ${year}` : `il ${compareYear} o il ${year}`}${filters.length ? ` (${filters.join(', ')})` : ''}${pageCount > 1 ? `: pagina ${page} di ${pageCount}` : ''}`,
    scrollLabel: (caption: string) => `Tabella: ${caption}`,
    rank: 'Posizione',
    province: 'Provincia',
    region: 'Regione',
    population: 'Abitanti',
    /** A comune's inhabitants, or kg per inhabitant, from another year's population (decision 071). */
    populationOf: (year: number) => `popolazione del ${year}`,
    populationEstimate: (year: number) => `stima con la popolazione del ${year}`,
    from: (year: number) => `% RD ${year}`,
    to: (year: number) => `% RD ${year}`,
    /** On a phone, under the name: the columns folded there. */
    inhabitants: (n: string) => `${n}\u00a0ab.`,
    noPopulation: 'abitanti n.d.',
    fromTo: (compareYear: number | null, from: string, year: number, to: string) =>
      compareYear === null ? `% RD ${year}: ${to}` : `% RD ${compareYear}: ${from} → ${year}: ${to}`,
    tied: 'pari merito',
    tiedLegend: '= pari merito: lo stesso valore, al decimale mostrato, dà la stessa posizione.',
    capital: 'capoluogo',
    noValue: 'n.d.',
    /** The value column's sort link: what a click does. */
    sortBest: 'mostra prima i migliori',
    sortWorst: 'mostra prima i peggiori',
    empty: 'Nessun territorio con questi filtri ha dati per l’anno scelto.',
    emptyUnranked: (level: RankingLevel) =>
      `Con questi filtri ${LEVELS[level].all} hanno dati per l’anno scelto.`,
  },
  csv: {
    label: (heading: string) => `Scarica in CSV l’elenco completo: ${heading}`,
    hint: (rows: string, pages: number) =>
      `Tutto l’elenco (${rows} righe${pages > 1 ? `, ${pages} pagine` : ''}), non solo questa pagina: per ogni riga l’anno, la fonte, le stime e i dati anomali nella fonte.`,
  },
  pagination: {
    label: 'Pagine della classifica',
    previous: 'Precedente',
    next: 'Successiva',
    page: (n: string) => `Pagina ${n}`,
    outOfRange: (page: number, pageCount: number) =>
      `La pagina ${page} non esiste: l’elenco ha ${pageCount === 1 ? 'una pagina' : `${pageCount} pagine`}.`,
    firstPage: 'Vai alla prima pagina',
  },
  error: {
    title: 'Non è possibile mostrare questa classifica',
    intro: 'L’indirizzo contiene valori che la classifica non accetta:',
    back: 'Vai alla classifica dei comuni',
  },
  /** The URL's parameters by name, for the error list ("Anno: …"). */
  params: {
    livello: 'Livello',
    indicatore: 'Indicatore',
    anno: 'Anno',
    confronto: 'Anno di confronto',
    regione: 'Regione',
    provincia: 'Provincia',
    fascia: 'Abitanti',
    capoluoghi: 'Capoluoghi',
    anomali: 'Dati anomali',
    ordine: 'Ordine',
    elenco: 'Elenco',
    pagina: 'Pagina',
  } as Record<string, string>,
  invalid: {
    level: 'Livello non valido: «comuni», «province» o «regioni».',
    indicator: 'Indicatore non valido: «rd», «prodotti», «indifferenziati» o «variazione».',
    year: 'Anno non valido: quattro cifre, tra il 1990 e il 2100.',
    compareYear: 'Anno di confronto non valido: quattro cifre, tra il 1990 e il 2100.',
    compareYearIndicator: 'L’anno di confronto vale solo per la variazione della raccolta differenziata.',
    region: 'Codice ISTAT di regione non valido: due cifre.',
    province: 'Codice ISTAT di provincia non valido: tre cifre.',
    band: 'Fascia di abitanti non valida: «fino-5000», «5000-15000», «15000-50000», «50000-100000» o «oltre-100000».',
    capitals: 'Valore non valido: «1» per i soli capoluoghi di provincia.',
    cityOnly: 'Filtro disponibile solo per la classifica dei comuni.',
    anomalies: 'Valore non valido: «1» per mostrare anche i dati anomali nella fonte.',
    order: 'Ordine non valido: «migliori» o «peggiori».',
    list: 'Elenco non valido: «senza-dati» per chi non ha dati.',
    page: `Pagina non valida: un intero da 1 a ${RANKING_PAGE_MAX}.`,
  },
  /** The explorer's link to the rankings (the header's links are fixed by the SPEC). */
  explorerLink: 'Vedi la classifica',
  explorerLinkRegion: (name: string) => `Vedi la classifica dei comuni ${inRegion(name)}`,
  explorerLinkProvince: (name: string) => `Vedi la classifica dei comuni in provincia di ${name}`,
  cityRank: {
    title: 'Posizione in classifica',
    value: (year: number, value: string) => `Raccolta differenziata nel ${year}: ${value}`,
    italy: (rank: string, total: string) => [ordinal(rank), `in Italia su ${total}`] as const,
    region: (rank: string, total: string, name: string) =>
      [ordinal(rank), `${inRegion(name)} su ${total}`] as const,
    province: (rank: string, total: string, name: string) =>
      [ordinal(rank), `in provincia di ${name} su ${total}`] as const,
    band: (rank: string, total: string, name: string, band: PopulationBand) =>
      [ordinal(rank), `${inRegion(name)} tra i comuni con ${bandText(band)}, su ${total}`] as const,
    percentile: (p: number) => `meglio ${ofPercent(p)} dei comuni italiani`,
    noItaly: (year: number) =>
      `Nel ${year} le fonti del portale non coprono quasi tutti i comuni italiani: per quell’anno non c’è una posizione in Italia.`,
    linkItaly: 'Classifica dei comuni italiani',
    linkRegion: (name: string) => `Classifica dei comuni ${inRegion(name)}`,
    linkProvince: (name: string) => `Classifica dei comuni in provincia di ${name}`,
    linkBand: (name: string, band: PopulationBand) =>
      `Classifica dei comuni ${inRegion(name)} con ${bandText(band)}`,
    rankedBy: 'Le posizioni sono per percentuale di raccolta differenziata; a pari valore, pari posizione.',
    noData: (year: number) =>
      `Il comune non ha dati sulla raccolta differenziata per il ${year}: per quell’anno non è in classifica.`,
    unavailable: 'La posizione in classifica non è disponibile in questo momento.',
    anomalous: (year: number) =>
      `Il dato del ${year} di questo comune è anomalo nella fonte: per quell’anno non è in classifica né tra i comuni simili degli altri.`,
    linkAnomalies: 'Classifica con i dati anomali, segnalati',
    peersTitle: 'Comuni simili',
    peersIntro: (region: string, band: PopulationBand, year: number) =>
      `I comuni ${inRegion(region)} con ${bandText(band)} e la percentuale di raccolta differenziata più vicina, nel ${year}; non quelli con un dato anomalo nella fonte.`,
    peersCaption: (name: string, year: number) =>
      `${name} e i comuni simili: stessa regione e fascia di abitanti, raccolta differenziata più vicina (${year}), per posizione in Italia`,
    peersNone: (region: string, year: number) =>
      `Nessun altro comune ${inRegion(region)} della stessa fascia di abitanti ha dati per il ${year}.`,
    self: '(questo comune)',
    peerColumns: {
      name: 'Comune',
      province: 'Provincia',
      population: 'Abitanti',
      value: 'Raccolta differenziata',
      rank: 'Posizione in Italia',
    },
  },
} as const;
