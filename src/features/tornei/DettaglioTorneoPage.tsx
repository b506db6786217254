// /tornei/dettaglio-torneo/{id}: the tournament's facts, the enrolment panel, entrants, draws and groups, photos
// and comments, prints and calendar files. The tournament loads with the page-data machine; each section loads
// on its own.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { TORNEO_NOT_FOUND, type TorneoDettaglio } from '../../../contract/torneo.ts'
import { sectorLabel } from '../../../contract/words.ts'
import { href } from '../../app/paths.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { StampeTorneo } from './CalendarioTorneo.tsx'
import { IscrizionePanel } from './IscrizionePanel.tsx'
import { FotoCommentiSection, IscrittiSection, TabelloniSection } from './TorneoSections.tsx'
import { VerificaSorteggio } from './VerificaSorteggio.tsx'
import { formatDateRange, formatFee, formatInstant, formatNumber, formatUntil } from './format.ts'
import { loadTorneo } from './torneo-actors.ts'
import './torneo.css'

/** The id of the address, or null when it is not a positive whole number. */
function idOf(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null
}

export default function DettaglioTorneoPage() {
  const id = idOf(useParams().id)
  return (
    <section className="page torneo-page">
      <p className="torneo-back">
        <Link to={href('calendarioTornei')}>← Calendario tornei</Link>
      </p>
      {id === null ? <Missing /> : <Torneo key={id} id={id} />}
    </section>
  )
}

function Missing() {
  return (
    <>
      <PageTitle>{TORNEO_NOT_FOUND}</PageTitle>
      <div className="empty-state">
        <p>
          Il torneo che cerchi non esiste o è stato rimosso. Trovi i tornei in programma nel{' '}
          <Link to={href('calendarioTornei')}>calendario</Link>.
        </p>
      </div>
    </>
  )
}

function Torneo({ id }: { id: number }) {
  const {
    actor,
    failed,
    missing,
    data: torneo,
    error,
    retry,
  } = usePageData<TorneoDettaglio, number>(loadTorneo, id, {
    notFoundIsMissing: true,
  })
  // Grows when an enrolment changes: the facts (places left), the entrants and the draws load again.
  const [version, setVersion] = useState(0)
  const seen = useRef(version)
  useEffect(() => {
    if (seen.current !== version) {
      seen.current = version
      actor.send({ type: 'page.reload' })
    }
  }, [actor, version])
  const enrolmentChanged = useCallback(() => setVersion((v) => v + 1), [])

  if (missing) return <Missing />
  if (failed) {
    return (
      <>
        <PageTitle>Torneo</PageTitle>
        <LoadError message={error} onRetry={retry} />
      </>
    )
  }
  if (!torneo) {
    return (
      <>
        <PageTitle>Torneo</PageTitle>
        <div className="torneo-skeleton" role="status" aria-label="Caricamento del torneo…">
          <div className="skeleton" />
          <div className="skeleton" />
          <div className="skeleton" />
        </div>
      </>
    )
  }
  return (
    <article className="torneo">
      <p className="torneo-kicker">
        <span className="torneo-badge">{torneo.stato_nome}</span>{' '}
        {sectorLabel(torneo.disciplina_nome, torneo.settore)}
      </p>
      <PageTitle>{torneo.nome}</PageTitle>
      <p className="torneo-lead">{formatDateRange(torneo.data_inizio, torneo.data_fine)}</p>
      <div className="torneo-top">
        <Facts torneo={torneo} />
        {torneo.locandina && (
          <figure className="torneo-poster">
            <img src={torneo.locandina} alt={`Locandina di ${torneo.nome}`} width={300} height={424} />
          </figure>
        )}
      </div>
      {torneo.descrizione && <p className="torneo-description">{torneo.descrizione}</p>}
      <nav className="torneo-nav" aria-label="Sezioni del torneo">
        <ul>
          <li>
            <a href="#torneo-iscrizione">Iscrizione</a>
          </li>
          <li>
            <a href="#torneo-iscritti">Iscritti</a>
          </li>
          <li>
            <a href="#torneo-tabelloni">Tabellone</a>
          </li>
          <li>
            <a href="#torneo-foto-commenti">Foto e commenti</a>
          </li>
          <li>
            <a href="#torneo-stampe">Stampe e calendario</a>
          </li>
        </ul>
      </nav>
      <IscrizioneSlot torneo={torneo} onChange={enrolmentChanged} />
      <IscrittiSection id={torneo.id} doppio={torneo.specialita === 'doppio'} version={version} />
      <TabelloniSection
        id={torneo.id}
        version={version}
        bracket={torneo.tabelloni.some((t) => t.tipo === 'eliminazione' && t.sorteggiato)}
      />
      <VerificaSorteggio idTorneo={torneo.id} idSettore={torneo.id_settore} onChange={enrolmentChanged} />
      <FotoCommentiSection id={torneo.id} />
      <StampeTorneo torneo={torneo} />
    </article>
  )
}

