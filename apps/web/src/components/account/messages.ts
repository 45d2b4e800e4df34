/**
 * Italian strings of the account settings on /profilo (password, address, sessions, recent sign-ins,
 * deletion) and of the flows they open from a mail or after a deletion. The shell's own strings (profile
 * details, licence) stay in lib/messages.ts.
 */

export const accountMessages = {
  password: {
    title: 'Password',
    intro:
      'Per cambiare la password inserisci quella attuale e la nuova due volte. Gli accessi aperti su altri dispositivi verranno chiusi.',
    oldPassword: 'Password attuale',
    newPassword1: 'Nuova password',
    newPassword2: 'Conferma la nuova password',
    submit: 'Cambia la password',
    done: 'La password è stata cambiata. Gli accessi aperti su altri dispositivi sono stati chiusi.',
  },
  email: {
    title: 'Indirizzo email',
    current: 'Il tuo indirizzo attuale:',
    intro:
      'Per cambiarlo scrivi il nuovo indirizzo e la tua password: ti invieremo un link al nuovo indirizzo per confermarlo. Finché non lo apri, continui ad accedere con l’indirizzo attuale.',
    newEmail: 'Nuovo indirizzo email',
    password: 'Password attuale',
    submit: 'Cambia l’indirizzo',
    sent: (email: string) =>
      `Se l’indirizzo ${email} può essere usato, riceverai lì un’email con il link per confermare il cambio. Il link vale 3 giorni.`,
  },
  delete: {
    title: 'Elimina account',
    intro:
      'Puoi eliminare il tuo account in qualsiasi momento. L’operazione non si può annullare: per usare di nuovo l’area riservata dovrai registrarti da capo.',
    open: 'Elimina l’account',
    dialogTitle: 'Eliminare l’account?',
    erased: 'Eliminando l’account cancelliamo:',
    erasedItems: [
      'il tuo nome, cognome e indirizzo email, l’organizzazione, il ruolo e l’uso previsto dei dati;',
      'la password e tutti gli accessi aperti;',
      'la licenza d’uso dei dati e le richieste in corso;',
      'il collegamento con i messaggi che ci hai inviato.',
    ],
    kept: 'Il registro dei download resta, senza alcun riferimento a te: ci dice solo quali dati sono stati scaricati e quando. I messaggi che ci hai inviato dal modulo Contatti restano allo staff come corrispondenza, non più collegati all’account.',
    password: 'Per confermare inserisci la tua password',
    confirm: 'Elimina definitivamente',
    cancel: 'Annulla',
  },
  sessions: {
    title: 'Sessioni attive',
    intro:
      'Sono i dispositivi e i browser da cui hai effettuato l’accesso e che restano collegati al tuo account. Se non ne riconosci uno, chiudi la sua sessione e cambia la password. Chiudendo la sessione di questo dispositivo esci dal portale.',
    loading: 'Caricamento delle sessioni…',
    retry: 'Riprova',
    empty: 'Nessuna sessione attiva.',
    /** The mark of the session of this browser (text, not only a colour). */
    current: 'Questo dispositivo',
    /** The device of a session: "Chrome 131 su Linux"; the browser's fallback when the API did not know it. */
    device: (browser: string, system: string) => (system ? `${browser} su ${system}` : browser),
    unknownBrowser: 'Browser sconosciuto',
    ip: 'Indirizzo IP',
    unknownIp: 'sconosciuto',
    createdAt: 'Accesso',
    lastUsedAt: 'Ultimo uso',
    end: 'Chiudi sessione',
    /** After the button's words, for its accessible name only: which session it ends. */
    endTarget: (device: string) => ` ${device}`,
    endCurrentTarget: (device: string) => ` ${device} (questo dispositivo)`,
    endOthers: 'Esci da tutti gli altri dispositivi',
    ending: 'Chiusura in corso…',
  },
  signInEvents: {
    title: 'Accessi recenti',
    intro: (days: number) =>
      `Gli accessi al tuo account, i tentativi non riusciti e le sessioni chiuse degli ultimi ${days} giorni, dal più recente. Li conserviamo per ${days} giorni, poi vengono cancellati. Se vedi un accesso che non riconosci, cambia la password.`,
    loading: 'Caricamento degli accessi…',
    retry: 'Riprova',
    empty: (days: number) => `Nessun accesso registrato negli ultimi ${days} giorni.`,
    caption: (days: number) => `Accessi degli ultimi ${days} giorni, dal più recente`,
    captionCount: (count: number) => (count === 1 ? ' (1 evento)' : ` (${count} eventi)`),
    columns: {
      at: 'Data e ora',
      kind: 'Evento',
      device: 'Browser e sistema',
      ip: 'Indirizzo IP',
    },
  },
  emailChangeFlow: {
    title: 'Conferma il nuovo indirizzo',
    intro: 'Conferma di voler usare questo indirizzo email per il tuo account.',
    submit: 'Conferma il nuovo indirizzo',
    doneSignedIn:
      'Il tuo indirizzo email è stato cambiato. Gli accessi su altri dispositivi sono stati chiusi.',
    doneSignedOut:
      'Il tuo indirizzo email è stato cambiato. Accedi con il nuovo indirizzo e la tua password: gli accessi aperti sono stati chiusi.',
    dead: 'Il link di conferma non è valido o è scaduto: chiedi di nuovo il cambio di indirizzo dalla pagina del profilo.',
    toLogin: 'Accedi',
  },
  deletedFlow: {
    title: 'Account eliminato',
    body: 'Il tuo account è stato eliminato, con i dati del tuo profilo e i tuoi accessi. Grazie per aver usato l’Osservatorio Raccolta Differenziata.',
    close: 'Torna al portale',
  },
} as const;
