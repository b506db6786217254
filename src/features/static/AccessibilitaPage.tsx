import { Link } from 'react-router'
import { href } from '../../app/paths.ts'
import { formatDate, formatDateWith } from '../../ui/format.ts'
import { FEDERAZIONE, indirizzoCompleto } from './federazione.ts'
import { LegalPage, type LegalSection } from './LegalPage.tsx'

const PRIMA_REDAZIONE = '2026-01-15'
const ULTIMO_RIESAME = '2026-11-24'

// The sections follow AgID's model statement (Linee guida sull'accessibilità degli strumenti informatici).
const sections: LegalSection[] = [
  {
    id: 'stato-di-conformita',
    title: 'Stato di conformità',
    body: (
      <>
        <p>
          Questo sito web è <strong>parzialmente conforme</strong> ai requisiti previsti dall’allegato A alla
          norma UNI CEI EN 301549, che richiama le Linee guida per l’accessibilità dei contenuti web (WCAG)
          2.1 al livello AA, in ragione dei casi di non conformità elencati nella sezione seguente.
        </p>
        <p>
          Le pagine del portale, i moduli, i menu e le finestre di dialogo sono conformi; i casi di non
          conformità riguardano alcuni contenuti pubblicati dai circoli e alcune caratteristiche dei documenti
          PDF.
        </p>
      </>
    ),
  },
  {
    id: 'contenuti-non-accessibili',
    title: 'Contenuti non accessibili',
    body: (
      <>
        <h3>Inosservanza della legge 4/2004</h3>
        <ul>
          <li>
            Alcune fotografie delle news inviate dai circoli prima del 1° marzo 2026 possono non avere
            un’alternativa testuale che ne descriva il contenuto (criterio di successo 1.1.1, Contenuti non
            testuali). Dal 1° marzo 2026 le redazioni dei circoli descrivono ogni foto e la redazione federale
            la controlla prima della pubblicazione; le foto precedenti sono riviste a partire dalle news più
            lette, entro il 31 marzo 2027.
          </li>
          <li>
            Nei documenti PDF dei regolamenti e dei calendari le tabelle che proseguono su più pagine non
            ripetono la riga di intestazione (criterio 1.3.1, Informazioni e correlazioni). I documenti sono
            comunque dotati di struttura (titoli, paragrafi, elenchi e tabelle con intestazioni), lingua e
            titolo; i contenuti sono anche riassunti nelle pagine del portale.
          </li>
        </ul>
        <h3>Contenuti resi accessibili dall’ultimo riesame</h3>
        <ul>
          <li>
            Video: dal 24 novembre 2026 tutti i video pubblicati nel portale hanno i sottotitoli in italiano
            (criterio 1.2.2, Sottotitoli preregistrati), attivi per impostazione predefinita e disattivabili
            dai comandi del lettore. I video di esempio sono privi di audio: i sottotitoli lo dicono e
            descrivono ciò che accade sullo schermo. Era l’impegno preso per il 30 giugno 2026, rispettato in
            ritardo.
          </li>
          <li>
            Indicatore del focus: sull’intestazione blu il bordo che segnala l’elemento attivo aveva un
            contrasto di circa 1,9:1. Ora è scuro sulle pagine chiare e verde lime sulle fasce blu, con un
            contrasto di almeno 3:1 su ogni sfondo (criterio 1.4.11, Contrasto non testuale), misurato a ogni
            modifica del portale.
          </li>
          <li>
            Dopo «Mostra altri video» e dopo la pubblicazione di un commento il focus si sposta sul primo
            video nuovo o sul commento pubblicato, invece di perdersi (criterio 2.4.3, Ordine del focus).
          </li>
        </ul>
        <h3>Onere sproporzionato</h3>
        <p>Nessun contenuto è escluso per onere sproporzionato.</p>
        <h3>Contenuti non soggetti alla normativa</h3>
        <p>
          I siti esterni raggiunti dai pulsanti di condivisione (WhatsApp, Facebook, X) e i documenti caricati
          dai circoli prima del 23 settembre 2019 non rientrano nell’ambito di questa dichiarazione.
        </p>
      </>
    ),
  },
  {
    id: 'redazione',
    title: 'Redazione della dichiarazione di accessibilità',
    body: (
      <>
        <p>
          La dichiarazione è stata redatta{' '}
          <time dateTime={PRIMA_REDAZIONE}>{formatDateWith('il', PRIMA_REDAZIONE, { year: 'always' })}</time>{' '}
          ed è stata riesaminata l’ultima volta{' '}
          <time dateTime={ULTIMO_RIESAME}>{formatDateWith('il', ULTIMO_RIESAME, { year: 'always' })}</time>.
        </p>
        <p>La valutazione è stata effettuata direttamente dalla Federazione (autovalutazione), con:</p>
        <ul>
          <li>
            verifiche automatiche con axe-core su tutte le pagine, nella suite di test che accompagna ogni
            modifica del portale, e con Lighthouse sulle pagine principali;
          </li>
          <li>
            prove manuali sulle pagine nuove o modificate: navigazione da tastiera (ordine e visibilità del
            focus), lettura con un lettore di schermo, ingrandimento del testo al 200% e visualizzazione su
            schermi larghi 320 pixel senza scorrimento orizzontale;
          </li>
          <li>
            verifica del contrasto dei colori di testi, pulsanti e indicatori; il contrasto dell’indicatore
            del focus è calcolato dalla suite di test su ogni sfondo in cui compare.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'feedback',
    title: 'Meccanismo di feedback e recapiti',
    body: (
      <>
        <p>
          Per segnalare un contenuto o una funzione non accessibile, o per chiedere un contenuto in un formato
          accessibile, scrivi ad{' '}
          <a href={`mailto:${FEDERAZIONE.accessibilita}`}>{FEDERAZIONE.accessibilita}</a> oppure apri una
          richiesta dalla pagina <Link to={href('helpdesk')}>Assistenza</Link>, categoria «Segnalazione
          disservizi». Indica la pagina, il problema e, se vuoi, il dispositivo e il programma che usi.
        </p>
        <p>
          Rispondiamo entro 30 giorni. Puoi anche telefonare al{' '}
          <a href={`tel:${FEDERAZIONE.telefono.tel}`}>{FEDERAZIONE.telefono.testo}</a>, {FEDERAZIONE.orari}.
        </p>
      </>
    ),
  },
  {
    id: 'procedura-di-attuazione',
    title: 'Procedura di attuazione',
    body: (
      <p>
        Se non ricevi risposta entro 30 giorni, o se la risposta non ti soddisfa, puoi inviare una
        segnalazione all’Agenzia per l’Italia Digitale (AgID) con il modulo disponibile sul sito dell’Agenzia,
        ai sensi dell’articolo 3-quinquies, comma 3, della legge 9 gennaio 2004, n. 4.
      </p>
    ),
  },
  {
    id: 'informazioni',
    title: 'Informazioni sul sito e sul soggetto erogatore',
    body: (
      <dl className="static-facts">
        <div>
          <dt>Soggetto erogatore</dt>
          <dd>
            {FEDERAZIONE.nome}, {indirizzoCompleto()}
          </dd>
        </div>
        <div>
          <dt>Sito web</dt>
          <dd>{FEDERAZIONE.portale}, applicazione web per giocatori, circoli e visitatori</dd>
        </div>
        <div>
          <dt>Data di pubblicazione del sito</dt>
          <dd>
            <time dateTime={PRIMA_REDAZIONE}>{formatDate(PRIMA_REDAZIONE)}</time>
          </dd>
        </div>
        <div>
          <dt>Test di usabilità</dt>
          <dd>
            Non ancora svolti: erano previsti entro il 30 giugno 2026 e la scadenza non è stata rispettata.
            Sono ora programmati entro il 31 marzo 2027, con giocatori e dirigenti di circolo che usano
            tecnologie assistive; i risultati saranno riportati in questa dichiarazione.
          </dd>
        </div>
        <div>
          <dt>Tecnologie</dt>
          <dd>HTML, CSS, JavaScript (React), WAI-ARIA; documenti in PDF con tag.</dd>
        </div>
        <div>
          <dt>Responsabile dell’accessibilità</dt>
          <dd>
            Ufficio comunicazione digitale,{' '}
            <a href={`mailto:${FEDERAZIONE.accessibilita}`}>{FEDERAZIONE.accessibilita}</a>
          </dd>
        </div>
      </dl>
    ),
  },
]

/** /dichiarazione-di-accessibilita: the accessibility statement, after AgID's model. */
export default function AccessibilitaPage() {
  return (
    <LegalPage
      title="Dichiarazione di accessibilità"
      updated={ULTIMO_RIESAME}
      intro={
        <>
          <p>
            La {FEDERAZIONE.nome} si impegna a rendere accessibile il proprio sito web, conformemente alla
            legge 9 gennaio 2004, n. 4, e al decreto legislativo 10 agosto 2018, n. 106, che ha recepito la
            direttiva (UE) 2016/2102.
          </p>
          <p>La presente dichiarazione di accessibilità si applica al {FEDERAZIONE.portale}.</p>
        </>
      }
      sections={sections}
    />
  )
}
