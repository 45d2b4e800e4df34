/**
 * The validation messages of the contract's schemas, by key, in Italian (the default) and English. `{name}`
 * marks a parameter. The schemas render a message when an issue is finalized, in the language of the
 * parse: Italian, unless the parse runs inside `inLanguage` (the API does, to answer
 * `Accept-Language: en`). A browser never changes it, so the web forms show the Italian texts.
 */
export type Lang = 'it' | 'en';
export interface Message {
  it: string;
  en: string;
}
export type MessageParams = Record<string, string | number>;

export const CONTRACT_MESSAGES = {
  // fields.ts: DRF-style messages of the request bodies
  required: { it: 'Questo campo è obbligatorio.', en: 'This field is required.' },
  notString: { it: 'Non è una stringa valida.', en: 'Not a valid string.' },
  blank: { it: 'Questo campo non può essere vuoto.', en: 'This field may not be blank.' },
  invalidEmail: { it: 'Inserisci un indirizzo email valido.', en: 'Enter a valid email address.' },
  notObject: {
    it: 'Dati non validi: è atteso un oggetto JSON.',
    en: 'Invalid data: a JSON object is expected.',
  },
  invalidChoice: { it: 'Scelta non valida.', en: 'Not a valid choice.' },
  maxLength: {
    it: 'Assicurati che questo campo non abbia più di {max} caratteri.',
    en: 'Ensure this field has no more than {max} characters.',
  },
  atMostChars: { it: 'Al massimo {max} caratteri.', en: 'At most {max} characters.' },
  noLinks: {
    it: 'Questo campo non può contenere indirizzi web o e-mail.',
    en: 'This field may not contain a web or e-mail address.',
  },
  invalidValue: { it: 'Valore non valido.', en: 'Invalid value.' },
  // contact.ts
  privacyRequired: {
    it: 'Prima di inviare, conferma di aver letto e accettato la nostra Privacy Policy.',
    en: 'Before sending, please confirm that you have read and accepted our Privacy Policy.',
  },
  // areas and years (stats.ts, geo.ts, rvm.ts)
  invalidRegionId: {
    it: 'Codice ISTAT di regione non valido (due cifre, es. 05).',
    en: 'Invalid ISTAT region code (two digits, e.g. 05).',
  },
  invalidProvinceId: {
    it: 'Codice ISTAT di provincia non valido (tre cifre, es. 028).',
    en: 'Invalid ISTAT province code (three digits, e.g. 028).',
  },
  invalidCityId: {
    it: 'Codice ISTAT di comune non valido (sei cifre, es. 028001).',
    en: 'Invalid ISTAT comune code (six digits, e.g. 028001).',
  },
  invalidYear: { it: 'Anno non valido.', en: 'Invalid year.' },
  regionOrProvince: {
    it: 'Indicare la regione oppure la provincia, non entrambe.',
    en: 'Give the region or the province, not both.',
  },
  invalidMapLevel: {
    it: "Livello non valido: 'region', 'province' o 'city'.",
    en: "Invalid level: 'region', 'province' or 'city'.",
  },
  invalidOperator: { it: 'Gestore non valido.', en: 'Invalid operator.' },
  // compare-download.ts
  compareFormat: {
    it: 'Formato non valido: pdf, png, jpg o csv.',
    en: 'Invalid format: pdf, png, jpg or csv.',
  },
  compareAreasMissing: {
    it: 'Indicare da 1 a {max} territori, ad esempio comune:015146,regione:05,italia.',
    en: 'Give 1 to {max} areas, e.g. comune:015146,regione:05,italia.',
  },
  compareAreasMalformed: {
    it: '{entries}: non è un territorio; si scrive ad esempio comune:015146, provincia:028, regione:05 o italia.',
    en: '{entries}: not an area; write e.g. comune:015146, provincia:028, regione:05 or italia.',
  },
  compareAreasTooMany: {
    it: 'Si possono confrontare al massimo {max} territori.',
    en: 'At most {max} areas can be compared.',
  },
  compareMeasure: {
    it: 'Dato non valido: rd, kg o tonnellate.',
    en: 'Invalid measure: rd, kg or tonnellate.',
  },
  // downloads.ts
  invalidStatistic: { it: 'Statistica non valida.', en: 'Invalid statistic.' },
  invalidSource: {
    it: 'Fonte non valida: 1 (raccolta) o 2 (ecocompattatori).',
    en: 'Invalid source: 1 (collection) or 2 (reverse vending machines).',
  },
  invalidFormat: {
    it: 'Formato non valido: pdf, png, jpg o csv.',
    en: 'Invalid format: pdf, png, jpg or csv.',
  },
  invalidLevel: { it: 'Livello non valido.', en: 'Invalid level.' },
  countryNoId: { it: "Per l'Italia non serve un codice.", en: 'Italy takes no code.' },
  invalidAreaId: {
    it: 'Codice ISTAT mancante o non valido per il livello scelto.',
    en: 'ISTAT code missing or not valid for the chosen level.',
  },
  downloadYear: { it: 'Anno non valido: tra {min} e {max}.', en: 'Invalid year: between {min} and {max}.' },
  yearsFormat: {
    it: 'Anni non validi: elenco separato da virgole, es. 2022,2023.',
    en: 'Invalid years: a comma-separated list, e.g. 2022,2023.',
  },
  yearsItem: {
    it: 'Anno non valido: {year} (tra {min} e {max}).',
    en: 'Invalid year: {year} (between {min} and {max}).',
  },
  compareYear: {
    it: 'Anno di confronto non valido: tra {min} e {max}.',
    en: 'Invalid comparison year: between {min} and {max}.',
  },
  yearAndYears: { it: 'Indicare year oppure years, non entrambi.', en: 'Give year or years, not both.' },
  statisticMissing: { it: 'Indicare la statistica da esportare.', en: 'Give the statistic to export.' },
  cityOnly: {
    it: 'Statistica disponibile solo per un comune.',
    en: 'Statistic available for a comune only.',
  },
  areaOnly: {
    it: "Statistica disponibile per l'Italia, una regione o una provincia: per un comune si scaricano le sue modalità di raccolta e le sue azioni di prevenzione.",
    en: 'Statistic available for Italy, a region or a province: for a comune, download its collection modes and its prevention actions.',
  },
  imageSource: {
    it: 'Le immagini mostrano le statistiche della raccolta: i dati degli ecocompattatori si scaricano in CSV.',
    en: 'Images show the collection statistics: the reverse vending machine data is downloaded as CSV.',
  },
  imageYears: { it: "Per un'immagine indicare un solo anno.", en: 'Give a single year for an image.' },
  imageFilter: {
    it: "I filtri valgono solo per il CSV: un'immagine mostra la statistica dell'intera area.",
    en: 'Filters apply to the CSV only: an image shows the statistic of the whole area.',
  },
  compareYearCsv: {
    it: "L'anno di confronto vale solo per le immagini (pdf, png, jpg).",
    en: 'The comparison year applies to images only (pdf, png, jpg).',
  },
  rvmFilter: {
    it: 'Filtro non disponibile per i dati degli ecocompattatori.',
    en: 'Filter not available for the reverse vending machine data.',
  },
  operatorWaste: {
    it: 'Il gestore si sceglie solo con i dati degli ecocompattatori (source=2).',
    en: 'The operator is chosen only with the reverse vending machine data (source=2).',
  },
  unknownWasteFraction: { it: 'Frazione sconosciuta.', en: 'Unknown waste fraction.' },
  unknownSortingType: { it: 'Modalità di raccolta sconosciuta.', en: 'Unknown collection mode.' },
  unknownActionsCategory: {
    it: 'Categoria di azioni di prevenzione sconosciuta.',
    en: 'Unknown prevention action category.',
  },
  unknownOperator: { it: 'Gestore sconosciuto.', en: 'Unknown operator.' },
  // rankings.ts
  invalidRankingIndicator: {
    it: "Indicatore non valido: 'sortedPercentage', 'producedPerCapita', 'unsortedPerCapita' o 'sortedPercentageChange'.",
    en: "Invalid indicator: 'sortedPercentage', 'producedPerCapita', 'unsortedPerCapita' or 'sortedPercentageChange'.",
  },
  invalidPopulationBand: {
    it: "Fascia di popolazione non valida: 'fino-5000', '5000-15000', '15000-50000', '50000-100000' o 'oltre-100000'.",
    en: "Invalid population band: 'fino-5000', '5000-15000', '15000-50000', '50000-100000' or 'oltre-100000'.",
  },
  invalidCapitals: {
    it: "Valore non valido: 'true' per i soli capoluoghi.",
    en: "Invalid value: 'true' for the capitals only.",
  },
  invalidAnomalies: {
    it: "Valore non valido: 'include' per mostrare anche i dati anomali nella fonte.",
    en: "Invalid value: 'include' to show the figures that are anomalous in the source too.",
  },
  invalidRankingOrder: {
    it: "Ordine non valido: 'best' o 'worst'.",
    en: "Invalid order: 'best' or 'worst'.",
  },
  invalidRankingList: {
    it: "Elenco non valido: 'ranked' o 'unranked'.",
    en: "Invalid list: 'ranked' or 'unranked'.",
  },
  invalidPage: {
    it: 'Pagina non valida: un intero da 1 a {max}.',
    en: 'Invalid page: an integer from 1 to {max}.',
  },
  invalidPageSize: {
    it: 'Elementi per pagina non validi: un intero tra {min} e {max}.',
    en: 'Invalid page size: an integer between {min} and {max}.',
  },
  rankingCityOnly: {
    it: 'Filtro disponibile solo per la classifica dei comuni.',
    en: 'Filter available for the ranking of the comuni only.',
  },
  rankingProvinceFilter: {
    it: 'La classifica delle regioni non si filtra per provincia.',
    en: 'The ranking of the regions is not filtered by province.',
  },
  rankingCompareYear: {
    it: "L'anno di confronto vale solo per la variazione della raccolta differenziata (indicator=sortedPercentageChange).",
    en: 'The comparison year applies only to the change of the separate collection (indicator=sortedPercentageChange).',
  },
  rankingCompareYearBefore: {
    it: "L'anno di confronto deve precedere l'anno della classifica.",
    en: 'The comparison year must come before the year of the ranking.',
  },
} satisfies Record<string, Message>;

export type ContractMessageKey = keyof typeof CONTRACT_MESSAGES;

/** A message's text in `lang`, its `{name}` parameters filled in (unknown ones are left as they are). */
export function renderMessage(lang: Lang, message: Message, params: MessageParams = {}): string {
  return message[lang].replace(/\{(\w+)\}/g, (all, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : all,
  );
}

let parseLanguage: Lang = 'it';

/**
 * Runs `parse` (a synchronous zod parse of a contract schema) with the messages in `lang`. zod renders the
 * messages when a parse result's `error` is first read: `parse` must read it (`.error?.issues`).
 */
export function inLanguage<T>(lang: Lang, parse: () => T): T {
  const previous = parseLanguage;
  parseLanguage = lang;
  try {
    return parse();
  } finally {
    parseLanguage = previous;
  }
}

/** The text of a contract message in the language of the running parse. */
export function messageText(key: ContractMessageKey, params?: MessageParams): string {
  return renderMessage(parseLanguage, CONTRACT_MESSAGES[key], params);
}

/** zod's `error` parameter for a contract message: rendered when the issue is, in the parse's language. */
export function say(key: ContractMessageKey, params?: MessageParams) {
  return { error: () => messageText(key, params) };
}
