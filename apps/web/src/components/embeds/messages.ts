/** Italian strings of "Incorpora" and of the embeds (/embed/…). */

export const embedMessages = {
  button: 'Incorpora',
  buttonLabel: (title: string) => `Incorpora «${title}» nel tuo sito`,
  dialog: {
    title: 'Incorpora il grafico',
    intro: (title: string) =>
      `Incolla questo codice nella pagina del tuo sito: mostra «${title}» con i dati aggiornati del portale, la fonte e il link alla pagina completa.`,
    codeLabel: 'Codice HTML da incollare',
    linkLabel: 'Link al grafico',
    copy: 'Copia',
    copyCode: 'Copia il codice HTML',
    copyLink: 'Copia il link',
    codeCopied: 'Codice copiato negli appunti.',
    linkCopied: 'Link copiato negli appunti.',
    copyFailed: 'Copia non riuscita: il testo è selezionato, copialo con Ctrl+C (⌘+C su Mac).',
    preview: 'Apri l’anteprima',
    newTab: '(si apre in una nuova scheda)',
  },
  frame: {
    /** "Osservatorio Raccolta Differenziata · Comune di Bologna, 2023" */
    separator: ' · ',
    italy: 'Italia',
    region: (name: string) => `Regione ${name}`,
    city: (name: string, province: string | null) =>
      province ? `Comune di ${name} (${province})` : `Comune di ${name}`,
    rvm: 'Ecocompattatori',
    fullPage: (portal: string) => `Vedi tutti i dati su ${portal}`,
    newTab: '(si apre in una nuova scheda)',
    demoSource: 'Dati dimostrativi: non provengono da una fonte pubblica.',
    rvmSource:
      'Dati dimostrativi: le quantità raccolte sono generate per il portale, non provengono da una fonte pubblica.',
  },
  notFound: {
    title: 'Grafico non trovato',
    body: 'Il grafico o il territorio richiesto non esiste, o non ha dati da mostrare.',
    back: (portal: string) => `Vai a ${portal}`,
  },
  metaTitle: (title: string, territory: string) => `${title}: ${territory}`,
} as const;
