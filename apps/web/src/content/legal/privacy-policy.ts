/** Informativa sul trattamento dei dati personali (artt. 13 e 14 del Regolamento UE 2016/679). */
export const privacyPolicy = `
<p>Ultimo aggiornamento: 24 novembre 2026.</p>
<p>Questa informativa descrive come il Consorzio Nazionale Imballaggi tratta i dati personali di chi visita l'Osservatorio Raccolta Differenziata, si registra o ci scrive, ai sensi del Regolamento (UE) 2016/679 ("GDPR") e del D.lgs. 196/2003.</p>

<h2>1. Titolare del trattamento</h2>
<p>Il titolare è il Consorzio Nazionale Imballaggi, con sede legale in Via Pompeo Litta 5, 20122 Milano e sede operativa in Via Tomacelli 132, 00186 Roma. Per ogni richiesta sulla privacy puoi usare la pagina <a href="/contatti">Contatti</a>.</p>

<h2>2. Quali dati trattiamo</h2>
<ul>
<li><strong>Dati di navigazione</strong>: indirizzo IP, data e ora delle richieste, pagine visitate, tipo di browser, raccolti automaticamente dai server per il funzionamento e la sicurezza del sito.</li>
<li><strong>Dati dell'account</strong>: nome, cognome, indirizzo email, password (conservata solo in forma cifrata irreversibile) e, se scegli di indicarli, organizzazione, tipo di organizzazione, ruolo e uso previsto dei dati.</li>
<li><strong>Accessi all'account</strong>: per ogni sessione aperta e per ogni accesso riuscito o rifiutato, uscita o cambio di password, data e ora, indirizzo IP e tipo di browser; li vedi nella pagina Profilo.</li>
<li><strong>Dati della licenza</strong>: stato della richiesta di licenza d'uso dei dati, data della richiesta e dell'approvazione.</li>
<li><strong>Dati dei messaggi</strong>: nome, cognome, email, motivo e testo di quanto ci scrivi con il modulo di contatto.</li>
<li><strong>Dati statistici di utilizzo</strong>: solo se acconsenti ai cookie statistici (vedi la <a href="/cookie-policy">Cookie policy</a>).</li>
</ul>

<h2>3. Finalità e basi giuridiche</h2>
<ul>
<li>Fornire il portale e garantirne la sicurezza, anche contro accessi abusivi e invii automatici (legittimo interesse, art. 6.1.f GDPR).</li>
<li>Gestire l'account, la verifica dell'email, il recupero della password e i download riservati (esecuzione del servizio richiesto, art. 6.1.b).</li>
<li>Esaminare e gestire la licenza d'uso dei dati e comunicarti l'esito (art. 6.1.b).</li>
<li>Rispondere ai messaggi inviati con il modulo di contatto (art. 6.1.b).</li>
<li>Misurare l'uso del portale in forma aggregata per migliorarlo, solo con il tuo consenso (art. 6.1.a).</li>
</ul>

<h2>4. Protezione dai sistemi automatizzati</h2>
<p>I moduli di accesso, registrazione, recupero password e contatto possono essere protetti da Google reCAPTCHA v3, che analizza l'interazione con la pagina per distinguere le persone dai programmi automatici. Il servizio è fornito da Google Ireland Ltd.; si applicano la sua <a href="https://policies.google.com/privacy">informativa privacy</a> e i suoi <a href="https://policies.google.com/terms">termini</a>.</p>

<h2>5. Conservazione</h2>
<ul>
<li>Dati dell'account e della licenza: finché l'account è attivo; dopo la cancellazione, al massimo 30 giorni nei backup.</li>
<li>Account mai verificati: i dati vengono sovrascritti da una nuova registrazione con lo stesso indirizzo e cancellati dopo 6 mesi.</li>
<li>Messaggi di contatto: 24 mesi dalla risposta.</li>
<li>Dati di navigazione e registri di sicurezza: 6 mesi, salvo necessità di accertare illeciti.</li>
<li>Registro degli accessi all'account: 90 giorni; le sessioni, finché scadono (30 giorni) o le chiudi.</li>
</ul>

<h2>6. Destinatari</h2>
<p>I dati sono trattati dal personale autorizzato del Consorzio e da fornitori che agiscono come responsabili del trattamento (hosting, invio delle email, assistenza tecnica), vincolati da contratto. Non vendiamo i dati e non li diffondiamo. Eventuali trasferimenti fuori dallo Spazio economico europeo avvengono con le garanzie previste dagli artt. 44 e seguenti del GDPR.</p>

<h2>7. I tuoi diritti</h2>
<p>Puoi chiedere in ogni momento l'accesso ai tuoi dati, la rettifica, la cancellazione, la limitazione del trattamento, la portabilità e opporti al trattamento basato sul legittimo interesse; puoi revocare il consenso senza pregiudicare i trattamenti precedenti. Molti dati si correggono direttamente dalla pagina Profilo. Puoi inoltre proporre reclamo al Garante per la protezione dei dati personali (<a href="https://www.garanteprivacy.it">www.garanteprivacy.it</a>).</p>

<h2>8. Modifiche</h2>
<p>Aggiorneremo questa informativa quando cambiano i trattamenti; la data in cima indica l'ultima versione.</p>
`;
