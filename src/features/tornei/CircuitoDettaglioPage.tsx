import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useEffect, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import {
  CIRCUIT_RANKING_PAGE_SIZE,
  CIRCUIT_TIE_BREAKS,
  STAGES_FETCHROWS,
  circuitiView,
  torneiCircuitiList,
  type CircuitoDettaglio,
} from '../../../contract/circuiti.ts'
import { circuitiClassificheList } from '../../../contract/home.ts'
import { classificaCircuitoPath } from '../../../contract/stampe.ts'
import { circuitWith } from '../../../contract/words.ts'
import { callApi, downloadWithToken } from '../../api/client.ts'
import { failureMessage, type ApiFailure } from '../../api/errors.ts'
import { href } from '../../app/paths.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageStates } from '../../ui/PageStates.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { utenteStore } from '../../stores/utente.ts'
import { formatDateRange, formatNumber, STATI, torneoHref } from './calendario-format.ts'
import { TorneoDetail } from './TorneoDetail.tsx'
import { Pager } from '../../ui/Pager.tsx'
import './calendario.css'

const loadCircuit = async (id: number, signal: AbortSignal) =>
  (await callApi(circuitiView, { id }, { signal })).result

type RankingParams = { circuit: CircuitoDettaglio; pagina: number }
const loadRanking = ({ circuit, pagina }: RankingParams, signal: AbortSignal) =>
  callApi(
    circuitiClassificheList,
    {
      id_settore: circuit.id_settore,
      stagione: circuit.stagione,
      id_circuito: circuit.id,
      fetchrows: CIRCUIT_RANKING_PAGE_SIZE,
      rowstoskip: (pagina - 1) * CIRCUIT_RANKING_PAGE_SIZE,
    },
    { signal },
  )
const loadStages = (circuit: CircuitoDettaglio, signal: AbortSignal) =>
  callApi(
    torneiCircuitiList,
    { id_settore: circuit.id_settore, id_circuito: circuit.id, fetchrows: STAGES_FETCHROWS },
    { signal },
  )

/** /tornei/dettaglio-circuito/{id}: a circuit, its standings (with the tie-breaks, PDF and CSV) and its stages. */
export default function CircuitoDettaglioPage() {
  const { id } = useParams()
  const circuitId = /^\d{1,9}$/.test(id ?? '') ? Number(id) : 0
  const page = usePageData(loadCircuit, circuitId, { notFoundIsMissing: true })
  const actor = page.actor
  useEffect(() => {
    if (actor.getSnapshot().context.params !== circuitId)
      actor.send({ type: 'page.reload', params: circuitId })
  }, [actor, circuitId])
  const circuit = page.data
  return (
    <section className="page circuito">
      <p className="calendario-muted">
        <Link to={href('circuitiTornei')}>← Tutti i circuiti</Link>
      </p>
      <PageTitle documentTitle={circuit?.nome ?? 'Circuito'}>{circuit?.nome ?? 'Circuito'}</PageTitle>
      <PageStates
        page={page}
        hasData={Boolean(circuit)}
        loadingText="Caricamento del circuito…"
        skeletonClassName="calendario-skeleton"
        missing={
          <>
            Questo circuito non esiste o non è più pubblicato.{' '}
            <Link to={href('circuitiTornei')}>Guarda i circuiti della stagione</Link>.
          </>
        }
      />
      {circuit && !page.missing && <Circuit key={circuit.id} circuit={circuit} />}
    </section>
  )
}

