import type { ContactInboxQuery, LicenseFilter, MailOutboxQuery } from '@portal/contract';

type ContactState = ContactInboxQuery['state'];
type MailFilter = MailOutboxQuery['status'];

/** Italian strings of the staff's back-office (/amministrazione). */
export const adminMessages = {
  metaTitle: 'Amministrazione',
  title: 'Amministrazione',
  staffOnly: 'Questa pagina è riservata allo staff del portale.',
  intro:
    'Qui lo staff esamina le richieste di licenza d’uso dei dati, legge i messaggi del modulo di contatto, controlla le email in uscita e vede chi ha deciso cosa. Ogni decisione arriva all’utente per email; la motivazione di un rifiuto o di una revoca è anche nel suo profilo.',
  loading: 'Caricamento…',
  retry: 'Riprova',
  none: '—',
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
    searchSubmit: 'Cerca',
    searchClear: 'Azzera la ricerca',
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
  dialog: {
    rejectTitle: 'Rifiutare la richiesta?',
    revokeTitle: 'Revocare la licenza?',
    rejectIntro: (who: string) =>
      `La richiesta di licenza di ${who} verrà rifiutata. Potrà richiederla di nuovo in seguito.`,
    revokeIntro: (who: string) =>
      `La licenza di ${who} verrà revocata: non potrà più scaricare i dati in formato CSV. Potrà richiederla di nuovo in seguito.`,
    reason: 'Motivazione',
    reasonHint: 'L’utente la legge nell’email che riceve e nel suo profilo. Al massimo 1000 caratteri.',
    rejectSubmit: 'Rifiuta la richiesta',
    revokeSubmit: 'Revoca la licenza',
    cancel: 'Annulla',
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
      target: 'Utente',
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
