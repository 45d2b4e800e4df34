import { renderMessage } from '@portal/contract';

/**
 * Every message the importer gives about a file it refuses, in Italian: the staff read them in the
 * back-office (under "Il file non è stato importato") and the operator on the CLI's stderr (decision 076).
 * One catalogue, by key, with `{name}` parameters: the importers never write the text themselves. A
 * message says what is wrong with the value found and, where it helps, what was expected; where it is
 * (file, line) is added by `validationError` (import-dataset.ts): `file.csv, riga 12: …`.
 */
export const IMPORT_MESSAGES = {
  // where a message is: the prefix of each reported line
  at: '{file}, riga {line}: {reason}',
  atFile: '{file}: {reason}',
  // the file as a whole
  missingColumn: 'manca la colonna {columns}',
  missingColumns: 'mancano le colonne {columns}',
  missingFractionColumns: 'mancano le colonne delle frazioni {fractions}',
  emptyFile: 'il file è vuoto',
  notUtf8: 'un byte che non è UTF-8 dopo «{near}»: salva il file in codifica UTF-8 e correggi il testo',
  controlCharacter:
    'il carattere di controllo U+{code} dopo «{near}»: salva il file in codifica UTF-8 e correggi il testo',
  csvQuoteNotClosed: 'virgolette aperte e mai chiuse: ogni campo tra virgolette deve chiuderle',
  csvBadQuote:
    'virgolette nel mezzo di un campo: un campo con virgolette deve averle all’inizio e alla fine, e le ' +
    'virgolette al suo interno vanno raddoppiate ("")',
  csvUnreadable: 'la riga non si legge come CSV: controlla separatori e virgolette',
  notJson: 'il file non è un JSON valido: controlla virgolette, virgole e parentesi',
  notJsonEnd: 'il file non è un JSON valido: è vuoto, o finisce prima di chiudere le sue parentesi',
  notJsonAt: 'il file non è un JSON valido: errore al carattere {character} della riga',
  notJsonArray: 'il file non è un elenco JSON di comuni',
  notTopology: 'il file non è una Topology TopoJSON',
  needsFolder: '{file}: l’insieme di dati «{dataset}» si importa da una cartella',
  folderWithoutCsv: '{file}: la cartella non contiene file .csv',
  folderLacksFile: 'nella cartella manca il file {name}',
  databaseRefused:
    'il database ha rifiutato i dati (valori in conflitto con quelli già presenti o fuori dai limiti): ' +
    'nessun dato è cambiato; il dettaglio tecnico è nel registro del server',
  // one value of a row
  valueRequired: 'colonna «{column}»: manca il valore',
  notNumber:
    'colonna «{column}»: «{value}» non è un numero (atteso per esempio 1375.5, con il punto decimale)',
  notItalianNumber:
    'colonna «{column}»: «{value}» non è un numero (atteso per esempio 1.375,5 oppure 1375,5)',
  notInteger: 'colonna «{column}»: «{value}» non è un numero intero',
  negative: 'colonna «{column}»: {value} è negativo (atteso un valore da 0 in su)',
  belowMin: 'colonna «{column}»: {value} è minore di {min}',
  notPercentage: 'colonna «{column}»: {value} non è una percentuale tra 0 e 100',
  notYear: 'colonna «{column}»: «{value}» non è un anno plausibile',
  notDate: 'colonna «{column}»: «{value}» non è una data nella forma AAAA-MM-GG (per esempio 2023-01-31)',
  notBoolean: 'colonna «{column}»: «{value}» non è né true né false',
  notDigits: 'colonna «{column}»: «{value}» non è di {digits} cifre',
  notIstatCode: 'colonna «{column}»: «{value}» non è un codice ISTAT (attese da 1 a 8 cifre)',
  notComuneCode: 'colonna «{column}»: «{value}» non è il codice ISTAT di un comune',
  notCityId: 'colonna «{column}»: «{value}» non è un codice ISTAT di comune di 6 cifre',
  notProvinceId: 'colonna «{column}»: «{value}» non è un codice ISTAT di provincia di 3 cifre',
  notRegionId: 'colonna «{column}»: «{value}» non è un codice ISTAT di regione',
  notSigla: 'colonna «{column}»: «{value}» non è la sigla di una provincia (due lettere maiuscole)',
  notSlug: 'colonna «{column}»: «{value}» non è un identificativo in minuscolo (lettere, cifre e trattini)',
  notColor: 'colonna «{column}»: «{value}» non è un colore nella forma #rrggbb',
  notEerCode: 'colonna «{column}»: «{value}» non è un codice EER di 6 cifre',
  notScope: 'colonna «{column}»: «{value}» non è né «Comune» né un’aggregazione («Aggregazione: …»)',
  notLevel: 'colonna «{column}»: «{value}» non è country, region o province',
  notAreaId: 'colonna «{column}»: «{value}» non è un codice ISTAT di {level}',
  notProvinceOf: 'colonna «{column}»: {province} non è la provincia del comune {city}',
  nonNegativeRequired: 'colonna «{column}»: serve un valore da 0 in su',
  sortedOverProduced: 'la raccolta differenziata RD(kg) è maggiore del totale RU(kg)',
  sumMismatch: 'il totale {produced} kg non è RDi + compostaggio + RUind ({sum} kg)',
  outsideItaly: 'le coordinate {latitude}, {longitude} non sono in Italia',
  beforeInstallation: 'l’anno {year} è precedente all’installazione ({installedOn})',
  // a row against the others
  valueTwice: 'colonna «{column}»: «{value}» compare due volte',
  comuneTwice: 'il comune {city} compare due volte',
  comuneAlreadyOnLine: 'il comune {city} è già alla riga {line}',
  comuneYearAlreadyOnLine: 'il comune {city} per l’anno {year} è già alla riga {line}',
  comuneNamedAlreadyOnLine: 'il comune «{name}» ({sigla}) è già alla riga {line}',
  areaTwice: '{level} {area} compare due volte nel {year}',
  machineDiffers: 'ecocompattatore {machine}: «{column}» è diverso da quello della riga {line}',
  machineYearAlreadyOnLine: 'ecocompattatore {machine} per l’anno {year} è già alla riga {line}',
  sortingTypeTwice: 'il comune {city} ha due volte il tipo di raccolta «{sortingType}»',
  actionTwice: 'il comune {city} ha due volte l’azione «{title}»',
  // a row against what the database holds
  comuneUnknown: 'il comune {city} non esiste',
  comuneAndProvinceUnknown: 'il comune {city} non esiste e nemmeno la sua provincia {province}',
  comuneNamedAndProvinceUnknown: 'il comune {city} ({name}) non esiste e nemmeno la sua provincia {province}',
  comuneNamedUnknown: 'il comune «{name}» ({sigla}) non esiste',
  comuneNamedAmbiguous: 'il comune «{name}» ({sigla}) corrisponde a {count} comuni',
  comuneNotOfProvince: 'il comune {city} non è della provincia {province}',
  provinceUnknown: 'la provincia {province} non esiste',
  provinceRegionUnknown: 'provincia {province}: la regione {region} non esiste',
  provinceNotOfRegion: 'la provincia {province} non è della regione {region}',
  regionUnknown: 'la regione {region} non esiste',
  areaUnknown: '{level} {area} non esiste',
  fractionUnknown: 'la frazione «{fraction}» non esiste',
  fractionNotImported: 'la frazione «{fraction}» non esiste: importa prima l’insieme di dati «reference»',
  sortingTypeUnknown: 'il tipo di raccolta «{sortingType}» non esiste',
  categoryUnknown: 'la categoria di azione «{category}» non esiste',
  // ISTAT's census (a JSON array: an entry is named by its position)
  censusCode: 'comune n. {index}: il campo «codice» non è un codice ISTAT di 6 cifre',
  censusRegion: 'comune {city}: il campo «regione.codice» non è un codice di regione di 2 cifre',
  censusProvince: 'comune {city}: il campo «provincia.codice» non è la provincia del suo codice',
  censusPopulation: 'comune {city}: il campo «popolazione» non è un numero di abitanti',
  // TopoJSON boundaries (one long line: a geometry is named by its position)
  geometry: 'geometria n. {index}: {reason}',
  badProperty: 'la proprietà «{property}» vale «{value}», che non è un codice valido',
  emptyProperty: 'la proprietà «{property}» è vuota',
  oneRegionExpected: 'attesi i comuni di una sola regione, trovate le regioni {regions}',
  // the outcome (ImportValidationError, the CLI)
  refused: '{count} righe non valide; non è stato importato nulla:',
  refusedOne: '1 riga non valida; non è stato importato nulla:',
  moreNotShown: '…e altre {more} righe non valide, non mostrate',
  importFailed: 'importazione non riuscita: {total} righe non valide in tutto; nessun dato è cambiato',
  technicalDetail: 'dettaglio tecnico:',
} as const;

export type ImportMessageKey = keyof typeof IMPORT_MESSAGES;
export type ImportMessageParams = Record<string, string | number>;

/** The message `key` with its `{name}` parameters filled in. */
export function importMessage(key: ImportMessageKey, params: ImportMessageParams = {}): string {
  // Italian only: the CLI and the back-office show the same text (there is no request language in a parse).
  const text = IMPORT_MESSAGES[key];
  return renderMessage('it', { it: text, en: text }, params);
}

/** How a level of the population table is named in a message ("la regione 01 non esiste"). */
export const LEVEL_NAMES: Record<string, { name: string; article: string }> = {
  country: { name: 'paese', article: 'il paese' },
  region: { name: 'regione', article: 'la regione' },
  province: { name: 'provincia', article: 'la provincia' },
};
