import type { LicenseFilter } from '@portal/contract';

/** Italian strings of the staff's back-office (/amministrazione). */
export const adminMessages = {
  metaTitle: 'Amministrazione',
  title: 'Amministrazione',
  staffOnly: 'Questa pagina è riservata allo staff del portale.',
  intro:
    'Qui lo staff esamina le richieste di licenza d’uso dei dati e vede chi ha deciso cosa. Ogni decisione arriva all’utente per email; la motivazione di un rifiuto o di una revoca è anche nel suo profilo.',
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
