// /scheda-giocatore/{id}: a player's profile in the portal's sector (the URL's `settore=`): club, province and, when
// the player shows it, Power; the ranking summary; the lines that make the ranking points (race or national, each
// with tournament, round and coefficient, adding up to the ranking's points); the last results; the palmares; the
// upcoming tournaments; the Power with its chart and history, and the statistics (SchedaPower.tsx). Each section loads on its own (machines/page-data.ts); privacy is the server's.
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { DEFAULT_SECTOR, TEAM_RUBBER_POINTS } from '../../../contract/constants.ts'
import type { DettaglioPunti, SchedaGiocatore } from '../../../contract/giocatori.ts'
import { href } from '../../app/paths.ts'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { formatDate, formatDateRange, formatDateWith, formatNumber } from '../../ui/format.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import {
  SETTORI,
  initialProfilo,
  loadPalmares,
  loadProfilo,
  loadProssimi,
  loadPunti,
  loadRiepilogo,
  loadRisultati,
  RISULTATI_PAGE_SIZE,
  type Scheda,
} from './giocatori-data.ts'
import { Sezione, useSection } from './scheda-sezione.tsx'
import './giocatori.css'

// Below the first view: their code (and the chart's) comes after the page's first load.
const PowerSezione = lazy(() => import('./SchedaPower.tsx').then((m) => ({ default: m.PowerSezione })))
const StatisticheSezione = lazy(() =>
  import('./SchedaPower.tsx').then((m) => ({ default: m.StatisticheSezione })),
)

/** The frame of a section whose code is still on its way. */
function InArrivo({ id, title }: { id: string; title: string }) {
  return (
    <section className="scheda-sezione" aria-labelledby={id} aria-busy="true" data-primo-caricamento>
      <h2 id={id}>{title}</h2>
      <p className="giocatori-muted">Caricamento…</p>
    </section>
  )
}

const punti = (n: number) => (n === 1 ? '1 punto' : `${formatNumber(n)} punti`)
const coefficiente = (n: number) => `× ${formatNumber(n)}`

export default function SchedaGiocatorePage() {
  const { id } = useParams()
  const stored = useStoreSelector(disciplinaStore, (s) => s.context.id_settore) ?? DEFAULT_SECTOR
  const [search] = useSearchParams()
  const asked = Number(search.get('settore'))
  const id_settore = SETTORI.some((s) => s.id === asked) ? asked : stored
  const id_persona = Number(id)
  const scheda: Scheda = { id_persona, id_settore }
  // The profile the server put in the page for a visitor who is not signed in: the page opens with it.
  const [initial] = useState(() => initialProfilo(scheda))
  const profilo = usePageData(loadProfilo, scheda, { notFoundIsMissing: true, initial })
  const actor = profilo.actor
  const key = JSON.stringify(scheda)
  useEffect(() => {
    if (JSON.stringify(actor.getSnapshot().context.params) !== key)
      actor.send({ type: 'page.reload', params: JSON.parse(key) as Scheda })
  }, [actor, key])
  if (!Number.isInteger(id_persona) || id_persona <= 0 || profilo.missing)
    return (
      <section className="page scheda">
        <PageTitle>Giocatore non trovato</PageTitle>
        <p>Questo giocatore non c’è, o il collegamento è sbagliato.</p>
        <p>
          <Link to={href('listaGiocatori')}>Cerca un giocatore</Link>
        </p>
      </section>
    )
  const data = profilo.data
  return (
    <section className="page scheda">
      {profilo.failed && <LoadError message={profilo.error} onRetry={profilo.retry} />}
      {!data && profilo.loading && (
        <div className="giocatori-skeleton">
          <p role="status" className="visually-hidden">
            Caricamento della scheda…
          </p>
          <div className="skeleton" aria-hidden="true" />
        </div>
      )}
      {data && <Profilo data={data} idSettore={id_settore} />}
      {data && (
        // Another player or sector starts every section anew (the results from their first page).
        <div className="scheda-sezioni" key={key}>
          <Riepilogo scheda={scheda} />
          <Punti scheda={scheda} />
          <Suspense fallback={<InArrivo id="scheda-power" title="Power" />}>
            <PowerSezione scheda={scheda} />
          </Suspense>
          <Risultati scheda={scheda} />
          <Suspense fallback={<InArrivo id="scheda-statistiche" title="Statistiche" />}>
            <StatisticheSezione scheda={scheda} />
          </Suspense>
          <Palmares scheda={scheda} />
          <Prossimi scheda={scheda} />
        </div>
      )}
    </section>
  )
}

