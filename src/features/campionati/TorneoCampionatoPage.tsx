import { useEffect, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import {
  stampaSquadrePath,
  type Incontro,
  type TorneoSquadreDettaglio,
} from '../../../contract/campionati.ts'
import { href } from '../../app/paths.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageStates } from '../../ui/PageStates.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { usePageData } from '../../ui/page-data.ts'
import { formatDateRange } from '../tornei/calendario-format.ts'
import {
  idOf,
  loadClassifiche,
  loadCommenti,
  loadIscritte,
  loadTabellone,
  loadTorneo,
} from './campionati-data.ts'
import { ClassificaTable, GENERE, IncontroCard, formatoLabel, squadre, statoCampionato } from './parts.tsx'
import './campionati.css'

/**
 * /tornei/dettaglio-torneo-campionato/{id}: a team tournament (a series of a championship): its groups' standings
 * with the tie-breaks, the calendar of ties with their results, the final phase's bracket, the teams, the comments.
 */
export default function TorneoCampionatoPage() {
  const id = idOf(useParams().id)
  const page = usePageData(loadTorneo, id, { notFoundIsMissing: true })
  const actor = page.actor
  useEffect(() => {
    if (actor.getSnapshot().context.params !== id) actor.send({ type: 'page.reload', params: id })
  }, [actor, id])
  const t = page.data
  return (
    <section className="page torneo-campionato">
      <p className="campionati-muted">
        {t ? (
          <Link to={href('dettaglioCampionato', { id: t.id_campionato })}>← {t.campionato}</Link>
        ) : (
          <Link to={href('campionatiSquadre')}>← Tutti i campionati</Link>
        )}
      </p>
      <PageTitle documentTitle={t?.nome ?? 'Torneo a squadre'}>{t?.nome ?? 'Torneo a squadre'}</PageTitle>
      <PageStates
        page={page}
        hasData={Boolean(t)}
        loadingText="Caricamento del torneo a squadre…"
        skeletonClassName="campionati-skeleton"
        missing={
          <>
            Questo torneo a squadre non esiste.{' '}
            <Link to={href('campionatiSquadre')}>Guarda i campionati a squadre</Link>.
          </>
        }
      />
      {t && !page.missing && <Torneo torneo={t} />}
    </section>
  )
}

function Torneo({ torneo: t }: { torneo: TorneoSquadreDettaglio }) {
  const started = t.incontri.length > 0
  return (
    <>
      <p>
        <span className="campionati-badge">{statoCampionato(t.stato)}</span>{' '}
        {formatDateRange(t.data_inizio, t.data_fine)} · {t.settore}, {GENERE[t.genere] ?? t.genere}
        {t.zona && <> · {t.zona}</>}
      </p>
      {t.descrizione && <p>{t.descrizione}</p>}
      <p className="campionati-muted">
        Ogni incontro: {formatoLabel(t.formato)}. {squadre(t.squadre)}
        {t.max_squadre !== null && <> su {t.max_squadre}</>}
        {t.giudice_arbitro && <> · Giudice arbitro: {t.giudice_arbitro}</>}
        {t.stato === 'iscrizioni_aperte' && t.iscrizioni_al && (
          <> · iscrizioni aperte fino al {formatDateTime(t.iscrizioni_al)}</>
        )}
      </p>
      <nav aria-label="Sezioni del torneo">
        <ul className="campionati-nav">
          {started && (
            <>
              <li>
                <a href="#torneo-classifiche">Classifiche</a>
              </li>
              <li>
                <a href="#torneo-calendario">Calendario e risultati</a>
              </li>
              <li>
                <a href="#torneo-tabellone">Fase finale</a>
              </li>
            </>
          )}
          <li>
            <a href="#torneo-squadre">Squadre</a>
          </li>
          <li>
            <a href="#torneo-commenti">Commenti</a>
          </li>
        </ul>
      </nav>
      {started && (
        <>
          <Classifiche id={t.id} />
          <Calendario incontri={t.incontri.filter((i) => i.fase === 'gironi')} />
          <Tabellone id={t.id} />
        </>
      )}
      <Iscritte id={t.id} aperte={t.stato === 'iscrizioni_aperte'} />
      <Commenti id={t.id} />
    </>
  )
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="campionati-section" aria-labelledby={id}>
      <h2 id={id} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  )
}

function Loading({ text }: { text: string }) {
  return (
    <div className="campionati-skeleton">
      <p role="status" className="visually-hidden">
        {text}
      </p>
      <div className="skeleton" aria-hidden="true" />
    </div>
  )
}

