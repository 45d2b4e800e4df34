import { DOWNLOAD_BUDGETS } from '@portal/contract/lite';

/** Italian texts of the data download form (/scarica-dati). */
export const downloadMessages = {
  limitsTitle: 'Limiti di download',
  limits: `Ogni ora puoi scaricare fino a ${DOWNLOAD_BUDGETS.csv.max} file CSV e, a parte, fino a ${DOWNLOAD_BUDGETS.images.max} immagini e PDF dei grafici. L’ora parte dal primo file scaricato; quando ne resta un quinto, ogni download dice quanti ne hai usati.`,
  intro:
    'Scegli la fonte, l’area, gli anni e i filtri: il riepilogo sotto indica quante righe conterrà il file. Il CSV usa il punto e virgola come separatore e la virgola per i decimali, pronto per i fogli di calcolo in italiano.',
  source: 'Fonte dei dati',
  area: 'Area',
  level: 'Livello',
  levels: { country: 'Italia', region: 'Regione', province: 'Provincia', city: 'Comune' },
  region: 'Regione',
  province: 'Provincia',
  city: 'Comune',
  cityPlaceholder: 'Scrivi il nome del comune',
  chooseRegion: 'Scegli una regione',
  chooseProvince: 'Scegli una provincia',
  years: 'Anni',
  allYears: 'Tutti gli anni disponibili',
  filters: 'Filtri (facoltativi)',
  wasteFraction: 'Frazione raccolta',
  sortingType: 'Modalità di raccolta',
  actionsCategory: 'Azione di prevenzione',
  any: 'Qualsiasi',
  operator: 'Gestore',
  allOperators: 'Tutti i gestori',
  yearsLoading: 'Caricamento degli anni disponibili…',
  yearsNeedArea: 'Completa la scelta dell’area per vedere gli anni disponibili.',
  countryYears:
    'Per l’Italia sono elencati, e scaricati se non ne scegli nessuno, gli anni con i dati di (quasi) tutti i comuni: gli anni con i dati di una parte del Paese si scaricano scegliendo una regione.',
  yearsError: 'Non è stato possibile caricare gli anni disponibili: il file comprenderà tutti gli anni.',
  listsError: 'Non è stato possibile caricare gli elenchi di regioni e filtri: riprova più tardi.',
  counting: 'Calcolo delle righe…',
  rows: (n: string) => `Il file conterrà ${n} righe (una per comune e anno).`,
  machineRows: (n: string) => `Il file conterrà ${n} righe (una per ecocompattatore e anno).`,
  noRows: 'Nessuna riga corrisponde alla scelta: cambia area, anni o filtri.',
  incomplete: 'Completa la scelta dell’area per vedere quante righe conterrà il file.',
  download: 'Scarica il CSV',
  demoNote: 'Le quantità raccolte dagli ecocompattatori sono dati dimostrativi.',
  filtersNote: 'I filtri su modalità di raccolta e azioni di prevenzione usano dati dimostrativi.',
  countError: 'Non è stato possibile calcolare le righe: riprova più tardi.',
  countTooMany: (wait: string) =>
    `Troppe richieste: hai raggiunto il limite dei conteggi delle righe. Riprova tra ${wait}.`,
  countTooManyLater: 'Troppe richieste: hai raggiunto il limite dei conteggi delle righe. Riprova più tardi.',
} as const;

/** What a file download (statistic image or CSV) says while it runs and when it fails. */
export const fileDownloadMessages = {
  /** The CSV of a page's table or list (/classifiche, /confronta), for a user with an active licence. */
  csvButton: 'Scarica CSV',
  csvInviteLink: 'Accedi',
  csvInviteRest: ' per scaricare questi dati in CSV: serve una licenza d’uso attiva, gratuita.',
  busy: 'Preparazione del file…',
  done: (filename: string) => `Download avviato: ${filename}.`,
  unauthorized: 'La sessione è scaduta: accedi di nuovo per scaricare il file.',
  forbidden: 'Per scaricare questi dati serve una licenza attiva.',
  noData: 'Non ci sono dati da scaricare per questa scelta.',
  /** The two hourly budgets (decision 075), as a count of files says them. */
  budgetNoun: { images: 'immagini e PDF', csv: 'file CSV' },
  otherBudget: { images: 'I CSV hanno un limite a parte.', csv: 'Immagini e PDF hanno un limite a parte.' },
  tooMany: (limit: number, noun: string, wait: string) =>
    `Troppe richieste: hai raggiunto il limite di ${limit} ${noun} l’ora. Riprova tra ${wait}.`,
  tooManyLater: (limit: number, noun: string) =>
    `Troppe richieste: hai raggiunto il limite di ${limit} ${noun} l’ora. Riprova più tardi.`,
  budgetUsed: {
    images: (used: number, limit: number, wait: string) =>
      `Hai usato ${used} delle ${limit} immagini e PDF disponibili in un’ora: il conteggio riparte tra ${wait}.`,
    csv: (used: number, limit: number, wait: string) =>
      `Hai usato ${used} dei ${limit} file CSV disponibili in un’ora: il conteggio riparte tra ${wait}.`,
  },
  seconds: (n: number) => (n === 1 ? '1 secondo' : `${n} secondi`),
  minutes: (n: number) => (n === 1 ? '1 minuto' : `${n} minuti`),
  hours: (n: number) => (n === 1 ? '1 ora' : `${n} ore`),
} as const;