function Profilo({ data, idSettore }: { data: SchedaGiocatore; idSettore: number }) {
  const settore = SETTORI.find((s) => s.id === idSettore)?.nome ?? ''
  const altri = data.settori.filter((s) => s.id_settore !== idSettore)
  return (
    <header className="scheda-testa">
      <span className="scheda-iniziali" aria-hidden="true">
        {`${data.nome.charAt(0)}${data.cognome.charAt(0)}`.toUpperCase()}
      </span>
      <div>
        <PageTitle>{data.persona}</PageTitle>
        <p className="scheda-dati">
          {data.circolo && data.id_circolo !== null && (
            <>
              <Link to={href('dettaglioCircolo', { id: data.id_circolo })}>{data.circolo}</Link>
              {data.provincia ? ' · ' : ''}
            </>
          )}
          {data.provincia && <span>Provincia di residenza: {data.provincia}</span>}
        </p>
        <p className="scheda-dati">
          Settore: <strong>{settore}</strong>
          {data.power && (
            <>
              {' · '}
              <span className="scheda-power">
                Power <strong>{formatNumber(data.power.valore)}</strong>
                {data.power.provvisorio && ' (provvisorio)'}
              </span>
            </>
          )}
        </p>
        {altri.length > 0 && (
          <p className="scheda-dati">
            Gioca anche:{' '}
            {altri.map((s, i) => (
              <span key={s.id_settore}>
                {i > 0 && ', '}
                <Link to={{ search: `settore=${s.id_settore}` }}>{s.nome}</Link>
              </span>
            ))}
          </p>
        )}
        {data.tu && (
          <p className="scheda-dati giocatori-muted">
            Questa è la tua scheda: vedi tutto. Gli altri vedono solo ciò che le tue{' '}
            <Link to={href('impostazioni')}>Impostazioni</Link> permettono.
          </p>
        )}
      </div>
    </header>
  )
}

