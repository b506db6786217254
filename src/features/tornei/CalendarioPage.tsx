import { useSelector as useStoreSelector } from '@xstate/store-react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import {
  CALENDAR_PAGE_SIZE,
  activeFilterCount,
  calendarRequestFilters,
  calendarQueryOf,
  calendarSearch,
  monthOf,
  type CalendarQuery,
  type TorneoCalendario,
} from '../../../contract/calendario.ts'
import { todayInItaly } from '../../../contract/dates.ts'
import { calendarioFeedPath } from '../../../contract/stampe.ts'
import { href, routeById } from '../../app/paths.ts'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { TorneoDetail } from './TorneoDetail.tsx'
import { SectionHeader } from './CalendarioSection.tsx'
import {
  formatDateRange,
  formatNumber,
  placesLabel,
  STATI,
  torneoHref,
  untilInstant,
} from './calendario-format.ts'
import { initialCalendar, loadCalendar, type CalendarPage, type CalendarParams } from './calendario-data.ts'
import { CalendarioFilters } from './CalendarioFilters.tsx'
import './calendario.css'

// The month view is its own chunk: the list is the view a calendar opens on, and what its first load carries.
const loadMonth = () => import('./CalendarioMonth.tsx')
const CalendarioMonth = lazy(() => loadMonth().then((module) => ({ default: module.CalendarioMonth })))

/**
 * /tornei/calendario-tornei: the sector's tournaments with filters kept in the URL (so a filtered calendar can
 * be shared, reloaded and subscribed to), a list view with pages and a month view.
 */
export default function CalendarioPage() {
  const idSettore = useStoreSelector(disciplinaStore, (s) => s.context.id_settore)
  return (
    <section className="page calendario">
      <PageTitle>Calendario tornei</PageTitle>
      {idSettore === null ? (
        <div className="empty-state">
          <p>Scegli una disciplina per vederne il calendario dei tornei.</p>
          <Link className="button" to={href('sceltaDisciplina')}>
            Scegli la disciplina
          </Link>
        </div>
      ) : (
        <Calendar idSettore={idSettore} />
      )}
    </section>
  )
}

function Calendar({ idSettore }: { idSettore: number }) {
  const [search] = useSearchParams()
  const query = calendarQueryOf(search)
  const [today] = useState(() => todayInItaly())
  // The answers that came with the page are taken once, when the calendar first shows.
  const [initial] = useState(() => initialCalendar(idSettore, query, today))
  const params: CalendarParams = { id_settore: idSettore, query, today }
  const list = usePageData<CalendarPage, CalendarParams>(loadCalendar, params, { initial: initial.list })

  // Another sector, filter, page or view: the list again.
  const listActor = list.actor
  const key = `${idSettore}?${calendarSearch(query)}`
  useEffect(() => {
    const current = listActor.getSnapshot().context.params as CalendarParams
    if (`${current.id_settore}?${calendarSearch(current.query)}` !== key)
      listActor.send({ type: 'page.reload', params: { id_settore: idSettore, query, today } })
  }, [listActor, key, idSettore, query, today])
  // The month's code loads beside its tournaments, not after them.
  const month = query.vista === 'mese'
  useEffect(() => {
    if (month) void loadMonth()
  }, [month])

  return (
    <>
      <SectionHeader idSettore={idSettore} current="calendarioTornei" initial={initial} />
      <CalendarioFilters idSettore={idSettore} query={query} />
      <Toolbar idSettore={idSettore} query={query} today={today} />
      <div
        id={routeById('calendarioTornei').listTop}
        className="calendario-results"
        aria-live="polite"
        aria-busy={list.loading}
      >
        {list.loading && <ListSkeleton />}
        {list.failed && <LoadError message={list.error} onRetry={list.retry} />}
        {!list.loading && !list.failed && list.data && (
          <>
            {month ? (
              <Suspense fallback={<ListSkeleton />}>
                <CalendarioMonth
                  query={query}
                  today={today}
                  tornei={list.data.results}
                  record={list.data.record}
                />
              </Suspense>
            ) : (
              <ListView query={query} page={list.data} />
            )}
          </>
        )}
      </div>
    </>
  )
}