/** The enrolment: the tournament's window, then the panel of src/features/tornei/IscrizionePanel.tsx (i11-enrol). */
function IscrizioneSlot({ torneo, onChange }: { torneo: TorneoDettaglio; onChange: () => void }) {
  return (
    <section className="torneo-section" aria-labelledby="torneo-iscrizione">
      <h2 id="torneo-iscrizione">Iscrizione</h2>
      <p>
        {torneo.stato === 'iscrizioni_aperte'
          ? `Iscrizioni aperte${torneo.iscrizioni_al ? ` fino ${formatUntil(torneo.iscrizioni_al)}` : ''}.`
          : `Stato del torneo: ${torneo.stato_nome.toLowerCase()}.`}
      </p>
      <IscrizionePanel idTorneo={torneo.id} onChanged={onChange} />
    </section>
  )
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="torneo-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function Facts({ torneo }: { torneo: TorneoDettaglio }) {
  const circolo = torneo.circolo
  return (
    <dl className="torneo-facts">
      {circolo && (
        <Fact label="Circolo">
          <Link className="torneo-club" to={href('dettaglioCircolo', { id: circolo.id })}>
            {circolo.nome}
          </Link>
          <br />
          {circolo.indirizzo}, {circolo.cap ? `${circolo.cap} ` : ''}
          {circolo.comune} ({circolo.provincia})
          <br />
          <a href={circolo.mappa_url} target="_blank" rel="noopener noreferrer">
            Apri nella mappa
            <span className="visually-hidden"> (OpenStreetMap, si apre in una nuova scheda)</span>
          </a>
          {circolo.telefono && (
            <>
              {' · '}
              <a href={`tel:${circolo.telefono.replace(/\s+/g, '')}`}>{circolo.telefono}</a>
            </>
          )}
        </Fact>
      )}
      <Fact label="Categoria">
        {torneo.categoria_nome}
        {torneo.limite_power !== null && ` · Power fino a ${torneo.limite_power}`}
      </Fact>
      <Fact label="Gara">
        {torneo.specialita === 'doppio' ? 'Doppio' : 'Singolare'} {torneo.genere_nome.toLowerCase()} ·{' '}
        {torneo.formula_nome}
      </Fact>
      <Fact label="Quota d’iscrizione">{formatFee(torneo.quota_centesimi)}</Fact>
      <Fact label="Chiusura iscrizioni">
        {torneo.iscrizioni_al ? formatInstant(torneo.iscrizioni_al) : 'Non indicata'}
      </Fact>
      <Fact label="Posti">
        {torneo.max_iscritti === null
          ? `${formatNumber(torneo.iscritti)} iscritti, senza limite di posti`
          : `${formatNumber(torneo.iscritti)} iscritti su ${formatNumber(torneo.max_iscritti)} · ${
              torneo.posti_liberi === 0
                ? 'completo'
                : `${formatNumber(torneo.posti_liberi ?? 0)} posti liberi`
            }`}
        {torneo.in_attesa > 0 && ` · ${formatNumber(torneo.in_attesa)} in lista d’attesa`}
      </Fact>
      {torneo.circuito && (
        <Fact label="Circuito">
          <Link to={href('dettaglioCircuito', { id: torneo.circuito.id })}>{torneo.circuito.nome}</Link>
          {torneo.circuito.tappa !== null && `, tappa ${torneo.circuito.tappa}`}
        </Fact>
      )}
      {torneo.giudice_arbitro && <Fact label="Giudice arbitro">{torneo.giudice_arbitro}</Fact>}
    </dl>
  )
}
