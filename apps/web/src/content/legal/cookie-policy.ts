/** Cookie policy del portale (testo incluso nell'applicazione). */
export const cookiePolicy = `
<p>Ultimo aggiornamento: 24 novembre 2026.</p>
<p>I cookie sono piccoli file di testo che il sito salva nel tuo browser. L'Osservatorio Raccolta Differenziata usa cookie tecnici, necessari al funzionamento, e, solo con il tuo consenso, cookie statistici. Non usiamo cookie di profilazione pubblicitaria.</p>

<h2>1. Cookie tecnici (sempre attivi)</h2>
<p>Non richiedono consenso perché senza di essi il portale non funziona.</p>
<ul>
<li><strong>token</strong>: mantiene l'accesso al tuo account; dura 30 giorni o fino a quando esci. Lo legge solo il server: gli script della pagina non possono leggerlo.</li>
<li><strong>signed_in</strong>: dice alla pagina che hai effettuato l'accesso, senza contenere alcun codice segreto; dura quanto il cookie token.</li>
<li><strong>csrftoken</strong>: protegge i moduli da richieste contraffatte provenienti da altri siti; dura un anno.</li>
<li><strong>cookie_consent</strong>: ricorda la tua scelta sui cookie statistici; dura 180 giorni.</li>
<li><strong>NEXT_LOCALE</strong>: ricorda la lingua preferita, se la scegli.</li>
</ul>
<p>I moduli protetti da Google reCAPTCHA possono impostare cookie tecnici di Google necessari al controllo di sicurezza.</p>

<h2>2. Cookie statistici (solo con il tuo consenso)</h2>
<p>Se scegli "Accetta" nel banner, carichiamo Google Tag Manager e gli strumenti di misurazione che gestisce, per conoscere in forma aggregata le pagine più consultate e migliorare il portale. Se scegli "Rifiuta" o non scegli, questi strumenti non vengono caricati.</p>

<h2>3. Come cambiare la tua scelta</h2>
<p>Puoi cambiare la tua scelta in ogni momento dal link <strong>Preferenze cookie</strong> in fondo a ogni pagina: se ritiri il consenso, i cookie statistici vengono cancellati e gli strumenti statistici non vengono più caricati.</p>
<p>Puoi anche cancellare il cookie <strong>cookie_consent</strong> dalle impostazioni del browser: alla visita successiva il banner ti chiederà di nuovo il consenso. Dalle impostazioni del browser puoi anche bloccare o cancellare tutti i cookie; in quel caso l'accesso all'area riservata non funzionerà.</p>

<h2>4. Titolare e contatti</h2>
<p>Il titolare del trattamento è il Consorzio Nazionale Imballaggi. Per maggiori informazioni leggi la <a href="/privacy-policy">Privacy policy</a> o scrivici dalla pagina <a href="/contatti">Contatti</a>.</p>
`;
