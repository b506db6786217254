import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import {
  CIRCUITS_PAGE_SIZE,
  circuitiList,
  torneiCircuitiList,
  type CircuitoRiga,
} from '../../../contract/circuiti.ts'
import { currentSeason } from '../../../contract/dates.ts'
import { callApi } from '../../api/client.ts'
import { href, routeById } from '../../app/paths.ts'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { SectionHeader } from './CalendarioSection.tsx'
import { formatDateRange, formatNumber, STATI, torneoHref } from './calendario-format.ts'
import { Pager } from '../../ui/Pager.tsx'
import './calendario.css'
import { formatDateWith } from '../../ui/format.ts'

type Params = { id_settore: number; stagione: number; pagina: number }

const loadCircuits = ({ id_settore, stagione, pagina }: Params, signal: AbortSignal) =>
  callApi(
    circuitiList,
    { id_settore, stagione, fetchrows: CIRCUITS_PAGE_SIZE, rowstoskip: (pagina - 1) * CIRCUITS_PAGE_SIZE },
    { signal },
  )
const loadNextStages = (id_settore: number, signal: AbortSignal) =>
  callApi(torneiCircuitiList, { id_settore, fetchrows: 5 }, { signal })

/** /tornei/circuiti-tornei: the sector's circuits of a season (?stagione=), and the next stages of all of them. */
export default function CircuitiPage() {
  const idSettore = useStoreSelector(disciplinaStore, (s) => s.context.id_settore)
  return (
    <section className="page circuiti">
      <PageTitle>Circuiti</PageTitle>
      {idSettore === null ? (
        <div className="empty-state">
          <p>Scegli una disciplina per vederne i circuiti.</p>
          <Link className="button" to={href('sceltaDisciplina')}>
            Scegli la disciplina
          </Link>
        </div>
      ) : (
        <Circuits idSettore={idSettore} />
      )}
    </section>
  )
}