function Riepilogo({ scheda }: { scheda: Scheda }) {
  const section = useSection(loadRiepilogo, scheda)
  const rows = (section.data ?? []).filter((r) => r.id_settore === scheda.id_settore)
  return (
    <Sezione id="scheda-classifiche" title="In classifica" section={section}>
      {rows.length === 0 ? (
        <p>Non è in classifica in questo settore.</p>
      ) : (
        <ul className="scheda-riepilogo">
          {rows.map((r) => (
            <li key={r.tipo}>
              <Link
                to={{
                  pathname: href(r.tipo === 'race' ? 'raceAnnuale' : 'classificaNazionale'),
                  search: `settore=${r.id_settore}`,
                }}
              >
                {r.tipo === 'race' ? `Race annuale ${r.stagione}` : 'Classifica nazionale'}
              </Link>
              <span className="scheda-posizione">{r.posizione}°</span>
              <span className="giocatori-muted">
                su {formatNumber(r.classificati)} · {punti(r.punti)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Sezione>
  )
}

/** The point lines of the race or the national ranking (the URL's `punti=nazionale`). */
function Punti({ scheda }: { scheda: Scheda }) {
  const [search] = useSearchParams()
  const tipo = search.get('punti') === 'nazionale' ? 'nazionale' : 'race'
  const section = useSection(loadPunti, { ...scheda, tipo })
  const tab = (value: 'race' | 'nazionale', label: string) => {
    const next = new URLSearchParams(search)
    if (value === 'race') next.delete('punti')
    else next.set('punti', value)
    return (
      <Link
        to={{ search: next.toString() }}
        replace
        preventScrollReset
        aria-current={tipo === value ? 'true' : undefined}
      >
        {label}
      </Link>
    )
  }
  return (
    <Sezione id="scheda-punti" title="Da dove vengono i punti" section={section}>
      <nav className="scheda-schede" aria-label="Classifica dei punti">
        {tab('race', 'Race annuale')}
        {tab('nazionale', 'Classifica nazionale')}
      </nav>
      {section.data && <TabellaPunti data={section.data} />}
    </Sezione>
  )
}

function TabellaPunti({ data }: { data: DettaglioPunti }) {
  if (data.results.length === 0)
    return <p>Nessun punto {data.tipo === 'race' ? 'in questa stagione' : 'nelle ultime 52 settimane'}.</p>
  const esclusi = data.results.filter((r) => !r.conta).length
  return (
    <>
      <p className="giocatori-muted">
        {data.tipo === 'race'
          ? `Tutti i tornei conclusi${data.results.some((r) => r.id_incontro !== null) ? ' e gli incontri a squadre che contano' : ''} nel ${data.stagione}.`
          : `I 10 migliori risultati delle 52 settimane fino ${data.calcolata_al ? formatDateWith('al', data.calcolata_al, { year: 'always' }) : ''}.`}{' '}
        Punti del turno raggiunto × coefficiente della categoria
        {data.results.some((r) => r.id_incontro !== null) &&
          `; nei campionati a squadre ${formatNumber(TEAM_RUBBER_POINTS)} punti per partita vinta × coefficiente`}
        .{esclusi > 0 && ` ${esclusi === 1 ? '1 risultato non conta' : `${esclusi} risultati non contano`}.`}
      </p>
      <div className="table-wrap">
        <table className="scheda-tabella">
          <caption className="visually-hidden">
            Punti {data.tipo === 'race' ? 'della race annuale' : 'della classifica nazionale'} torneo per
            torneo
          </caption>
          <thead>
            <tr>
              <th scope="col">Torneo</th>
              <th scope="col">Turno</th>
              <th scope="col" className="numero">
                Punti
              </th>
            </tr>
          </thead>
          <tbody>
            {data.results.map((r) => (
              <tr
                key={`${r.id_torneo}-${r.id_incontro ?? 0}`}
                className={r.conta ? undefined : 'scheda-non-conta'}
              >
                <td>
                  <Link
                    to={href(r.id_incontro === null ? 'dettaglioTorneo' : 'dettaglioTorneoCampionato', {
                      id: r.id_torneo,
                    })}
                  >
                    {r.torneo}
                  </Link>
                  <span className="giocatori-dettaglio">
                    <time dateTime={r.data}>{formatDate(r.data, { year: 'always' })}</time> · {r.categoria}
                    {r.id_incontro !== null && ' · campionato a squadre'}
                  </span>
                </td>
                <td>
                  {r.turno}
                  <span className="giocatori-dettaglio">
                    {formatNumber(r.punti_base)} {coefficiente(r.coefficiente)}
                  </span>
                </td>
                <td className="numero">
                  {formatNumber(r.punti)}
                  {!r.conta && <span className="giocatori-dettaglio">non conta</span>}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Totale{data.posizione !== null ? ` · ${data.posizione}° in classifica` : ''}
              </th>
              <td className="numero">
                <strong>{formatNumber(data.punti)}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  )
}

/** The player's matches, ten at a time (the page kept here: paging a section does not change the address). */
function Risultati({ scheda }: { scheda: Scheda }) {
  const [pagina, setPagina] = useState(1)
  const section = useSection(loadRisultati, { ...scheda, pagina })
  const rows = section.data?.results ?? []
  const pages = Math.max(1, Math.ceil((section.data?.record ?? 0) / RISULTATI_PAGE_SIZE))
  return (
    <Sezione id="scheda-risultati" title="Ultimi risultati" section={section}>
      {rows.length === 0 ? (
        <p>Nessuna partita giocata nei tornei di questo settore.</p>
      ) : (
        <ul className="scheda-elenco">
          {rows.map((r) => (
            <li key={r.id_partita}>
              <span className={r.vinta ? 'scheda-esito vinta' : 'scheda-esito persa'}>
                {r.vinta ? 'Vinta' : 'Persa'}
              </span>
              <span>
                {r.compagno && (
                  <>
                    con{' '}
                    <Link to={href('schedaGiocatore', { id: r.compagno.id_persona })}>
                      {r.compagno.persona}
                    </Link>{' '}
                  </>
                )}
                contro{' '}
                {r.avversari.map((a, i) => (
                  <span key={a.id_persona}>
                    {i > 0 && ' e '}
                    <Link to={href('schedaGiocatore', { id: a.id_persona })}>{a.persona}</Link>
                  </span>
                ))}
                {r.punteggio && <> · {r.punteggio}</>}
                <span className="giocatori-dettaglio">
                  <Link to={href('dettaglioTorneo', { id: r.id_torneo })}>{r.torneo}</Link> · {r.turno} ·{' '}
                  <time dateTime={r.data}>{formatDate(r.data, { year: 'always' })}</time>
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="giocatori-pager" aria-label="Pagine dei risultati">
          {pagina > 1 ? (
            <button type="button" className="button secondary" onClick={() => setPagina(pagina - 1)}>
              ← Più recenti
            </button>
          ) : (
            <span />
          )}
          <span className="giocatori-muted">
            Pagina {pagina} di {formatNumber(pages)}
          </span>
          {pagina < pages ? (
            <button type="button" className="button secondary" onClick={() => setPagina(pagina + 1)}>
              Precedenti →
            </button>
          ) : (
            <span />
          )}
        </nav>
      )}
    </Sezione>
  )
}

function Palmares({ scheda }: { scheda: Scheda }) {
  const section = useSection(loadPalmares, scheda)
  const rows = section.data?.results ?? []
  return (
    <Sezione id="scheda-palmares" title="Palmarès" section={section}>
      {rows.length === 0 ? (
        <p>Nessun torneo vinto e nessuna finale in questo settore.</p>
      ) : (
        <ul className="scheda-elenco">
          {rows.map((r) => (
            <li key={r.id_torneo}>
              <span className={r.risultato === 'V' ? 'scheda-esito vinta' : 'scheda-esito'}>{r.turno}</span>
              <span>
                <Link to={href('dettaglioTorneo', { id: r.id_torneo })}>{r.torneo}</Link>
                <span className="giocatori-dettaglio">
                  {r.categoria} · <time dateTime={r.data}>{formatDate(r.data, { year: 'always' })}</time>
                  {r.circolo ? ` · ${r.circolo}` : ''}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Sezione>
  )
}

function Prossimi({ scheda }: { scheda: Scheda }) {
  const section = useSection(loadProssimi, scheda)
  const rows = section.data?.results ?? []
  return (
    <Sezione id="scheda-prossimi" title="Prossimi tornei" section={section}>
      {rows.length === 0 ? (
        <p>Nessuna iscrizione a tornei in arrivo in questo settore.</p>
      ) : (
        <ul className="scheda-elenco">
          {rows.map((r) => (
            <li key={r.id_torneo}>
              <span className="scheda-esito">{formatDateRange(r.data_inizio, r.data_fine)}</span>
              <span>
                <Link to={href('dettaglioTorneo', { id: r.id_torneo })}>{r.torneo}</Link>
                <span className="giocatori-dettaglio">
                  {[r.categoria, r.circolo && `${r.circolo}${r.comune ? ` (${r.comune})` : ''}`]
                    .filter(Boolean)
                    .join(' · ')}
                  {r.compagno && (
                    <>
                      {' · con '}
                      <Link to={href('schedaGiocatore', { id: r.compagno.id_persona })}>
                        {r.compagno.persona}
                      </Link>
                    </>
                  )}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Sezione>
  )
}
