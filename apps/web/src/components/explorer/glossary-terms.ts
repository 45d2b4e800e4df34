/**
 * The terms of /glossario. Fixed terms are written here; the fractions, collection modes and prevention
 * categories are added from the API's reference lists (so they always match the data), see glossary-data.server.ts.
 */

export interface GlossaryTerm {
  /** Anchor: /glossario#<id>. */
  id: string;
  term: string;
  /** Other names the search also matches (abbreviations, synonyms). */
  aliases?: string[];
  /** Paragraphs. */
  definition: string[];
  /** EER codes shown as a list (fractions). */
  eerCodes?: string[];
  /** Colour swatch (fractions). */
  color?: string;
  /** Ids of related terms. */
  seeAlso?: string[];
}

export interface GlossaryGroup {
  id: string;
  title: string;
  terms: GlossaryTerm[];
}

export const BASE_TERMS: GlossaryTerm[] = [
  {
    id: 'rifiuti-urbani',
    term: 'Rifiuti urbani (RU)',
    aliases: ['RU', 'rifiuti urbani prodotti'],
    definition: [
      'I rifiuti domestici e quelli simili per natura e composizione prodotti da attività commerciali, artigianali e di servizio, più i rifiuti dello spazzamento stradale, dei giardini pubblici e dei cimiteri (art. 183 del D.Lgs. 152/2006).',
      'Il portale mostra i rifiuti urbani prodotti in tonnellate (t): la somma di raccolta differenziata, rifiuti indifferenziati, ingombranti a smaltimento e spazzamento a smaltimento.',
    ],
    seeAlso: ['raccolta-differenziata', 'rifiuti-indifferenziati'],
  },
  {
    id: 'raccolta-differenziata',
    term: 'Raccolta differenziata (RD)',
    aliases: ['RD', 'differenziata'],
    definition: [
      'La raccolta in cui i rifiuti sono separati per tipo e natura (carta, vetro, plastica, umido…) per facilitarne il riciclo e il recupero. Nel portale è la quantità raccolta separatamente, in tonnellate, somma delle frazioni merceologiche.',
    ],
    seeAlso: ['percentuale-rd', 'frazione-merceologica'],
  },
  {
    id: 'percentuale-rd',
    term: 'Percentuale di raccolta differenziata (% RD)',
    aliases: ['% RD', 'percentuale', 'tasso di raccolta differenziata'],
    definition: [
      'La quota dei rifiuti urbani raccolta in modo differenziato: % RD = raccolta differenziata (t) ÷ rifiuti urbani prodotti (t) × 100.',
      'Il D.Lgs. 152/2006 fissava gli obiettivi del 35% (2006), 45% (2008) e 65% (2012): le classi della mappa seguono queste soglie, più il 75%.',
    ],
    seeAlso: ['media-pesata'],
  },
  {
    id: 'kg-per-abitante',
    term: 'Chilogrammi per abitante (kg/ab)',
    aliases: ['pro capite', 'kg/ab', 'per abitante'],
    definition: [
      "Una quantità divisa per la popolazione residente dello stesso anno: kg/ab = tonnellate × 1.000 ÷ abitanti. Permette di confrontare territori di dimensioni diverse. Per un'area si usano solo i comuni di cui sono note le tonnellate; dove le fonti non danno gli abitanti dei comuni (2010–2017), la popolazione ISTAT dell'area al 31 dicembre dell'anno.",
    ],
  },
  {
    id: 'rifiuti-indifferenziati',
    term: 'Rifiuti indifferenziati',
    aliases: ['secco residuo', 'indifferenziata', 'RI'],
    definition: [
      'I rifiuti urbani raccolti senza separazione (il «secco residuo»), destinati di norma a termovalorizzazione o discarica. Il codice EER è 20 03 01.',
    ],
  },
  {
    id: 'frazione-merceologica',
    term: 'Frazione merceologica',
    aliases: ['frazione', 'frazioni'],
    definition: [
      'Ciascuna delle categorie in cui si separano i rifiuti (umido, verde, carta e cartone, vetro, plastica…). Nel portale ogni frazione ha un colore, usato in tutti i grafici, e i suoi codici EER. Le frazioni sono elencate più sotto.',
    ],
    seeAlso: ['codici-eer'],
  },
  {
    id: 'codici-eer',
    term: 'Codici EER (ex CER)',
    aliases: ['EER', 'CER', 'Elenco europeo dei rifiuti', 'catalogo europeo dei rifiuti'],
    definition: [
      "L'Elenco europeo dei rifiuti (EER, già Catalogo europeo dei rifiuti, CER; Decisione 2000/532/CE) classifica ogni rifiuto con un codice di sei cifre in tre coppie: capitolo (l'attività di origine), sottocapitolo, rifiuto. Un asterisco segna i rifiuti pericolosi.",
      'I rifiuti urbani stanno quasi tutti nel capitolo 20 («rifiuti urbani… inclusi i rifiuti della raccolta differenziata»): 20 01 le frazioni della raccolta differenziata, 20 02 i rifiuti di giardini e parchi, 20 03 gli altri rifiuti urbani (indifferenziati, spazzamento, ingombranti). Gli imballaggi raccolti in modo differenziato stanno nel sottocapitolo 15 01 (es. 15 01 01 imballaggi di carta e cartone, 15 01 07 imballaggi di vetro); i rifiuti da costruzione e demolizione nel capitolo 17.',
    ],
    seeAlso: ['frazione-merceologica'],
  },
  {
    id: 'media-pesata',
    term: 'Media pesata dei comuni (stima)',
    aliases: ['stima', 'media ponderata', 'weighted mean'],
    definition: [
      "Per gli anni in cui di una parte dei comuni è nota solo la percentuale di raccolta differenziata e non le tonnellate, la % di un'area è una stima: la media delle percentuali dei comuni pesata sulla loro produzione di rifiuti. La scheda della percentuale porta l'etichetta «stima»; il grafico dell'andamento segna questi anni con un cerchio vuoto.",
    ],
    seeAlso: ['percentuale-rd'],
  },
  {
    id: 'anno-di-confronto',
    term: 'Anno di confronto',
    definition: [
      "L'anno con cui si confrontano i dati dell'anno scelto: le schede mostrano il valore di allora e la variazione, in verde se migliora (più raccolta differenziata, meno rifiuti prodotti) e in rosso se peggiora. Le variazioni di una percentuale sono in punti percentuali.",
      "Se l'anno di confronto non ha il dato di una scheda, la scheda si confronta con l'ultimo anno precedente che lo ha, e ne scrive l'anno.",
    ],
  },
  {
    id: 'ecocompattatore',
    term: 'Ecocompattatore',
    aliases: ['reverse vending machine', 'RVM', 'mangiaplastica'],
    definition: [
      'Una macchina che ritira gli imballaggi vuoti (bottiglie in PET, lattine), li riduce di volume e li avvia al riciclo; spesso premia chi conferisce con buoni o punti. La pagina Ecocompattatori mostra dove si trovano e quanto raccolgono.',
    ],
  },
  {
    id: 'gestore',
    term: 'Gestore',
    aliases: ['Altri gestori', 'operatore'],
    definition: [
      "L'operatore che installa e gestisce gli ecocompattatori. Nelle statistiche per gestore i principali sono mostrati per nome, gli altri sono sommati insieme alla voce «Altri gestori».",
    ],
    seeAlso: ['ecocompattatore'],
  },
  {
    id: 'prevenzione',
    term: 'Prevenzione dei rifiuti',
    aliases: ['azioni di prevenzione', 'riduzione dei rifiuti'],
    definition: [
      'Le misure prese prima che un oggetto diventi rifiuto per ridurne la quantità o la pericolosità: riuso, riparazione, acquisti senza imballaggi, lotta allo spreco alimentare. È il primo gradino della gerarchia dei rifiuti (Direttiva 2008/98/CE), prima di riciclo, recupero e smaltimento. Le categorie di azioni sono elencate più sotto.',
    ],
    seeAlso: ['economia-circolare'],
  },
  {
    id: 'economia-circolare',
    term: 'Economia circolare',
    definition: [
      "Un modello di produzione e consumo che mantiene il valore di prodotti e materiali il più a lungo possibile: condividere, riusare, riparare e riciclare, così che i rifiuti diventino risorse e si riducano l'estrazione di materie prime e lo smaltimento.",
    ],
    seeAlso: ['prevenzione', 'raccolta-differenziata'],
  },
  {
    id: 'riciclo',
    term: 'Riciclo e recupero',
    aliases: ['riciclaggio', 'recupero'],
    definition: [
      'Il riciclo ritratta i rifiuti per ottenere nuovi materiali o prodotti; il recupero comprende anche altri usi utili, come il recupero di energia. La raccolta differenziata è la condizione per un riciclo di qualità.',
    ],
  },
  {
    id: 'imballaggi',
    term: 'Imballaggi',
    definition: [
      'I prodotti usati per contenere, proteggere e trasportare le merci (bottiglie, scatole, vaschette, lattine…). A fine vita sono raccolti con la carta, il vetro, la plastica e i metalli, e hanno i codici EER del sottocapitolo 15 01. Il sistema consortile ne finanzia raccolta e riciclo con il contributo ambientale dei produttori.',
    ],
    seeAlso: ['codici-eer'],
  },
  {
    id: 'comuni-aggregati',
    term: 'Comuni aggregati',
    aliases: ['aggregazione'],
    definition: [
      "Comuni che comunicano i dati dei rifiuti insieme, come un'unica entità (per esempio perché gestiscono il servizio in forma associata). Il portale divide i totali fra i comuni in proporzione alla popolazione e indica il nome dell'aggregazione.",
    ],
  },
  {
    id: 'dati-dimostrativi',
    term: 'Dati dimostrativi',
    aliases: ['demo'],
    definition: [
      "Dati generati, non provenienti da una fonte pubblica, usati dove nessuna fonte descrive comune per comune le modalità di raccolta, le azioni di prevenzione o gli ecocompattatori. Sono sempre segnalati con l'etichetta «Dati dimostrativi».",
    ],
  },
];

/** Strip accents and case for matching: 'Prossimità' ~ 'prossimita'. */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Whether a term matches every word of a query (in its name, aliases, definition or EER codes). */
export function termMatches(term: GlossaryTerm, query: string): boolean {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = normalizeForSearch(
    [
      term.term,
      ...(term.aliases ?? []),
      ...term.definition,
      ...(term.eerCodes ?? []).flatMap((c) => [c, c.replace(/\s/g, '')]),
    ].join(' '),
  );
  return words.every((word) => haystack.includes(word));
}

/** '200108' → '20 01 08'. */
export function formatEerCode(code: string): string {
  const digits = code.replace(/\s/g, '');
  return /^\d{6}\*?$/.test(digits) ? `${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}` : code;
}