function Circuits({ idSettore }: { idSettore: number }) {
  const [search] = useSearchParams()
  const season = currentSeason()
  const asked = Number(search.get('stagione'))
  const stagione = Number.isInteger(asked) && asked > 2000 && asked <= season + 1 ? asked : season
  const asPage = Number(search.get('pagina'))
  const pagina = Number.isInteger(asPage) && asPage > 0 ? asPage : 1
  const list = usePageData(loadCircuits, { id_settore: idSettore, stagione, pagina })
  const next = usePageData(loadNextStages, idSettore)
  const listActor = list.actor
  const nextActor = next.actor
  useEffect(() => {
    const current = listActor.getSnapshot().context.params as Params
    if (current.id_settore !== idSettore || current.stagione !== stagione || current.pagina !== pagina)
      listActor.send({ type: 'page.reload', params: { id_settore: idSettore, stagione, pagina } })
    if (nextActor.getSnapshot().context.params !== idSettore)
      nextActor.send({ type: 'page.reload', params: idSettore })
  }, [listActor, nextActor, idSettore, stagione, pagina])

  const seasons = [season, season - 1, season - 2]
  const pages = Math.max(1, Math.ceil((list.data?.record ?? 0) / CIRCUITS_PAGE_SIZE))
  const seasonSearch = (s: number, p = 1) => {
    const params = new URLSearchParams()
    if (s !== season) params.set('stagione', String(s))
    if (p > 1) params.set('pagina', String(p))
    return params.toString()
  }
  return (
    <>
      <SectionHeader idSettore={idSettore} current="circuitiTornei" />
      <nav aria-label="Stagione" className="tornei-sezioni">
        <ul>
          {seasons.map((s) => (
            <li key={s}>
              <Link to={{ search: seasonSearch(s) }} aria-current={s === stagione ? 'page' : undefined}>
                Stagione {s}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div id={routeById('circuitiTornei').listTop} aria-live="polite" aria-busy={list.loading}>
        {list.loading && (
          <div className="calendario-skeleton">
            <p role="status" className="visually-hidden">
              Caricamento dei circuiti…
            </p>
            <div className="skeleton" aria-hidden="true" />
            <div className="skeleton" aria-hidden="true" />
          </div>
        )}
        {list.failed && <LoadError message={list.error} onRetry={list.retry} />}
        {list.data && !list.loading && list.data.results.length === 0 && (
          <div className="empty-state">
            <p>
              Nessun circuito nella stagione {stagione} per questa disciplina.{' '}
              {stagione === season ? (
                <Link to={{ search: seasonSearch(season - 1) }}>Guarda la stagione {season - 1}</Link>
              ) : (
                <Link to={{ search: '' }}>Torna alla stagione in corso</Link>
              )}
              .
            </p>
          </div>
        )}
        {list.data && !list.loading && list.data.results.length > 0 && (
          <>
            <h2 className="calendario-count">
              {list.data.record === 1 ? '1 circuito' : `${formatNumber(list.data.record)} circuiti`} nella
              stagione {stagione}
            </h2>
            <ul className="circuiti-list">
              {list.data.results.map((circuito) => (
                <li key={circuito.id}>
                  <CircuitCard circuito={circuito} />
                </li>
              ))}
            </ul>
            <Pager
              label="Pagine dei circuiti"
              pagina={pagina}
              pages={pages}
              searchFor={(p) => seasonSearch(stagione, p)}
              className="calendario-pager"
              mutedClassName="calendario-muted"
            />
          </>
        )}
      </div>
      <section className="circuito-section" aria-labelledby="prossime-tappe">
        <h2 id="prossime-tappe">Prossime tappe</h2>
        {next.failed && <LoadError message={next.error} onRetry={next.retry} secondary />}
        {next.data && next.data.results.length === 0 && (
          <div className="empty-state">
            <p>
              Nessuna tappa in programma per ora. Il <Link to={href('calendarioTornei')}>calendario</Link> ha
              tutti i tornei.
            </p>
          </div>
        )}
        {next.data && next.data.results.length > 0 && (
          <ul className="calendario-list">
            {next.data.results.map((tappa) => (
              <li key={tappa.id} className="card calendario-card">
                <p className="calendario-kicker">
                  {formatDateRange(tappa.data_inizio, tappa.data_fine)}
                  <span className={`calendario-stato stato-${tappa.stato}`}>
                    {STATI[tappa.stato] ?? tappa.stato}
                  </span>
                </p>
                <h3 className="calendario-name">
                  <Link to={torneoHref(tappa)}>{tappa.nome}</Link>
                </h3>
                <p className="calendario-detail">
                  {tappa.circuito}
                  {tappa.tappa !== null && ` · tappa ${tappa.tappa}`}
                  {tappa.comune && ` · ${tappa.comune}`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

function CircuitCard({ circuito }: { circuito: CircuitoRiga }) {
  return (
    <article className="card circuito-card">
      {circuito.logo ? (
        <img src={circuito.logo} alt="" width={64} height={64} loading="lazy" />
      ) : (
        <span className="circuito-logo" aria-hidden="true" />
      )}
      <div>
        <h3>
          <Link to={href('dettaglioCircuito', { id: circuito.id })}>{circuito.nome}</Link>
        </h3>
        <p className="calendario-detail">
          {circuito.tappe === 1 ? '1 tappa' : `${formatNumber(circuito.tappe)} tappe`}, concluse{' '}
          {formatNumber(circuito.tappe_concluse)}
          {circuito.prima_tappa &&
            circuito.ultima_tappa &&
            ` · ${formatDateRange(circuito.prima_tappa, circuito.ultima_tappa)}`}
        </p>
        <p className="calendario-detail">
          {circuito.prossima_tappa
            ? `Prossima tappa ${formatDateWith('il', circuito.prossima_tappa)}`
            : 'Tutte le tappe sono concluse'}
        </p>
        {circuito.primo && (
          <p className="calendario-detail">
            In testa:{' '}
            <Link to={href('schedaGiocatore', { id: circuito.primo.id_persona })}>
              {circuito.primo.persona}
            </Link>{' '}
            ({circuito.primo.punti === 1 ? '1 punto' : `${formatNumber(circuito.primo.punti)} punti`}), su{' '}
            {circuito.classificati === 1 ? '1 giocatore' : `${formatNumber(circuito.classificati)} giocatori`}{' '}
            in classifica
          </p>
        )}
      </div>
    </article>
  )
}
