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
    menuOpen: 'Apri il menu',
    menuClose: 'Chiudi il menu',
    menu: 'Menu',
    signup: 'Registrati',
    login: 'Accedi',
    privateArea: 'Area riservata',
    profile: 'Profilo',
    subscription: 'Sottoscrizione',
    download: 'Scarica dati',
    admin: 'Amministrazione',
    logout: 'Esci',
  },
  license: {
    badgeLabel: 'Stato della licenza',
    status: { active: 'Attiva', pending: 'In attesa', inactive: 'Non attiva' },
  },
  nav: {
    project: 'Il progetto',
    glossary: 'Glossario',
    ecocompattatori: 'Ecocompattatori',
    contacts: 'Contatti',
    rankings: 'Classifiche',
  },
  footer: {
    navLabel: 'Link del portale',
    projectTitle: 'Il portale',
    accountTitle: 'Il tuo account',
    privateTitle: 'Area riservata',
    legalTitle: 'Note legali',
    legalNavLabel: 'Note legali',
    terms: 'Termini e condizioni',
    privacy: 'Privacy policy',
    cookie: 'Cookie policy',
    cookiePreferences: 'Preferenze cookie',
    consortiumTitle: 'Il consorzio',
    consortiumName: 'Consorzio Nazionale Imballaggi',
    consortiumSite: 'Sito del consorzio',
    consortiumUrl: 'https://www.conai.org/',
    socialTitle: 'Seguici',
    socialLinks: [
      { label: 'LinkedIn', href: 'https://www.linkedin.com/company/conai/' },
      { label: 'Facebook', href: 'https://www.facebook.com/conai.consorzio/' },
      { label: 'Instagram', href: 'https://www.instagram.com/conai_consorzio/' },
      { label: 'YouTube', href: 'https://www.youtube.com/user/CONAIconsorzio' },
    ],
    newWindow: '(si apre in una nuova finestra)',
    registeredOfficeTitle: 'Sede legale',
    registeredOffice: 'Via Pompeo Litta 5, 20122 Milano (MI)',
    operationalOfficeTitle: 'Sede operativa',
    operationalOffice: 'Via Tomacelli 132, 00186 Roma (RM)',
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
  feedback: 'Invia feedback',
  modal: {
    close: 'Chiudi',
    login: {
      title: 'Accedi',
      intro: 'Accedi per scaricare le statistiche e gestire la tua sottoscrizione.',
      submit: 'Accedi',
      forgotten: 'Hai dimenticato la password?',
      noAccount: 'Non hai un account?',
      toSignup: 'Registrati',
      unverified: 'Il tuo indirizzo email non è ancora stato verificato.',
      resend: "Non hai ricevuto l'email? Invia nuovamente",
      resent: "Ti abbiamo inviato di nuovo l'email di verifica.",
    },
    signup: {
      title: 'Registrati',
      intro: 'Crea un account gratuito per scaricare le statistiche e richiedere la licenza d’uso dei dati.',
      submit: 'Registrati',
      privacyBefore: 'Dichiaro di aver letto l’',
      privacyLink: 'informativa sulla privacy',
      privacyAfter: ' e acconsento al trattamento dei miei dati personali.',
      privacyRequired: 'Per registrarti devi accettare l’informativa sulla privacy.',
      haveAccount: 'Hai già un account?',
      toLogin: 'Accedi',
      successTitle: 'Controlla la tua email',
      success: (email: string) =>
        `Ti abbiamo inviato un'email all'indirizzo ${email}. Apri il link che contiene per confermare il tuo account.`,
      resend: "Non hai ricevuto l'email? Invia nuovamente",
      resent: "Ti abbiamo inviato di nuovo l'email di verifica.",
    },
    passwordForgotten: {
      title: 'Password dimenticata',
      intro:
        "Inserisci l'indirizzo email del tuo account: ti invieremo un link per scegliere una nuova password.",
      submit: 'Invia il link',
      backToLogin: "Torna all'accesso",
      successTitle: 'Email inviata',
      success: (email: string) =>
        `Se esiste un account con l'indirizzo ${email}, riceverai a breve un'email con il link per reimpostare la password.`,
      resend: "Non hai ricevuto l'email? Invia nuovamente",
      resent: "Ti abbiamo inviato di nuovo l'email.",
    },
    verifyEmail: {
      title: 'Conferma email',
      intro: 'Per confermare il tuo indirizzo inserisci la password che hai scelto registrandoti.',
      submit: 'Conferma',
      success: 'Il tuo indirizzo email è stato confermato. Ora puoi accedere.',
      successSignedIn: 'Il tuo indirizzo email è stato confermato e hai effettuato l’accesso.',
      close: 'Continua',
      error:
        'Il link di conferma non è valido o è scaduto: apri il messaggio più recente, o registrati di nuovo per riceverne uno nuovo.',
      toLogin: 'Accedi',
    },
    passwordReset: {
      title: 'Scegli una nuova password',
      submit: 'Salva la password',
      success: 'La password è stata reimpostata. Ora puoi accedere con la nuova password.',
      toLogin: 'Accedi',
    },
  },
  fields: {
    email: 'Email',
    emailConfirm: 'Conferma email',
    password: 'Password',
    newPassword1: 'Nuova password',
    newPassword2: 'Conferma la nuova password',
    firstName: 'Nome',
    lastName: 'Cognome',
    organization: 'Organizzazione',
    organizationType: 'Tipo di organizzazione',
    role: 'Ruolo',
    intendedUse: 'Uso previsto dei dati',
    reason: 'Motivo del contatto',
    reasonPlaceholder: 'Scegli un motivo',
    message: 'Messaggio',
    sending: 'Invio in corso…',
  },
  profile: {
    metaTitle: 'Profilo',
    title: 'Profilo',
    intro:
      'Qui puoi aggiornare i tuoi dati. Ci aiutano a capire chi usa i dati del portale e per quali scopi.',
    detailsTitle: 'I tuoi dati',
    submit: 'Salva le modifiche',
    licenseTitle: 'Sottoscrizione della licenza d’uso dei dati',
    licenseStatusLabel: 'Stato:',
    licenseAllows:
      'La licenza d’uso dei dati è gratuita. Con la licenza attiva puoi scaricare in formato CSV i dati filtrati di raccolta differenziata per regione, provincia e comune dalla pagina Scarica dati, impegnandoti a citare la fonte e a non usarli in modo da trarre in inganno.',
    licenseRegistered:
      'Con il tuo account puoi già scaricare le singole statistiche in formato pdf, png e jpg.',
    licenseInactive: 'Non hai ancora una licenza attiva. Richiedila: lo staff esaminerà la tua richiesta.',
    licenseRevoked: (date: string) => `La tua licenza è stata revocata il ${date}.`,
    licenseRejected: (date: string) => `La tua richiesta di licenza non è stata accolta il ${date}.`,
    /** A request turned down before the portal recorded when (and why): the date is the request's. */
    licenseNotAccepted: (date: string) => `La tua richiesta di licenza del ${date} non è stata accolta.`,
    licenseReason: 'Motivazione:',
    licenseAskAgain: 'Puoi richiederla di nuovo: lo staff esaminerà la tua richiesta.',
    licenseRequestAgain: 'Richiedi di nuovo la licenza',
    licensePending: (date: string | null) =>
      date
        ? `Richiesta inviata il ${date}: è in attesa di approvazione da parte dello staff. Riceverai un'email quando l'avrà esaminata.`
        : "La tua richiesta è in attesa di approvazione da parte dello staff. Riceverai un'email quando l'avrà esaminata.",
    licenseActive: (date: string | null) =>
      date ? `La tua licenza è attiva. Approvata il ${date}.` : 'La tua licenza è attiva.',
    licenseRequest: 'Richiedi la licenza',
    /** The data-use commitment (LICENSE_TERMS), shown before the request button. */
    licenseTermsLead: 'Richiedendo la licenza ti impegni a:',
    licenseTermsVersion: (version: string) => `Versione dell'impegno: ${version}`,
    licenseTermsAccept: "Ho letto e accetto l'impegno d'uso dei dati",
    licenseTermsRequired: "Per richiedere la licenza devi accettare l'impegno d'uso dei dati.",
    licenseTermsAccepted: (date: string, version: string | null) =>
      version ? `Impegno accettato il ${date} (versione ${version}).` : `Impegno accettato il ${date}.`,
    licenseRequested: 'Richiesta inviata. Riceverai un’email quando lo staff l’avrà esaminata.',
    toDownload: 'Vai a Scarica dati',
  },
  download: {
    metaTitle: 'Scarica dati',
    title: 'Scarica dati',
    inactive:
      'Per scaricare i dati in formato CSV serve una licenza d’uso attiva. Non hai ancora richiesto la licenza.',
    revoked: (date: string) =>
      `Per scaricare i dati in formato CSV serve una licenza d’uso attiva. La tua licenza è stata revocata il ${date}: puoi richiederla di nuovo dalla pagina del profilo.`,
    notAccepted: (date: string) =>
      `Per scaricare i dati in formato CSV serve una licenza d’uso attiva. La tua richiesta del ${date} non è stata accolta: puoi richiederla di nuovo dalla pagina del profilo.`,
    toLicenseAgain: 'Richiedi di nuovo la licenza',
    pending:
      'Per scaricare i dati in formato CSV serve una licenza d’uso attiva. La tua richiesta è in attesa di approvazione.',
    toLicense: 'Vai alla sottoscrizione',
  },
  contact: {
    metaTitle: 'Contatti',
    metaDescription:
      'Scrivi all’Osservatorio Raccolta Differenziata: domande sui dati, segnalazioni sulla piattaforma, esperienze di prevenzione locale.',
    title: 'Contatti',
    intro:
      'Hai una domanda sui dati, una segnalazione sulla piattaforma o un’esperienza di prevenzione locale da raccontare? Scrivici: ti risponderemo all’indirizzo email che indichi.',
    privacyBefore: 'Ho letto e accetto la ',
    privacyLink: 'Privacy Policy',
    privacyAfter: '.',
    submit: 'Invia',
    sendAnother: 'Invia un altro messaggio',
  },
  legal: {
    termsTitle: 'Termini e condizioni',
    privacyTitle: 'Privacy policy',
    cookieTitle: 'Cookie policy',
    termsDescription:
      'Le condizioni d’uso del portale e la licenza d’uso dei dati di raccolta differenziata: chi può scaricarli, come citarli e quali limiti rispettare.',
    privacyDescription:
      'Come trattiamo i dati personali di chi si registra, scarica i dati o ci scrive: titolare, finalità, conservazione e diritti.',
    cookieDescription:
      'Quali cookie usa il portale: quelli tecnici, necessari al funzionamento, e quelli statistici, attivi solo con il tuo consenso, che puoi ritirare in ogni momento.',
  },
  cookieBanner: {
    label: 'Consenso ai cookie',
    text: 'Usiamo cookie tecnici, necessari al funzionamento del sito, e, solo con il tuo consenso, cookie statistici per capire come viene usato il portale.',
    more: 'Leggi la cookie policy',
    accept: 'Accetta',
    reject: 'Rifiuta',
    currentAccepted: 'Al momento hai accettato i cookie statistici: con «Rifiuta» ritiri il consenso.',
    currentRejected: 'Al momento hai rifiutato i cookie statistici.',
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
