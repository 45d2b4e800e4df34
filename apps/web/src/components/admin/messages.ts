import type {
  ContactInboxQuery,
  LicenseFilter,
  LicenseHolder,
  MailOutboxQuery,
  UserAction,
  UserFilter,
} from '@portal/contract';
import { formatInteger } from '../../lib/format';

type ContactState = ContactInboxQuery['state'];
type MailFilter = MailOutboxQuery['status'];

/** Italian strings of the staff's back-office (/amministrazione). */
export const adminMessages = {
  title: 'Amministrazione',
  /** A section's page title: "Utenti · Amministrazione". */
  sectionMetaTitle: (section: string) => `${section} · Amministrazione`,
  /** The name of the menu of the sections. */
  sectionsLabel: 'Sezioni dell’amministrazione',
  staffOnly: 'Questa pagina è riservata allo staff del portale.',
  intro:
    'Qui lo staff esamina le richieste di licenza d’uso dei dati, gestisce gli account, legge i messaggi del modulo di contatto, controlla le email in uscita, i download e gli accessi, importa nuovi dati e vede chi ha deciso cosa. Ogni decisione sulla licenza arriva all’utente per email; la motivazione di un rifiuto o di una revoca è anche nel suo profilo.',
  loading: 'Caricamento…',
  retry: 'Riprova',
  none: '—',
  /** The search box of a list (Richieste di licenza, Utenti, Download, Accessi). */
  search: {
    submit: 'Cerca',
    clear: 'Azzera la ricerca',
  },
  licenses: {
    title: 'Richieste di licenza',
    filter: 'Stato',
    filters: {
      pending: 'In attesa',
      active: 'Attive',
      inactive: 'Non attive',
      all: 'Tutte',
    } satisfies Record<LicenseFilter, string>,
    search: 'Cerca per nome, e-mail o organizzazione',
    caption: {
      pending: 'Richieste in attesa, dalla meno recente',
      active: 'Utenti con licenza attiva',
      inactive: 'Utenti senza licenza attiva',
      all: 'Tutti gli utenti',
    } satisfies Record<LicenseFilter, string>,
    captionSearch: (search: string) => ` che corrispondono a «${search}»`,
    captionCount: (count: number) => (count === 1 ? ' (1 utente)' : ` (${count} utenti)`),
    empty: {
      pending: 'Nessuna richiesta in attesa.',
      active: 'Nessun utente con licenza attiva.',
      inactive: 'Nessun utente senza licenza attiva.',
      all: 'Nessun utente.',
    } satisfies Record<LicenseFilter, string>,
    emptySearch: 'Nessun utente corrisponde alla ricerca.',
    columns: {
      name: 'Nome',
      email: 'E-mail',
      organization: 'Organizzazione',
      intendedUse: 'Uso previsto',
      requestedAt: 'Richiesta il',
      status: 'Stato',
      actions: 'Azioni',
    },
    revokedOn: (date: string) => `Revocata il ${date}`,
    rejectedOn: (date: string) => `Rifiutata il ${date}`,
    /** Under the request's date: the version of the data-use commitment accepted with it. */
    termsVersion: (version: string) => `Impegno v. ${version}`,
    /** In the Azioni column instead of Approva: why four eyes keep this staff member from it (decision 068). */
    approvalRefused: {
      own: 'La tua licenza la approva un altro membro dello staff.',
      'grant-chain':
        'Non puoi approvarla: il tuo accesso allo staff viene da questo utente. La approva un altro membro dello staff.',
    } satisfies Record<NonNullable<LicenseHolder['approvalRefused']>, string>,
    /** The visible label of each action, and what a screen reader hears in a row. */
    actions: {
      approve: 'Approva',
      reject: 'Rifiuta',
      revoke: 'Revoca',
    },
    actionTarget: {
      approve: (email: string) => ` la licenza di ${email}`,
      reject: (email: string) => ` la richiesta di ${email}`,
      revoke: (email: string) => ` la licenza di ${email}`,
    },
    done: {
      approve: (email: string) => `Licenza di ${email} approvata.`,
      reject: (email: string) => `Richiesta di licenza di ${email} rifiutata.`,
      revoke: (email: string) => `Licenza di ${email} revocata.`,
    },
  },
  users: {
    title: 'Utenti',
    filter: 'Stato',
    filters: {
      all: 'Tutti',
      unverified: 'Da verificare',
      staff: 'Staff',
      deactivated: 'Disattivati',
    } satisfies Record<UserFilter, string>,
    search: 'Cerca per nome o e-mail',
    caption: {
      all: 'Tutti gli account, dal più recente',
      unverified: 'Account da verificare, dal più recente',
      staff: 'Account dello staff, dal più recente',
      deactivated: 'Account disattivati, dal più recente',
    } satisfies Record<UserFilter, string>,
    captionSearch: (search: string) => ` che corrispondono a «${search}»`,
    captionCount: (count: number) => (count === 1 ? ' (1 account)' : ` (${count} account)`),
    empty: {
      all: 'Nessun account.',
      unverified: 'Nessun account da verificare.',
      staff: 'Nessun account dello staff.',
      deactivated: 'Nessun account disattivato.',
    } satisfies Record<UserFilter, string>,
    emptySearch: 'Nessun account corrisponde alla ricerca.',
    columns: {
      name: 'Nome',
      email: 'E-mail',
      status: 'Stato',
      license: 'Licenza',
      staff: 'Staff',
      createdAt: 'Registrato il',
      sessions: 'Sessioni attive',
      actions: 'Azioni',
    },
    /** The Stato column: the account's state, and notes under it. */
    verified: 'Verificato',
    unverified: 'Da verificare',
    deactivated: 'Disattivato',
    deactivatedOn: (date: string) => `Disattivato dal ${date}`,
    deactivationReason: (reason: string) => `Motivazione: ${reason}`,
    unverifiedNote: 'Indirizzo da verificare',
    noPassword: 'Nessuna password: non può ancora accedere',
    staffYes: 'Sì',
    staffNo: 'No',
    /** Under "Sì": why the row offers no deactivation nor removal (decision 068). */
    staffByOperator: 'Disattivazione e rimozione solo dall’operatore (riga di comando)',
    /** The visible label of each action, and what a screen reader hears in a row. */
    actions: {
      'resend-verification': 'Invia di nuovo la verifica',
      verify: 'Segna come verificato',
      deactivate: 'Disattiva',
      reactivate: 'Riattiva',
      'grant-staff': 'Rendi staff',
      'remove-staff': 'Togli staff',
    } satisfies Record<UserAction, string>,
    actionTarget: {
      'resend-verification': (email: string) => ` a ${email}`,
      verify: (email: string) => ` ${email}`,
      deactivate: (email: string) => ` l’account di ${email}`,
      reactivate: (email: string) => ` l’account di ${email}`,
      'grant-staff': (email: string) => ` ${email}`,
      'remove-staff': (email: string) => ` a ${email}`,
    } satisfies Record<UserAction, (email: string) => string>,
    done: {
      'resend-verification': (email: string) => `Email di verifica inviata di nuovo a ${email}.`,
      verify: (email: string) => `Indirizzo ${email} segnato come verificato.`,
      deactivate: (email: string) => `Account di ${email} disattivato.`,
      reactivate: (email: string) => `Account di ${email} riattivato.`,
      'grant-staff': (email: string) => `Accesso all’amministrazione concesso a ${email}.`,
      'remove-staff': (email: string) => `Accesso all’amministrazione tolto a ${email}.`,
    } satisfies Record<UserAction, (email: string) => string>,
  },
  contact: {
    title: 'Messaggi di contatto',
    filter: 'Stato',
    filters: {
      open: 'Da gestire',
      handled: 'Gestiti',
      all: 'Tutti',
    } satisfies Record<ContactState, string>,
    reason: 'Motivo',
    allReasons: 'Tutti i motivi',
    caption: {
      open: 'Messaggi da gestire, dal più recente',
      handled: 'Messaggi gestiti, dal più recente',
      all: 'Tutti i messaggi, dal più recente',
    } satisfies Record<ContactState, string>,
    captionReason: (reason: string) => ` con motivo «${reason}»`,
    captionCount: (count: number) => (count === 1 ? ' (1 messaggio)' : ` (${count} messaggi)`),
    empty: {
      open: 'Nessun messaggio da gestire.',
      handled: 'Nessun messaggio gestito.',
      all: 'Nessun messaggio.',
    } satisfies Record<ContactState, string>,
    columns: {
      receivedAt: 'Ricevuto il',
      from: 'Da',
      reason: 'Motivo',
      message: 'Messaggio',
      status: 'Stato',
      actions: 'Azioni',
    },
    /** How the Stato column and the audit log name the two states of a message. */
    open: 'Da gestire',
    handled: 'Gestito',
    handledOn: (when: string, by: string | null) =>
      by ? `Gestito il ${when} da ${by}` : `Gestito il ${when}`,
    markHandled: 'Segna come gestito',
    markHandledTarget: (email: string) => ` il messaggio di ${email}`,
    done: (email: string) => `Messaggio di ${email} segnato come gestito.`,
  },
  mail: {
    title: 'Email in uscita',
    filter: 'Stato',
    filters: {
      all: 'Tutte',
      pending: 'In coda',
      sending: 'In invio',
      sent: 'Inviate',
      failed: 'Non recapitate',
    } satisfies Record<MailFilter, string>,
    caption: {
      all: 'Tutte le email, dalla più recente',
      pending: 'Email in coda, dalla più recente',
      sending: 'Email in invio, dalla più recente',
      sent: 'Email inviate, dalla più recente',
      failed: 'Email non recapitate, dalla più recente',
    } satisfies Record<MailFilter, string>,
    captionCount: (count: number) => (count === 1 ? ' (1 email)' : ` (${count} email)`),
    empty: {
      all: 'Nessuna email.',
      pending: 'Nessuna email in coda.',
      sending: 'Nessuna email in invio.',
      sent: 'Nessuna email inviata.',
      failed: 'Nessuna email non recapitata.',
    } satisfies Record<MailFilter, string>,
    columns: {
      createdAt: 'Creata il',
      to: 'Destinatario',
      subject: 'Oggetto',
      status: 'Stato',
      attempts: 'Tentativi',
      sentAt: 'Inviata il',
      actions: 'Azioni',
    },
    /** Under "In coda", after failed attempts: how many, and when the next one is. */
    nextAttempt: (attempts: number, when: string) =>
      attempts === 1
        ? `1 tentativo non riuscito; il prossimo il ${when}`
        : `${attempts} tentativi non riusciti; il prossimo il ${when}`,
    retry: 'Riprova l’invio',
    retryTarget: (to: string) => ` a ${to}`,
    done: (to: string) => `Email a ${to} rimessa in coda.`,
  },
  downloads: {
    title: 'Download',
    search: 'Cerca per e-mail o nome dell’utente',
    format: 'Formato',
    allFormats: 'Tutti i formati',
    from: 'Dal giorno',
    to: 'Fino al giorno',
    /** The link to the same rows as a CSV file (/api/admin/downloads/export/). */
    export: 'Esporta CSV',
    caption: 'Download, dal più recente',
    captionFormat: (format: string) => ` in formato ${format}`,
    captionFrom: (day: string) => ` dal ${day}`,
    captionTo: (day: string) => ` al ${day}`,
    captionSearch: (search: string) => ` di utenti che corrispondono a «${search}»`,
    captionCount: (count: number) => (count === 1 ? ' (1 download)' : ` (${formatInteger(count)} download)`),
    empty: 'Nessun download.',
    emptyFiltered: 'Nessun download corrisponde ai filtri.',
    columns: {
      at: 'Quando',
      user: 'Utente',
      format: 'Formato',
      query: 'Richiesta',
      rows: 'Righe',
    },
    /** The Utente column once the account is deleted. */
    deletedUser: 'account eliminato',
  },
  signIns: {
    title: 'Accessi',
    intro: (days: number) =>
      `Accessi, tentativi non riusciti e sessioni chiuse di tutti gli account negli ultimi ${days} giorni, dal più recente. Dopo ${days} giorni vengono cancellati.`,
    search: 'Cerca per e-mail',
    kind: 'Evento',
    allKinds: 'Tutti gli eventi',
    caption: (days: number) => `Accessi degli ultimi ${days} giorni, dal più recente`,
    captionKind: (kind: string) => ` di tipo «${kind}»`,
    captionSearch: (search: string) => ` di utenti che corrispondono a «${search}»`,
    captionCount: (count: number) => (count === 1 ? ' (1 evento)' : ` (${formatInteger(count)} eventi)`),
    empty: 'Nessun accesso registrato.',
    emptyFiltered: 'Nessun accesso corrisponde ai filtri.',
    columns: {
      at: 'Quando',
      user: 'Utente',
      kind: 'Evento',
      device: 'Browser e sistema',
      ip: 'Indirizzo IP',
    },
    unknownIp: 'sconosciuto',
  },
  imports: {
    title: 'Dati',
    intro:
      'Carica i file di un insieme di dati: le statistiche e le pagine del portale si aggiornano subito. Un file con righe non valide non cambia nulla; un file già importato non viene importato di nuovo.',
    dataset: 'Insieme di dati',
    chooseDataset: 'Scegli l’insieme di dati',
    file: 'File da importare',
    fileHint: 'Il file indicato accanto all’insieme di dati (.csv, o .json per i confini).',
    filesHint: 'Uno o più file .csv: scegli insieme tutti i file della cartella.',
    submit: 'Importa',
    pending: 'Importazione in corso…',
    /** The progress of an upload (decision 076): the bytes sent, then where the import has got. */
    progress: {
      uploadLabel: 'Invio dei file',
      upload: (percent: number, sent: string, total: string) =>
        `Invio dei file: ${percent} % (${sent} di ${total})`,
      importLabel: 'Importazione',
      parsing: 'File ricevuto: lettura e controllo delle righe…',
      writing: 'Righe valide: scrittura nel database…',
      writingRows: (done: string, total: string) =>
        `Righe valide: scrittura nel database, ${done} di ${total}…`,
      waiting: 'File ricevuto: importazione in corso…',
    },
    missingDataset: 'Scegli l’insieme di dati.',
    missingFile: 'Scegli il file da importare.',
    oneFileOnly: 'Questo insieme di dati si importa da un solo file.',
    tooLarge: (mb: number) => `Il caricamento è troppo grande: al massimo ${mb} MB in tutto.`,
    tooManyFiles: (max: number) => `Troppi file: al massimo ${max} in un caricamento.`,
    imported: (rows: number, files: string, years: string | null) =>
      `${rows === 1 ? 'Importata 1 riga' : `Importate ${formatInteger(rows)} righe`} da ${files}${years ? ` (${years})` : ''}`,
    years: (count: number, span: string) => (count === 1 ? `anno ${span}` : `anni ${span}`),
    unchanged: 'Il file era già stato importato: nessuna modifica',
    unchangedFiles: 'I file erano già stati importati: nessuna modifica',
    rejected: 'Il file non è stato importato: nessun dato è cambiato',
    recentCaption: 'Ultime importazioni, dalla più recente',
    recentEmpty: 'Nessuna importazione.',
    columns: {
      dataset: 'Insieme di dati',
      file: 'File',
      rows: 'Righe',
      years: 'Anni',
      importedAt: 'Importato il',
    },
  },
  dialog: {
    reason: 'Motivazione',
    cancel: 'Annulla',
    reject: {
      title: 'Rifiutare la richiesta?',
      intro: (who: string) =>
        `La richiesta di licenza di ${who} verrà rifiutata. Potrà richiederla di nuovo in seguito.`,
      hint: 'L’utente la legge nell’email che riceve e nel suo profilo. Al massimo 1000 caratteri.',
      submit: 'Rifiuta la richiesta',
    },
    revoke: {
      title: 'Revocare la licenza?',
      intro: (who: string) =>
        `La licenza di ${who} verrà revocata: non potrà più scaricare i dati in formato CSV. Potrà richiederla di nuovo in seguito.`,
      hint: 'L’utente la legge nell’email che riceve e nel suo profilo. Al massimo 1000 caratteri.',
      submit: 'Revoca la licenza',
    },
    deactivate: {
      title: 'Disattivare l’account?',
      intro: (who: string) =>
        `L’account di ${who} verrà disattivato: non potrà più accedere e le sue sessioni verranno chiuse. Potrai riattivarlo in seguito.`,
      hint: 'Resta accanto all’account e nel registro delle attività. Al massimo 1000 caratteri.',
      submit: 'Disattiva l’account',
    },
  },
  audit: {
    title: 'Registro delle attività',
    caption: 'Decisioni dello staff, dalla più recente',
    captionCount: (count: number) => (count === 1 ? ' (1 voce)' : ` (${count} voci)`),
    empty: 'Il registro è vuoto.',
    columns: {
      at: 'Quando',
      actor: 'Chi',
      action: 'Azione',
      target: 'Utente o file',
      change: 'Prima → Dopo',
      reason: 'Motivazione',
    },
    changeLabel: (before: string, after: string) => `da ${before} a ${after}`,
  },
  pagination: {
    label: (what: string) => `Pagine: ${what}`,
    previous: 'Precedente',
    next: 'Successiva',
    page: (page: number, pages: number) => `Pagina ${page} di ${pages}`,
  },
};