function Circuit({ circuit }: { circuit: CircuitoDettaglio }) {
  const [search] = useSearchParams()
  const asked = Number(search.get('pagina'))
  const pagina = Number.isInteger(asked) && asked > 0 ? asked : 1
  const ranking = usePageData(loadRanking, { circuit, pagina })
  const stages = usePageData(loadStages, circuit)
  const rankingActor = ranking.actor
  useEffect(() => {
    const current = rankingActor.getSnapshot().context.params as RankingParams
    if (current.pagina !== pagina) rankingActor.send({ type: 'page.reload', params: { circuit, pagina } })
  }, [rankingActor, circuit, pagina])
  const pages = Math.max(1, Math.ceil((ranking.data?.record ?? 0) / CIRCUIT_RANKING_PAGE_SIZE))
  return (
    <>
      <div className="circuito-head">
        {circuit.logo && <img src={circuit.logo} alt="" width={64} height={64} className="circuito-logo" />}
        <div>
          <p>
            {circuit.settore} · Stagione {circuit.stagione}
          </p>
          {circuit.descrizione && <p className="calendario-muted">{circuit.descrizione}</p>}
        </div>
      </div>
      <dl className="circuito-figures">
        <div>
          <dt>Tappe</dt>
          <dd>{formatNumber(circuit.tappe)}</dd>
        </div>
        <div>
          <dt>Concluse</dt>
          <dd>{formatNumber(circuit.tappe_concluse)}</dd>
        </div>
        <div>
          <dt>In classifica</dt>
          <dd>{formatNumber(circuit.classificati)}</dd>
        </div>
        <div>
          <dt>Prossima tappa</dt>
          <dd>
            {circuit.prossima_tappa ? formatDateRange(circuit.prossima_tappa, circuit.prossima_tappa) : '—'}
          </dd>
        </div>
      </dl>

      <section className="circuito-section" aria-labelledby="circuito-classifica">
        <h2 id="circuito-classifica">Classifica</h2>
        <p>Contano i punti di tutte le tappe concluse. A parità di punti decidono, nell’ordine:</p>
        <ol>
          {CIRCUIT_TIE_BREAKS.map((rule, i) => (
            <li key={rule}>
              {rule}
              {i === CIRCUIT_TIE_BREAKS.length - 1 ? '.' : ';'}
            </li>
          ))}
        </ol>
        <p className="calendario-muted">
          Chi è pari anche in tutto questo condivide la posizione. Le regole complete sono in{' '}
          <Link to={href('regolamenti')}>Regolamenti</Link>.
        </p>
        <p className="circuito-export">
          <a className="button secondary" href={classificaCircuitoPath(circuit.id, 'pdf')} download>
            Scarica la classifica (PDF)
          </a>
          <EsportaClassifica id={circuit.id} />
        </p>
        {ranking.loading && (
          <div className="calendario-skeleton" aria-hidden="true">
            <div className="skeleton" />
          </div>
        )}
        {ranking.failed && <LoadError message={ranking.error} onRetry={ranking.retry} secondary />}
        {ranking.data && !ranking.loading && ranking.data.results.length === 0 && (
          <div className="empty-state">
            <p>La classifica comparirà dopo la prima tappa conclusa: guarda qui sotto quando si gioca.</p>
          </div>
        )}
        {ranking.data && !ranking.loading && ranking.data.results.length > 0 && (
          <div className="table-wrap">
            <table className="circuito-table">
              <caption className="visually-hidden">Classifica {circuitWith('del', circuit.nome)}</caption>
              <thead>
                <tr>
                  <th scope="col" className="numero">
                    Pos.
                  </th>
                  <th scope="col">Giocatore</th>
                  <th scope="col" className="numero">
                    Punti
                  </th>
                  <th scope="col" className="numero">
                    Tappe
                  </th>
                </tr>
              </thead>
              <tbody>
                {ranking.data.results.map((riga) => (
                  <tr key={riga.id_persona}>
                    <td className="numero">{riga.posizione}</td>
                    <td>
                      <Link to={href('schedaGiocatore', { id: riga.id_persona })}>{riga.persona}</Link>
                    </td>
                    <td className="numero">{formatNumber(riga.punti)}</td>
                    <td className="numero">{riga.tappe}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          label="Pagine della classifica"
          pagina={pagina}
          pages={pages}
          searchFor={(p) => (p > 1 ? `pagina=${p}` : '')}
          className="calendario-pager"
          mutedClassName="calendario-muted"
        />
      </section>

      <section className="circuito-section" aria-labelledby="circuito-tappe">
        <h2 id="circuito-tappe">Tappe</h2>
        {stages.loading && (
          <div className="calendario-skeleton" aria-hidden="true">
            <div className="skeleton" />
          </div>
        )}
        {stages.failed && <LoadError message={stages.error} onRetry={stages.retry} secondary />}
        {stages.data && stages.data.results.length === 0 && (
          <div className="empty-state">
            <p>Le tappe di questo circuito non sono ancora in calendario.</p>
          </div>
        )}
        {stages.data && stages.data.results.length > 0 && (
          <ol className="calendario-list">
            {stages.data.results.map((tappa) => (
              <li key={tappa.id} className="card calendario-card">
                <p className="calendario-kicker">
                  {tappa.tappa !== null && <span>Tappa {tappa.tappa}</span>}
                  <time dateTime={tappa.data_inizio}>
                    {formatDateRange(tappa.data_inizio, tappa.data_fine)}
                  </time>
                  <span className={`calendario-stato stato-${tappa.stato}`}>
                    {STATI[tappa.stato] ?? tappa.stato}
                  </span>
                </p>
                <h3 className="calendario-name">
                  <Link to={torneoHref(tappa)}>{tappa.nome}</Link>
                </h3>
                <TorneoDetail torneo={tappa} />
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  )
}

/**
 * The standings as CSV, for accounts with puo_esportare_classifiche (the server refuses the others): downloaded
 * with the caller's token, so a button, not a link.
 */
function EsportaClassifica({ id }: { id: number }) {
  const allowed = useStoreSelector(utenteStore, (s) => s.context.details?.puo_esportare_classifiche === true)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (!allowed) return null
  const esporta = async () => {
    setBusy(true)
    setError(null)
    try {
      await downloadWithToken(classificaCircuitoPath(id, 'csv'), `classifica-circuito-${id}.csv`)
    } catch (failure) {
      setError(failureMessage(failure as ApiFailure))
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <button
        type="button"
        className="button secondary"
        aria-disabled={busy}
        onClick={() => {
          if (!busy) void esporta()
        }}
      >
        {busy ? 'Esportazione in corso…' : 'Esporta la classifica (CSV)'}
      </button>
      {error && (
        <span className="form-error" role="alert">
          {error}
        </span>
      )}
    </>
  )
}