function Classifiche({ id }: { id: number }) {
  const data = usePageData(loadClassifiche, id)
  return (
    <Section id="torneo-classifiche" title="Classifiche dei gironi">
      <p className="campionati-muted">
        2 punti per incontro vinto, 1 per il pareggio. A pari punti: più incontri vinti, poi differenza
        partite, set e game, infine l’ordine del sorteggio. Contano solo gli incontri confermati.
      </p>
      {data.loading && <Loading text="Caricamento delle classifiche…" />}
      {data.failed && <LoadError message={data.error} onRetry={data.retry} secondary />}
      {data.data?.length === 0 && <p>I gironi non sono ancora stati sorteggiati.</p>}
      {data.data?.map((g) => (
        <ClassificaTable key={g.id_girone} girone={g} />
      ))}
    </Section>
  )
}

/** The group phase's ties by giornata (all gironi together), in the order they are played. */
function Calendario({ incontri }: { incontri: Incontro[] }) {
  const giornate = [...new Set(incontri.map((i) => i.giornata))].sort((a, b) => a - b)
  return (
    <Section id="torneo-calendario" title="Calendario e risultati">
      {giornate.length === 0 ? (
        <p>Il calendario sarà pubblicato dopo il sorteggio dei gironi.</p>
      ) : (
        <ol className="campionati-giornate">
          {giornate.map((g) => (
            <li key={g}>
              <h3>{g}ª giornata</h3>
              <ul className="incontri">
                {incontri
                  .filter((i) => i.giornata === g)
                  .map((i) => (
                    <li key={i.id}>
                      <IncontroCard incontro={i} />
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </Section>
  )
}

function Tabellone({ id }: { id: number }) {
  const data = usePageData(loadTabellone, id)
  const b = data.data
  return (
    <Section id="torneo-tabellone" title="Fase finale">
      {data.loading && <Loading text="Caricamento del tabellone…" />}
      {data.failed && <LoadError message={data.error} onRetry={data.retry} secondary />}
      {b && b.turni.length === 0 && (
        <p>Il tabellone della fase finale sarà compilato al termine dei gironi, con le prime classificate.</p>
      )}
      {b && b.turni.length > 0 && (
        <div className="campionati-turni">
          {b.turni.map((turno) => (
            <section key={turno.turno} aria-label={turno.nome}>
              <h3>{turno.nome}</h3>
              <ul className="incontri">
                {turno.incontri.map((i) => (
                  <li key={i.id}>
                    <IncontroCard incontro={i} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      {b && b.turni.length > 0 && (
        <p>
          <a href={stampaSquadrePath(id, 'tabellone')}>Stampa il tabellone della fase finale (PDF)</a>
        </p>
      )}
    </Section>
  )
}

function Iscritte({ id, aperte }: { id: number; aperte: boolean }) {
  const data = usePageData(loadIscritte, id)
  const rows = data.data?.results
  const drawn = rows?.some((s) => s.girone !== null) ?? false
  return (
    <Section id="torneo-squadre" title="Squadre iscritte">
      {data.loading && <Loading text="Caricamento delle squadre…" />}
      {data.failed && <LoadError message={data.error} onRetry={data.retry} secondary />}
      {rows?.length === 0 && (
        <p>
          {aperte
            ? 'Nessuna squadra iscritta finora: le iscrizioni sono aperte.'
            : 'Nessuna squadra iscritta.'}
        </p>
      )}
      {rows && rows.length > 0 && !drawn && (
        <p>I gironi saranno sorteggiati alla chiusura delle iscrizioni.</p>
      )}
      {rows && rows.length > 0 && (
        <div className="table-wrap">
          <table className="campionati-rosa">
            <caption className="visually-hidden">Squadre iscritte</caption>
            <thead>
              <tr>
                <th scope="col">Squadra e circolo</th>
                <th scope="col">Capitano</th>
                <th scope="col" className="numero">
                  Giocatori
                </th>
                {drawn && <th scope="col">Girone</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.id}>
                  <th scope="row">
                    <Link to={href('dettaglioSquadra', { id: s.id })}>{s.nome}</Link>
                    <span className="campionati-motivo">
                      <Link to={href('dettaglioCircolo', { id: s.id_circolo })}>{s.circolo}</Link>
                    </span>
                  </th>
                  <td>
                    <Link to={href('schedaGiocatore', { id: s.id_capitano })}>{s.capitano}</Link>
                  </td>
                  <td className="numero">{s.giocatori}</td>
                  {drawn && <td>{s.girone ?? 'da sorteggiare'}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  )
}

function Commenti({ id }: { id: number }) {
  const data = usePageData(loadCommenti, id)
  const rows = data.data?.results
  return (
    <Section id="torneo-commenti" title="Commenti">
      {data.loading && <Loading text="Caricamento dei commenti…" />}
      {data.failed && <LoadError message={data.error} onRetry={data.retry} secondary />}
      {rows?.length === 0 && <p>Nessun commento per ora.</p>}
      {rows && rows.length > 0 && (
        <ol className="campionati-commenti">
          {rows.map((c) => (
            <li key={c.id}>
              <strong>{c.autore}</strong>{' '}
              <span className="campionati-muted">{formatDateTime(c.creato_il)}</span>
              <p>{c.testo}</p>
            </li>
          ))}
        </ol>
      )}
    </Section>
  )
}
