/** Italian strings of /confronta and of the explorer's "Confronta con…" link. */

const list = new Intl.ListFormat('it-IT', { style: 'long', type: 'conjunction' });

export const compareMessages = {
  metaTitle: 'Confronta territori',
  metaTitleAreas: (names: readonly string[]) => `Confronta territori: ${list.format(names)}`,
  metaDescription:
    'Confronta negli anni la raccolta differenziata di comuni, province, regioni e dell’Italia: percentuale, chilogrammi per abitante e tonnellate, in un grafico e in una tabella.',
  title: 'Confronta territori',
  intro:
    'Scegli fino a 5 territori (comuni, province, regioni o l’Italia intera) e confronta i loro dati negli anni. L’indirizzo di questa pagina conserva la scelta: puoi salvarlo o condividerlo.',
  /** The link of a territory's page in the explorer. */
  startLink: 'Confronta con…',

  chosen: {
    title: 'Territori a confronto',
    count: (n: number, max: number) => `${n} di ${max}`,
    none: 'Nessun territorio scelto: aggiungine uno qui sotto.',
    example: 'Ad esempio: l’Italia, la Lombardia e la Campania',
    remove: 'Rimuovi',
    removeLabel: (name: string) => `Rimuovi ${name} dal confronto`,
    openLabel: (name: string) => `Apri le statistiche: ${name}`,
    unavailable: 'dati non disponibili in questo momento',
  },

  add: {
    title: 'Aggiungi un territorio',
    comune: 'Cerca un comune',
    region: 'Regione',
    province: 'Provincia',
    choose: 'Scegli…',
    submit: 'Aggiungi',
    submitRegion: 'Aggiungi la regione',
    submitProvince: 'Aggiungi la provincia',
    italy: 'Aggiungi l’Italia',
    italyChosen: 'L’Italia è già nel confronto.',
    full: (max: number) =>
      `Hai scelto ${max} territori, il massimo per un confronto: rimuovine uno per aggiungerne un altro.`,
    adding: 'Aggiunta del comune in corso…',
    noScript:
      'La ricerca dei comuni richiede JavaScript: regioni, province e Italia si aggiungono anche senza.',
  },

  measure: {
    title: 'Dato da confrontare',
    rd: '% raccolta differenziata',
    kg: 'Rifiuti prodotti per abitante (kg)',
    tonnellate: 'Rifiuti prodotti (tonnellate)',
  },

  chart: {
    /** The panel's heading per measure. */
    heading: {
      rd: 'La percentuale di raccolta differenziata negli anni',
      kg: 'I rifiuti urbani prodotti per abitante negli anni',
      tonnellate: 'I rifiuti urbani prodotti negli anni',
    },
    /** The table's caption (and the chart's accessible name) per measure. */
    caption: {
      rd: (names: string) => `Percentuale di raccolta differenziata per anno: ${names}`,
      kg: (names: string) => `Rifiuti urbani prodotti per abitante, in chilogrammi, per anno: ${names}`,
      tonnellate: (names: string) => `Rifiuti urbani prodotti, in tonnellate, per anno: ${names}`,
    },
    names: (names: readonly string[]) => list.format(names),
    legend: 'Legenda',
    year: 'Anno',
    tableLabel: (caption: string) => `Tabella: ${caption}`,
    noData: 'Nessun dato di questo tipo per i territori scelti.',
    unavailable: 'Il grafico non è disponibile in questo momento: i dati sono nella tabella.',
    missing: '—',
    missingNote:
      '«—»: nessun dato per quell’anno (nessuna fonte pubblica nel portale, o la fonte non lo riporta).',
    estimateMark: '*',
    /** What the mark ⚠ of a cell says to a screen reader (the note under the table gives the figures). */
    anomalyCell: 'dato anomalo nella fonte',
    estimateNote:
      '* Stima: per una parte dei comuni la fonte riporta solo la percentuale; le percentuali dei comuni sono pesate sulla loro produzione di rifiuti. Nel grafico il simbolo vuoto segna questi anni.',
    targetNote: 'La linea tratteggiata è l’obiettivo del 65% (D.Lgs. 152/2006).',
    kgNote:
      'I chilogrammi per abitante ci sono solo negli anni in cui la fonte riporta sia le tonnellate sia gli abitanti.',
    tonnesNote:
      'Le tonnellate crescono con la popolazione: per confrontare territori di dimensioni diverse scegli la percentuale o i chilogrammi per abitante.',
    source: (sources: readonly string[]) =>
      sources.length === 1 ? `Fonte: ${sources[0]}.` : `Fonti: ${list.format(sources)}.`,
    sourceMixed: 'più fonti',
    /** The end of the invitation to sign in, after its link (the explorer's DownloadInvite). */
    downloadInvite: ' per scaricare il grafico del confronto in pdf, png e jpg.',
    /** "Scarica CSV" of the table (licence active). */
    csvLabel: (caption: string) => `Scarica in CSV i valori della tabella: ${caption}`,
    csvHint:
      'I valori della tabella, una riga per territorio e anno, con la fonte, le stime e i dati anomali nella fonte.',
  },

  /** Territory names as the comparison writes them. */
  names: {
    italy: 'Italia',
    city: (name: string, sigla: string | null) => (sigla ? `${name} (${sigla})` : name),
    /** A territory whose figures could not be read: its kind and code. */
    fallback: { region: 'Regione', province: 'Provincia', city: 'Comune' } as const,
  },

  notices: {
    malformed: (entries: readonly string[]) =>
      entries.length === 1
        ? `«${entries[0]}» non è un territorio: si scrive ad esempio comune:015146, provincia:028, regione:05 o italia.`
        : `${list.format(entries.map((e) => `«${e}»`))} non sono territori: si scrivono ad esempio comune:015146, provincia:028, regione:05 o italia.`,
    excess: (max: number, entries: readonly string[]) =>
      `Si possono confrontare al massimo ${max} territori: ${list.format(entries)} ${entries.length === 1 ? 'non è stato aggiunto' : 'non sono stati aggiunti'}.`,
    unknown: {
      region: (code: string) => `Non esiste una regione con codice ISTAT ${code}.`,
      province: (code: string) => `Non esiste una provincia con codice ISTAT ${code}.`,
      city: (code: string) =>
        `Non esiste un comune con codice ISTAT ${code}: il codice potrebbe essere sbagliato, o il comune essere stato unito ad altri.`,
    },
    failed: (name: string) => `I dati di ${name} non sono disponibili in questo momento: riprova più tardi.`,
    measure: (value: string) =>
      `«${value}» non è un dato da confrontare: è mostrata la percentuale di raccolta differenziata.`,
    listsUnavailable:
      'Gli elenchi di regioni e province non sono disponibili in questo momento: riprova più tardi.',
  },
} as const;
