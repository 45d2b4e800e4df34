import { SOURCE_ANOMALY_LABEL } from '@portal/contract/lite';

/** Italian strings of the explorer (home page), the charts, /glossario and /progetto. */

export const chartMessages = {
  chart: 'Grafico',
  table: 'Tabella',
  viewAs: (title: string) => `Mostra «${title}» come grafico o tabella`,
  demo: 'Dati dimostrativi',
  noData: 'Nessun dato rilevato.',
} as const;

/** The years a comune that no longer exists has data for. */
function dataYears(first: number | null, last: number | null): string {
  if (first === null || last === null) return 'Restano i dati degli anni in cui esisteva.';
  return first === last ? `Dati disponibili per il ${first}.` : `Dati disponibili dal ${first} al ${last}.`;
}

export const explorerMessages = {
  metaTitle: 'La raccolta differenziata in Italia',
  metaTitleArea: (name: string) => `La raccolta differenziata: ${name}`,
  title: 'La raccolta differenziata in Italia',
  titleArea: (name: string) => `La raccolta differenziata: ${name}`,
  intro:
    'Esplora le statistiche sulla raccolta differenziata dei rifiuti urbani: i dati nazionali e quelli di ogni regione, provincia e comune. Scegli un territorio sulla mappa, dagli elenchi o cercando il nome del comune.',
  breadcrumbLabel: 'Territorio scelto',
  italy: 'Italia',
  picker: {
    title: 'Scegli il territorio',
    region: 'Regione',
    province: 'Provincia',
    comune: 'Comune',
    allRegions: 'Tutta Italia',
    allProvinces: 'Tutta la regione',
    allComuni: 'Tutta la provincia',
    /** A comune merged since into another, in the list of the province's comuni. */
    dissolvedComune: (name: string) => `${name} (non più esistente)`,
    submit: 'Mostra',
    updating: 'Caricamento dei dati del territorio scelto…',
  },
  search: {
    label: 'Cerca un comune',
  },
  years: {
    title: 'Anni',
    year: 'Anno',
    compareYear: 'Anno di confronto',
    submit: 'Aggiorna',
    updating: "Caricamento dei dati dell'anno scelto…",
    invalid: (message: string) => `${message} Sono mostrati i dati dell'ultimo anno disponibile.`,
  },
  map: {
    title: (name: string) => `Mappa: ${name}`,
    regions: 'Percentuale di raccolta differenziata per regione',
    provinces: (region: string) => `Percentuale di raccolta differenziata per provincia: ${region}`,
    comuni: (province: string) => `I comuni della provincia di ${province}`,
    comuniHint: 'Scegli un comune sulla mappa per vederne le statistiche.',
    comuniHintSelected: (name: string) =>
      `${name} è evidenziato sulla mappa: scegli un altro comune per vederne le statistiche.`,
    /** A comune's figure of the map's year that the plausibility rule flags (decision 070) says so. */
    areaLink: (name: string, value: string, sourceAnomaly = false) =>
      `${name}: ${value}${sourceAnomaly ? ` — ${SOURCE_ANOMALY_LABEL.toLowerCase()}` : ''}`,
    legendTitle: '% raccolta differenziata',
    selected: 'comune scelto',
    notFound: 'Ops... Non abbiamo trovato il Comune sulla mappa ma puoi vedere le statistiche sotto.',
    notFoundDissolved:
      'Il comune non è sulla mappa, che mostra i confini dei comuni di oggi: puoi vedere le sue statistiche sotto.',
    unavailable: 'La mappa non è disponibile in questo momento.',
    noData: 'n.d.',
  },
  stats: {
    title: (name: string, year: number) => `Le statistiche: ${name}, ${year}`,
    coverage: (withData: string, total: string) =>
      `I dati coprono ${withData} comuni su ${total}: le somme riguardano solo i comuni con dati.`,
    population: (value: string) => `Popolazione: ${value} abitanti`,
    /** Said after the population when it is not the sources' own (decision 071). */
    populationIstat: (year: number) =>
      `ISTAT, al 1° gennaio ${year}, cioè al 31 dicembre ${year - 1}: la base dei kg per abitante`,
    populationCensus: 'censimento ISTAT del 9 ottobre 2011: la base dei kg per abitante',
    /**
     * The comuni with data out of the area's comuni of today; a year of before the mergers can have more
     * comuni with data than there are today, said as such.
     */
    comuni: (withData: string, today: string, more: boolean) =>
      more
        ? `${withData} comuni con dati (i comuni di allora: oggi, dopo le fusioni, sono ${today})`
        : `${withData} comuni con dati su ${today}`,
    aggregation: (name: string) =>
      `Il comune comunica i dati insieme ad altri: ${name}. La fonte riporta un dato unico per tutta l’aggregazione, qui ripartito tra i comuni in proporzione alla popolazione; la percentuale di raccolta differenziata è quella dell’aggregazione.`,
    /**
     * A merged comune whose successor the portal does not know (decision 073: the list is derived from the
     * data): around a link to the method on /progetto and one to ISTAT's page of the changes of comuni.
     */
    dissolved: {
      before:
        'Comune non più esistente con questo codice: è stato fuso in un altro comune, o è passato a un’altra regione con un nuovo codice. Il portale non sa quale comune sia diventato: il suo elenco delle fusioni è ricavato dai dati e non le comprende tutte (',
      methodLink: 'il metodo',
      middle: '). L’elenco completo delle variazioni dei comuni è dell’ISTAT: ',
      istatLink: 'Codici dei comuni, delle province e delle regioni',
      istatHref:
        'https://www.istat.it/classificazioni-e-strumenti/codici-dei-comuni-delle-province-e-delle-regioni/',
      after: (first: number | null, last: number | null) => `. ${dataYears(first, last)}`,
    },
    /** A merged comune whose successor is known (decision 073): the text around the successor's link. */
    mergedInto: {
      before: 'Comune non più esistente: è confluito nel comune di ',
      after: (first: number | null, last: number | null) => `. ${dataYears(first, last)}`,
    },
    /**
     * The comuni merged into this one, each a link with the last year of its own data: "confluiti", not
     * "nato dalla fusione di", since a comune may also have taken in a neighbour and kept its own code
     * (Montalcino and San Giovanni d'Asso), and then it is not listed among them.
     */
    mergedFrom: {
      /**
       * `complete`: the linked comuni account for this one's waste (decision 073); otherwise others may have
       * merged into it too, which the portal's list does not know, and the text says so.
       */
      before: (count: number, complete: boolean) =>
        `${count === 1 ? 'Nel comune è confluito' : 'Nel comune sono confluiti'}${complete ? ' ' : ', forse insieme ad altri, '}`,
      lastYear: (year: number | null) => (year === null ? '' : ` (dati fino al ${year})`),
      after: ': i dati degli anni precedenti alla fusione sono nelle loro pagine.',
      incomplete: {
        before:
          ' L’elenco delle fusioni del portale è ricavato dai dati e, per questo comune, potrebbe essere incompleto (',
        link: 'il metodo',
        after: ').',
      },
    },
    cards: {
      totalWasteProduced: 'Rifiuti urbani prodotti',
      totalWasteSorted: 'Raccolta differenziata',
      totalWasteSortedPerCapita: 'Raccolta differenziata per abitante',
      sortedPercentage: 'Percentuale di raccolta differenziata',
      totalWasteProducedPerCapita: 'Rifiuti urbani prodotti per abitante',
      serviceCostPerCapita: 'Costo del servizio per abitante',
    },
    costNote:
      'Costo totale annuo della gestione dei rifiuti urbani: media dei comuni che lo comunicano, pesata sul numero di abitanti.',
    costNoteCity: 'Costo totale annuo della gestione dei rifiuti urbani, diviso per gli abitanti.',
    compared: (year: number, value: string) => `Nel ${year}: ${value}`,
    /** After a compared value that is an estimate (the % of a year where many comuni give only theirs). */
    comparedEstimate: '(stima)',
    /** The view's comparison year lacks the statistic: said, never replaced by another year (decision 072). */
    compareMissing: (year: number) => `Dato non disponibile per il ${year}.`,
    /** The link that makes the nearest year with the statistic the view's comparison year. */
    compareNearest: (year: number) => `Confronta con il ${year}`,
    /** No year of the portal but the view's own has the statistic. */
    noOtherYear: 'Nessun altro anno con questo dato nel portale.',
    noCompareYear: 'Nessun anno di confronto disponibile.',
    unchanged: (year: number) => `Non variato rispetto al ${year}`,
    better: 'in miglioramento',
    worse: 'in peggioramento',
    changePct: (text: string, year: number) => `(${text}% rispetto al ${year})`,
    notAvailable: 'Dato non disponibile.',
    estimate: 'stima',
    estimateNote:
      'Stima: per una parte dei comuni la fonte riporta solo la percentuale; le percentuali dei comuni sono pesate sulla loro produzione di rifiuti.',
  },
  charts: {
    title: 'Grafici',
    unavailable: 'I grafici non sono disponibili in questo momento: riprova più tardi.',
    fractions: 'Le frazioni della raccolta differenziata',
    fractionsCaption: (name: string, year: number) => `Tonnellate raccolte per frazione: ${name}, ${year}`,
    trend: 'La percentuale di raccolta differenziata negli anni',
    trendCaption: (name: string) => `Percentuale di raccolta differenziata per anno: ${name}`,
    trendNote: (years: string, count: number) =>
      `Per ${count === 1 ? 'il' : 'gli anni'} ${years} la percentuale è una stima: per una parte dei comuni la fonte riporta solo la percentuale, e le percentuali dei comuni sono pesate sulla loro produzione di rifiuti. Il cerchio vuoto («stima») segna questi anni. La linea tratteggiata è l'obiettivo del 65%.`,
    trendNoteTonnes: "La linea tratteggiata è l'obiettivo del 65% (D.Lgs. 152/2006).",
    /** Years between the first and the last with data that no source of the portal covers. */
    missingYears: (years: string, count: number) =>
      count === 1
        ? `Anno ${years}: nessuna fonte pubblica disponibile nel portale per questo anno.`
        : `Anni ${years}: nessuna fonte pubblica disponibile nel portale per questi anni.`,
    /** A table's value cell of a year without data. */
    notAvailable: 'Dato non disponibile',
    perCapita: 'I rifiuti per abitante negli anni',
    perCapitaCaption: (name: string) =>
      `Chilogrammi per abitante prodotti e raccolti in modo differenziato: ${name}`,
    perCapitaProduced: 'Rifiuti urbani prodotti',
    perCapitaSorted: 'Raccolta differenziata',
    tonnes: 'Rifiuti prodotti e raccolta differenziata (tonnellate)',
    tonnesProduced: 'Rifiuti urbani prodotti',
    tonnesSorted: 'Raccolta differenziata',
    tonnesCaption: (name: string) =>
      `Tonnellate di rifiuti urbani prodotti e raccolti in modo differenziato, per anno: ${name}`,
    /** Years with a % but without the tonnes of the whole area (or of the comune). */
    tonnesNote: (years: string, count: number, city: boolean) =>
      `Per ${count === 1 ? 'il' : 'gli anni'} ${years} ${
        city
          ? 'la fonte riporta solo la percentuale del comune, senza le tonnellate'
          : 'le fonti non danno le tonnellate di tutti i comuni (per una parte la fonte riporta solo la percentuale)'
      }: il grafico ${count === 1 ? 'lo lascia vuoto' : 'li lascia vuoti'}.`,
    /** The sources of the tonnes, with their years when there are several. */
    tonnesSource: (sources: string, several: boolean) => `${several ? 'Fonti' : 'Fonte'}: ${sources}.`,
    tonnesSourceMixed: 'Fonti: più fonti ogni anno, nessuna per più della metà dei comuni.',
    /** Which inhabitants the kg per inhabitant of each run of years divide by. */
    perCapitaBasis: (parts: string) => `Abitanti: ${parts}.`,
    perCapitaBasisPart: {
      istat: (years: string, count: number) =>
        `per ${count === 1 ? 'il' : 'gli anni'} ${years} la popolazione ISTAT al 31 dicembre ${count === 1 ? 'dell’anno' : 'di ogni anno'} (1° gennaio del successivo)`,
      census: (years: string, count: number) =>
        `per ${count === 1 ? 'il' : 'gli anni'} ${years} quella del censimento ISTAT del 9 ottobre 2011`,
      source: (years: string, count: number) =>
        `per ${count === 1 ? 'il' : 'gli anni'} ${years} quella dei comuni secondo la fonte`,
    },
    perCapitaNote: (years: string, count: number) =>
      `Per ${count === 1 ? 'il' : 'gli anni'} ${years} le fonti non danno i chilogrammi per abitante (riportano solo la percentuale, o le tonnellate senza gli abitanti): il grafico ${count === 1 ? 'lo lascia vuoto' : 'li lascia vuoti'}.`,
    modes: 'Le modalità di raccolta',
    modesCaption: (name: string) => `Modalità di raccolta: quota dei comuni che le adottano, ${name}`,
    cityModes: 'Le modalità di raccolta del comune',
    cityModesCaption: (name: string) => `Modalità di raccolta e frazioni raccolte: ${name}`,
    actions: 'Le azioni di prevenzione più diffuse',
    actionsCaption: (name: string) => `Categorie di azioni di prevenzione: quota dei comuni, ${name}`,
    cityActions: 'Le azioni di prevenzione del comune',
    cityActionsCaption: (name: string) => `Azioni di prevenzione per categoria: ${name}`,
    systems: 'Sistemi di raccolta (quota della raccolta differenziata)',
    systemsCaption: (name: string) =>
      `Quota della raccolta differenziata per sistema di raccolta, per anno: ${name}`,
    systemsSource: (source: string) => `Fonte: ${source}.`,
    systemsBase: (parts: string) => `Quote delle tonnellate raccolte in modo differenziato: ${parts}.`,
    systemsBaseYear: (year: number, tonnes: string, comuni: string | null) =>
      comuni === null ? `${year}: ${tonnes}` : `${year}: ${tonnes} di ${comuni}`,
    comuniCount: (n: string, one: boolean) => (one ? `${n} comune` : `${n} comuni`),
    composting: 'La prevenzione: il compostaggio domestico',
    compostingCaption: (name: string) => `Rifiuti organici trattati con il compostaggio domestico: ${name}`,
    compostingIntro:
      'Il compostaggio domestico è un’azione di prevenzione: i rifiuti organici trattati in casa non entrano nella raccolta.',
    compostingFigure: (year: number, kg: string, perCapita: string | null) =>
      `Nel ${year}: ${kg} compostati in casa${perCapita ? `, ${perCapita} per abitante` : ''}.`,
    sets: 'Le combinazioni di frazioni più comuni',
    setsCaption: (name: string) => `Combinazioni di frazioni raccolte: quota dei comuni, ${name}`,
    noData: 'Nessun dato rilevato.',
    noActions: 'Non sono presenti azioni di prevenzione mappate dallo studio.',
    columns: {
      fraction: 'Frazione',
      tonnes: 'Tonnellate',
      kgPerCapita: 'kg per abitante',
      share: 'Quota',
      year: 'Anno',
      pct: '% raccolta differenziata',
      method: 'Calcolo',
      source: 'Fonte',
      mode: 'Modalità',
      comuni: 'Comuni',
      comuniShare: 'Quota dei comuni',
      category: 'Categoria',
      actions: 'Azioni',
      set: 'Frazioni',
      fractions: 'Frazioni raccolte',
      producedKg: 'Prodotti (kg per abitante)',
      sortedKg: 'Differenziata (kg per abitante)',
      cost: 'Costo del servizio (€ per abitante)',
      system: 'Sistema',
      sharePct: 'Quota %',
      compostingKg: 'Chilogrammi',
      producedT: 'Rifiuti urbani prodotti (t)',
      sortedT: 'Raccolta differenziata (t)',
      /** A trend's flags of the years anomalous in the source (decision 070). */
      note: 'Nota',
    },
    methodTonnes: 'dalle tonnellate',
    methodEstimate: 'stima: percentuali dei comuni pesate sulla produzione',
    methodReported: 'percentuale riportata dalla fonte',
    /** An area-year whose comuni come from several sources, none of them for more than half. */
    sourceMixed: 'più fonti',
  },
  downloads: {
    prefix: 'Scarica:',
    formatLabel: (format: string, title: string) => `Scarica «${title}» in formato ${format.toUpperCase()}`,
    inviteLink: 'Accedi o registrati',
    inviteRest: ' per scaricare le singole statistiche in pdf, png e jpg.',
  },

  loadError: 'Ops... Qualcosa è andato storto, riprova più tardi.',

  notFound: {
    title: 'Territorio non trovato',
    one: {
      region: (code: string) => `Non esiste una regione con codice ISTAT ${code}.`,
      province: (code: string) => `Non esiste una provincia con codice ISTAT ${code}.`,
      city: (code: string) => `Non esiste un comune con codice ISTAT ${code}.`,
    },
    levels: { region: 'regione', province: 'provincia', city: 'comune' },
    many: (asked: string) => `Non esiste un territorio con i codici ISTAT richiesti (${asked}).`,
    hint: 'Il codice potrebbe essere sbagliato, o il comune essere stato unito ad altri. Puoi cercarlo per nome o sceglierlo sulla mappa.',
    back: "Vai ai dati dell'Italia",
    backRankings: 'Vai alla classifica dei comuni',
  },
} as const;