/** List or month, and the feed of this very calendar. */
function Toolbar({ idSettore, query, today }: { idSettore: number; query: CalendarQuery; today: string }) {
  // The feed reads tornei/list's own filters (server/routes/stampe.ts), so it lists what the page lists.
  const feed = calendarioFeedPath(calendarRequestFilters(idSettore, query))
  const [host] = useState(() => globalThis.location?.host ?? '')
  const views = [
    {
      vista: 'elenco' as const,
      label: 'Elenco',
      search: calendarSearch({ ...query, vista: 'elenco', pagina: 1 }),
    },
    {
      vista: 'mese' as const,
      label: 'Mese',
      search: calendarSearch({ ...query, vista: 'mese', mese: monthOf(query, today) }),
    },
  ]
  return (
    <div className="calendario-toolbar">
      <nav aria-label="Vista del calendario" className="calendario-views">
        {views.map((v) => (
          <Link
            key={v.vista}
            to={{ search: v.search }}
            className="calendario-view"
            aria-current={query.vista === v.vista ? 'page' : undefined}
          >
            {v.label}
          </Link>
        ))}
      </nav>
      <p className="calendario-feed">
        <a href={`webcal://${host}${feed}`}>Abbonati a questo calendario</a>
        <span className="calendario-muted">
          {' '}
          (telefono o agenda si aggiornano da soli; oppure <a href={feed}>scarica il file .ics</a>)
        </span>
      </p>
    </div>
  )
}

function ListView({ query, page }: { query: CalendarQuery; page: CalendarPage }) {
  const pages = Math.max(1, Math.ceil(page.record / CALENDAR_PAGE_SIZE))
  const filters = activeFilterCount(query)
  if (page.results.length === 0) return <EmptyCalendar query={query} filters={filters} pages={pages} />
  const pageSearch = (pagina: number) => calendarSearch({ ...query, pagina })
  return (
    <>
      <h2 className="calendario-count">
        {page.record === 1 ? '1 torneo' : `${formatNumber(page.record)} tornei`}
        {!query.dal && !query.al && query.stato !== 'concluso' && ' in corso o in programma'}
        {pages > 1 && ` · pagina ${formatNumber(query.pagina)} di ${formatNumber(pages)}`}
      </h2>
      <ul className="calendario-list">
        {page.results.map((torneo) => (
          <li key={torneo.id}>
            <TorneoCard torneo={torneo} />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="calendario-pager" aria-label="Pagine del calendario">
          {query.pagina > 1 ? (
            <Link className="button secondary" to={{ search: pageSearch(query.pagina - 1) }}>
              ← Precedenti
            </Link>
          ) : (
            <span />
          )}
          <span className="calendario-muted">
            Pagina {formatNumber(query.pagina)} di {formatNumber(pages)}
          </span>
          {query.pagina < pages ? (
            <Link className="button secondary" to={{ search: pageSearch(query.pagina + 1) }}>
              Successivi →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </>
  )
}

/** What to do when nothing matches: say so, and offer the way out that fits. */
function EmptyCalendar({ query, filters, pages }: { query: CalendarQuery; filters: number; pages: number }) {
  if (query.pagina > pages)
    return (
      <div className="empty-state">
        <p>
          Questa pagina del calendario non esiste più.{' '}
          <Link to={{ search: calendarSearch({ ...query, pagina: 1 }) }}>Torna alla prima pagina</Link>
        </p>
      </div>
    )
  return (
    <div className="empty-state">
      {filters > 0 ? (
        <p>
          Nessun torneo corrisponde ai filtri scelti. Prova ad allargare le date o a togliere un filtro,
          oppure <Link to={{ search: '' }}>mostra tutto il calendario</Link>.
        </p>
      ) : (
        <p>
          Nessun torneo in programma per questa disciplina, per ora. Guarda i{' '}
          <Link to={{ search: calendarSearch({ vista: 'elenco', pagina: 1, stato: 'concluso' }) }}>
            tornei conclusi
          </Link>{' '}
          o <Link to={href('sceltaDisciplina')}>scegli un’altra disciplina</Link>.
        </p>
      )}
    </div>
  )
}

export function TorneoCard({ torneo }: { torneo: TorneoCalendario }) {
  const open = torneo.stato === 'iscrizioni_aperte'
  return (
    <article className="card calendario-card">
      <p className="calendario-kicker">
        <time dateTime={torneo.data_inizio}>{formatDateRange(torneo.data_inizio, torneo.data_fine)}</time>
        <span className={`calendario-stato stato-${torneo.stato}`}>
          {STATI[torneo.stato] ?? torneo.stato}
        </span>
      </p>
      <h3 className="calendario-name">
        <Link to={torneoHref(torneo)}>{torneo.nome}</Link>
      </h3>
      <TorneoDetail torneo={torneo} />
      <p className="calendario-detail">
        {torneo.circuito && (
          <>
            <Link to={href('dettaglioCircuito', { id: torneo.id_circuito! })}>{torneo.circuito}</Link>
            {torneo.tappa !== null && ` · tappa ${torneo.tappa}`}
            {' · '}
          </>
        )}
        {placesLabel(torneo)}
        {open && torneo.iscrizioni_al && <> · iscrizioni fino {untilInstant(torneo.iscrizioni_al)}</>}
      </p>
    </article>
  )
}

function ListSkeleton() {
  return (
    <div className="calendario-skeleton" aria-busy="true">
      <p role="status" className="visually-hidden">
        Caricamento del calendario…
      </p>
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="skeleton" aria-hidden="true" />
      ))}
    </div>
  )
}
