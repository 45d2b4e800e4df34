/**
 * Every user-facing Italian string of the shell, and the error catalogue of SPEC §8.
 * Components import from here; no visible text is written inline elsewhere.
 */

export const portalName = 'Osservatorio Raccolta Differenziata';

export const messages = {
  portalName,
  skipToContent: 'Vai al contenuto principale',
  header: {
    homeLinkLabel: `${portalName}: pagina iniziale`,
    navLabel: 'Navigazione principale',
  },
  nav: {
    project: 'Il progetto',
    glossary: 'Glossario',
    ecocompattatori: 'Ecocompattatori',
    contacts: 'Contatti',
  },
  footer: {
    navLabel: 'Link del portale',
    sources: 'Fonti dei dati: ISPRA (Catasto rifiuti), ISTAT e altre fonti pubbliche.',
    copyright: (year: number) => `© ${year} ${portalName}`,
  },
  home: {
    metaTitle: 'La raccolta differenziata in Italia',
    metaDescription:
      'Statistiche sulla raccolta differenziata dei rifiuti urbani in Italia per regione, provincia e comune, e dati sugli ecocompattatori.',
    title: 'La raccolta differenziata in Italia',
    intro: [
      'Questo portale pubblica le statistiche sulla raccolta differenziata dei rifiuti urbani in Italia: i dati nazionali e quelli di ogni regione, provincia e comune, con le azioni di prevenzione e i sistemi di raccolta adottati sul territorio.',
      'Raccoglie anche i dati sugli ecocompattatori, le macchine che ritirano gli imballaggi vuoti per avviarli al riciclo. I dati provengono da fonti pubbliche, in particolare ISPRA e ISTAT.',
    ],
    regionsTitle: 'Le regioni',
    regionsCaption: (year: number | null) =>
      year === null
        ? 'Regioni italiane: province, comuni con dati e popolazione'
        : `Regioni italiane: province, comuni con dati e popolazione (anno ${year})`,
    columns: {
      region: 'Regione',
      provinces: 'Province',
      comuni: 'Comuni con dati',
      population: 'Popolazione',
      year: 'Anno',
    },
    total: 'Italia',
    notAvailable: 'n.d.',
    notAvailableTitle: 'dato non disponibile',
  },
  notFound: {
    title: 'Pagina non trovata',
    body: 'La pagina che cerchi non esiste o non è ancora disponibile.',
    backHome: 'Torna alla pagina iniziale',
  },
  errors: {
    title: 'Si è verificato un errore',
    generic: 'Ops... Qualcosa è andato storto, riprova più tardi.',
    passwordResetToken: 'Ops... Sembra che tu abbia già reimpostato la password. Ti preghiamo di riprovare.',
    recaptcha:
      'È stato riscontrato un problema durante il controllo di sicurezza, per favore riprova più tardi.',
    map: 'Ops... Non abbiamo trovato il Comune sulla mappa ma puoi vedere le statistiche sotto.',
    requestFailed: 'Oops, la richiesta non è andata a buon fine.',
    noData: 'Nessun dato rilevato.',
    noPreventionActions: 'Non sono presenti azioni di prevenzione mappate dallo studio.',
    retry: 'Riprova',
  },
  success: {
    requestSent: 'La tua richiesta è stata inviata correttamente.',
    profileUpdated: 'Profilo aggiornato con successo.',
  },
  unchanged: "Non variato rispetto all'anno di confronto",
} as const;