export const shareMessages = {
  button: 'Condividi',
  label: 'Condividi il link a questa vista',
  copied: 'Link copiato',
  copyFailed: 'Copia questo link:',
  linkLabel: 'Link a questa vista',
} as const;

export const glossaryMessages = {
  metaTitle: 'Glossario',
  metaDescription:
    'I termini della raccolta differenziata usati dal portale: rifiuti urbani, percentuale di raccolta differenziata, frazioni e codici EER, modalità di raccolta, prevenzione.',
  title: 'Glossario',
  intro:
    'Le parole della raccolta differenziata usate nel portale, con il loro significato e, per le frazioni, i codici EER. Ogni voce ha un indirizzo proprio da condividere.',
  searchLabel: 'Cerca nel glossario',
  searchPlaceholder: 'Es. porta a porta, RD, 200101',
  results: (n: number, total: number) => {
    const items = (count: number) => (count === 1 ? '1 voce' : `${count} voci`);
    return n === total ? items(total) : `${items(n)} su ${total}`;
  },
  noResults: 'Nessuna voce corrisponde alla ricerca.',
  tocLabel: 'Sezioni del glossario',
  groups: {
    concepts: 'Concetti e misure',
    fractions: 'Le frazioni della raccolta differenziata',
    modes: 'Le modalità di raccolta',
    actions: 'Le categorie di azioni di prevenzione',
  },
  eerCodes: 'Codici EER',
  noEerCodes: 'nessun codice EER specifico',
  colorLabel: 'Colore nei grafici',
  seeAlso: 'Vedi anche',
  permalink: (term: string) => `Link alla voce «${term}»`,
  fractionFallback: 'Frazione della raccolta differenziata.',
  partial: 'Alcune voci non sono disponibili in questo momento: riprova più tardi.',
} as const;

export const projectMessages = {
  metaTitle: 'Il progetto',
  metaDescription:
    "Che cos'è l'Osservatorio Raccolta Differenziata: le fonti dei dati e le loro licenze, i metodi di calcolo, gli aggiornamenti.",
  title: 'Il progetto',
} as const;
