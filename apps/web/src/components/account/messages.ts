/**
 * Italian strings of the account settings on /profilo (password, address, deletion) and of the flows they
 * open from a mail or after a deletion. The shell's own strings (profile details, licence) stay in
 * lib/messages.ts.
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
