import { Link } from 'react-router'
import { href } from '../../app/paths.ts'
import { formatDate } from '../../ui/format.ts'
import { FEDERAZIONE, indirizzoCompleto } from './federazione.ts'
import { LegalPage, type LegalSection } from './LegalPage.tsx'

const PRIMA_REDAZIONE = '2026-01-15'
const ULTIMO_RIESAME = '2026-01-15'

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
            Alcune fotografie delle news inviate dai circoli possono non avere un’alternativa testuale che ne
            descriva il contenuto (criterio di successo 1.1.1, Contenuti non testuali). Le redazioni dei
            circoli ricevono istruzioni per descriverle e le foto pubblicate dal 1° marzo 2026 saranno
            controllate prima della pubblicazione.
          </li>
          <li>
            Alcuni video delle news sono privi di sottotitoli (criterio 1.2.2, Sottotitoli preregistrati). I
            nuovi video della Federazione sono pubblicati con i sottotitoli; quelli già presenti saranno
            sottotitolati entro il 30 giugno 2026.
          </li>
          <li>
            Nei documenti PDF dei regolamenti e dei calendari le tabelle che proseguono su più pagine non
            ripetono la riga di intestazione (criterio 1.3.1, Informazioni e correlazioni). I documenti sono
            comunque dotati di struttura (titoli, paragrafi, elenchi e tabelle con intestazioni), lingua e
            titolo; i contenuti sono anche riassunti nelle pagine del portale.
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
          La dichiarazione è stata redatta il{' '}
          <time dateTime={PRIMA_REDAZIONE}>{formatDate(PRIMA_REDAZIONE)}</time> ed è stata riesaminata
          l’ultima volta il <time dateTime={ULTIMO_RIESAME}>{formatDate(ULTIMO_RIESAME)}</time>.
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
          <li>verifica del contrasto dei colori di testi, pulsanti e indicatori.</li>
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
            Non ancora: sono previsti entro il 30 giugno 2026, con giocatori e dirigenti di circolo che usano
            tecnologie assistive.
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
