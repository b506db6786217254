import { Link } from 'react-router'
import { href } from '../../app/paths.ts'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { FEDERAZIONE, indirizzoCompleto } from './federazione.ts'
import './static.css'

const UFFICI = [
  {
    nome: 'Segreteria generale',
    compiti: 'Affiliazione dei circoli, rapporti con i comitati regionali, protocollo.',
    email: 'segreteria@federazione-racchette.example',
  },
  {
    nome: 'Ufficio tesseramento',
    compiti: 'Tessere agonistiche e amatoriali, trasferimenti fra circoli, certificati.',
    email: 'tesseramento@federazione-racchette.example',
  },
  {
    nome: 'Ufficio attività sportiva',
    compiti: 'Calendario, omologazione dei tornei, circuiti, coppe a squadre, classifiche e Power.',
    email: 'attivita@federazione-racchette.example',
  },
  {
    nome: 'Giudici arbitri',
    compiti: 'Designazioni, reclami sullo svolgimento delle gare, formazione degli ufficiali di gara.',
    email: 'arbitri@federazione-racchette.example',
  },
  {
    nome: 'Ufficio stampa',
    compiti: 'Comunicati, accrediti ai Master e ai campionati italiani, richieste dei media.',
    email: 'stampa@federazione-racchette.example',
  },
] as const

/** /contatti: the federation's offices, the help desk, e-mail, phone and address. */
export default function ContattiPage() {
  return (
    <article className="page static-page">
      <PageTitle>Contatti</PageTitle>
      <p className="static-lead">
        La sede della {FEDERAZIONE.nome} è a Roma. Per le domande sull’uso del portale, sulle tessere e sulle
        iscrizioni il modo più rapido è l’assistenza online: ogni richiesta riceve un numero e una risposta
        scritta.
      </p>
      <p className="static-demo" role="note">
        Portale dimostrativo: la federazione, gli indirizzi, i numeri di telefono e le caselle di posta di
        questa pagina sono di fantasia.
      </p>

      <div className="static-cards">
        <section className="card static-card" aria-labelledby="contatti-assistenza">
          <h2 id="contatti-assistenza">Assistenza online</h2>
          <p>
            Apri una richiesta dalla pagina <Link to={href('helpdesk')}>Assistenza</Link>: scegli la categoria
            (assistenza, segnalazione di disservizi o canale Gold per circoli e tesserati Gold) e descrivi il
            problema. Ti rispondiamo entro due giorni lavorativi.
          </p>
          <p>
            Molte risposte sono già nelle <Link to={href('faq')}>domande frequenti</Link>.
          </p>
          <p>
            <Link className="button" to={href('helpdesk')}>
              Apri una richiesta di assistenza
            </Link>
          </p>
        </section>

        <section className="card static-card" aria-labelledby="contatti-sede">
          <h2 id="contatti-sede">Sede federale</h2>
          <address className="static-address">
            <strong>{FEDERAZIONE.nome}</strong>
            <br />
            {indirizzoCompleto()}
          </address>
          <dl className="static-facts">
            <div>
              <dt>Telefono</dt>
              <dd>
                <a href={`tel:${FEDERAZIONE.telefono.tel}`}>{FEDERAZIONE.telefono.testo}</a>
              </dd>
            </div>
            <div>
              <dt>E-mail</dt>
              <dd>
                <a href={`mailto:${FEDERAZIONE.email}`}>{FEDERAZIONE.email}</a>
              </dd>
            </div>
            <div>
              <dt>PEC</dt>
              <dd>
                <a href={`mailto:${FEDERAZIONE.pec}`}>{FEDERAZIONE.pec}</a>
              </dd>
            </div>
            <div>
              <dt>Orari</dt>
              <dd>Uffici e centralino {FEDERAZIONE.orari}.</dd>
            </div>
          </dl>
          <p className="static-muted">
            Il pubblico è ricevuto su appuntamento, da fissare per e-mail o telefono.
          </p>
        </section>
      </div>

      <section aria-labelledby="contatti-uffici">
        <h2 id="contatti-uffici">Uffici</h2>
        <ul className="static-offices">
          {UFFICI.map((ufficio) => (
            <li key={ufficio.nome} className="card">
              <h3>{ufficio.nome}</h3>
              <p>{ufficio.compiti}</p>
              <p>
                <a href={`mailto:${ufficio.email}`}>{ufficio.email}</a>
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="contatti-altro">
        <h2 id="contatti-altro">Altri recapiti</h2>
        <ul>
          <li>
            Privacy e dati personali: responsabile della protezione dei dati,{' '}
            <a href={`mailto:${FEDERAZIONE.dpo}`}>{FEDERAZIONE.dpo}</a> (vedi l’
            <Link to={href('privacy')}>informativa privacy</Link>).
          </li>
          <li>
            Accessibilità del portale:{' '}
            <a href={`mailto:${FEDERAZIONE.accessibilita}`}>{FEDERAZIONE.accessibilita}</a> (vedi la{' '}
            <Link to={href('accessibilita')}>dichiarazione di accessibilità</Link>).
          </li>
          <li>
            Circoli: per i tornei e le attività di un circolo rivolgiti direttamente al circolo; i recapiti
            sono nella sua scheda, dall’<Link to={href('listaCircoli')}>elenco dei circoli</Link>.
          </li>
        </ul>
      </section>
    </article>
  )
}
