import { LICENSE_TERMS } from '@portal/contract/lite';

/** Text as HTML content: the characters that would otherwise be read as markup. */
const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** §4's list: the data-use commitment the profile shows before the licence request (one source). */
const commitments = LICENSE_TERMS.commitments
  .map((commitment) => `<li>${escapeHtml(commitment)}</li>`)
  .join('\n');

/** Termini e condizioni d'uso del portale (testo incluso nell'applicazione). */
export const termsAndConditions = `
<p>Ultimo aggiornamento: 1 novembre 2026.</p>
<p>Questi termini regolano l'uso dell'Osservatorio Raccolta Differenziata (di seguito "il portale"), il sito con cui il Consorzio Nazionale Imballaggi (di seguito "il Consorzio") pubblica statistiche sulla raccolta differenziata dei rifiuti urbani in Italia e dati sugli ecocompattatori. Usando il portale accetti questi termini; se non li accetti, ti chiediamo di non usarlo.</p>

<h2>1. Chi gestisce il portale</h2>
<p>Il portale è gestito dal Consorzio, con sede legale in Via Pompeo Litta 5, 20122 Milano e sede operativa in Via Tomacelli 132, 00186 Roma. Puoi scriverci in qualsiasi momento dalla pagina <a href="/contatti">Contatti</a>.</p>

<h2>2. Accesso al portale</h2>
<p>La consultazione delle statistiche nazionali, regionali, provinciali e comunali e dei dati sugli ecocompattatori è libera e gratuita e non richiede registrazione.</p>
<p>Gli utenti registrati possono inoltre scaricare le singole statistiche nei formati pdf, png e jpg. Gli utenti che hanno sottoscritto la licenza d'uso dei dati, approvata dal Consorzio, possono scaricare in formato CSV i dati filtrati dalla pagina Scarica dati.</p>

<h2>3. Account</h2>
<p>Per registrarti devi indicare nome, cognome e un indirizzo email valido, di cui confermi il possesso aprendo il link che ti inviamo. Sei responsabile della riservatezza della tua password e delle attività svolte con il tuo account; se sospetti un uso non autorizzato, reimposta la password e avvisaci.</p>
<p>Puoi chiedere la cancellazione del tuo account in ogni momento scrivendo dalla pagina Contatti. Il Consorzio può sospendere gli account usati in violazione di questi termini.</p>

<h2>4. Licenza d'uso dei dati</h2>
<p>La licenza d'uso è gratuita. Chi la sottoscrive si impegna a:</p>
<ul>
${commitments}
</ul>
<p>Il Consorzio esamina le richieste e può revocare la licenza in caso di violazione di questi impegni.</p>

<h2>5. Provenienza e qualità dei dati</h2>
<p>I dati provengono da fonti pubbliche, in particolare dal Catasto rifiuti di ISPRA e da ISTAT, e dalle informazioni fornite dai gestori degli ecocompattatori. Il Consorzio li elabora con cura ma non può garantirne l'assenza di errori o l'aggiornamento continuo: i dati sono forniti "così come sono". Se trovi un errore, segnalacelo dalla pagina Contatti scegliendo il motivo "Segnalazione sulla piattaforma".</p>

<h2>6. Uso corretto del portale</h2>
<p>Non è consentito usare il portale in modo da comprometterne il funzionamento, eludere i controlli di sicurezza, accedere ad account altrui o scaricare i dati in modo automatizzato con un carico eccessivo per il servizio.</p>

<h2>7. Proprietà intellettuale</h2>
<p>I testi, la grafica e il software del portale sono del Consorzio o dei rispettivi titolari. I dati statistici possono essere riutilizzati alle condizioni della sezione 4 e delle licenze delle fonti originarie.</p>

<h2>8. Responsabilità</h2>
<p>Nei limiti consentiti dalla legge, il Consorzio non risponde di danni derivanti dall'uso dei dati o dall'interruzione temporanea del servizio, anche per manutenzione.</p>

<h2>9. Modifiche e legge applicabile</h2>
<p>Possiamo aggiornare questi termini; la data in cima indica l'ultima versione e, per le modifiche rilevanti, avvisiamo gli utenti registrati via email. I termini sono regolati dalla legge italiana.</p>
`;
