// /lista-giocatori: the sector's players by name, province and club, a page at a time (ricerca_giocatori). The
// filters live in the URL, so the page, a shared link and the back button agree. Who hid from searches
// (Impostazioni) is not listed: the server decides (server/domain/privacy.ts).
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useEffect, useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { DEFAULT_SECTOR } from '../../../contract/constants.ts'
import { GIOCATORI_PAGE_SIZE } from '../../../contract/giocatori.ts'
import { SEARCH_MIN_LENGTH } from '../../../contract/home.ts'
import { href } from '../../app/paths.ts'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { formatNumber } from '../../ui/format.ts'
import { ClubFilter } from '../../ui/ClubFilter.tsx'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { useUrlQuery } from '../../ui/url-query.ts'
import {
  SETTORI,
  loadGiocatori,
  loadProvince,
  readRicerca,
  ricercaSearch,
  type Ricerca,
} from './giocatori-data.ts'
import './giocatori.css'

export default function ListaGiocatoriPage() {
  const stored = useStoreSelector(disciplinaStore, (s) => s.context.id_settore) ?? DEFAULT_SECTOR
  const [search] = useSearchParams()
  const ricerca = readRicerca(search, stored)
  const list = usePageData(loadGiocatori, ricerca)
  const listActor = list.actor
  const key = JSON.stringify(ricerca)
  useEffect(() => {
    if (JSON.stringify(listActor.getSnapshot().context.params) !== key)
      listActor.send({ type: 'page.reload', params: JSON.parse(key) as Ricerca })
  }, [listActor, key])
  const data = list.data
  return (
    <section className="page giocatori">
      <PageTitle>Giocatori</PageTitle>
      <p className="giocatori-lead">
        Cerca i tesserati per nome, provincia o circolo e apri la loro scheda: classifiche, punti, risultati e
        prossimi tornei.
      </p>
      {/* A new text in the URL (Back, a link) starts the field anew. */}
      <Filtri key={ricerca.testo ?? ''} ricerca={ricerca} />
      <div aria-live="polite" aria-busy={list.loading} id="giocatori-risultati">
        {list.loading && (
          <div className="giocatori-skeleton">
            <p role="status" className="visually-hidden">
              Ricerca dei giocatori…
            </p>
            <div className="skeleton" aria-hidden="true" />
          </div>
        )}
        {list.failed && <LoadError message={list.error} onRetry={list.retry} />}
        {data && !list.loading && <Elenco ricerca={ricerca} rows={data.results} record={data.record} />}
      </div>
    </section>
  )
}

/** The search form: the name is searched on «Cerca», the selects at once; every change goes back to page 1. */
function Filtri({ ricerca }: { ricerca: Ricerca }) {
  const id = useId()
  const province = usePageData(loadProvince, null)
  const [testo, setTesto] = useState(ricerca.testo ?? '')
  const [error, setError] = useState<string | null>(null)
  const { pagina: _p, ...current } = ricerca
  const url = useUrlQuery(current, ricercaSearch)
  const go = (changes: Partial<Ricerca>) => url.go({ ...url.latest(), ...changes })
  const submit = () => {
    const text = testo.replace(/\s+/g, ' ').trim()
    if (text.length > 0 && text.length < SEARCH_MIN_LENGTH) {
      setError(`Scrivi almeno ${SEARCH_MIN_LENGTH} lettere del nome o del cognome.`)
      return
    }
    setError(null)
    go({ testo: text || undefined })
  }
  const provinces = [...(province.data ?? [])].sort((a, b) => a.nome.localeCompare(b.nome, 'it'))
  return (
    <form
      className="giocatori-filtri"
      role="search"
      aria-label="Cerca un giocatore"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <div className="field giocatori-nome">
        <label htmlFor={`${id}-testo`}>Nome e cognome</label>
        <div className="giocatori-cerca">
          <input
            id={`${id}-testo`}
            type="search"
            name="testo"
            value={testo}
            maxLength={50}
            autoComplete="off"
            placeholder="Es. Rossi Mario"
            aria-invalid={error !== null}
            aria-describedby={error ? `${id}-errore` : undefined}
            onChange={(event) => setTesto(event.target.value)}
          />
          <button type="submit" className="button">
            Cerca
          </button>
        </div>
        {error && (
          <p id={`${id}-errore`} className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-settore`}>Disciplina e settore</label>
        <select
          id={`${id}-settore`}
          value={String(ricerca.id_settore)}
          onChange={(event) => go({ id_settore: Number(event.target.value), id_circolo: undefined })}
        >
          {SETTORI.map((s) => (
            <option key={s.id} value={s.id}>
              {s.nome}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-provincia`}>Provincia</label>
        <select
          id={`${id}-provincia`}
          value={ricerca.provincia ?? ''}
          onChange={(event) => go({ provincia: event.target.value || undefined })}
        >
          <option value="">Tutte le province</option>
          {provinces.map((p) => (
            <option key={p.sigla} value={p.sigla}>
              {p.nome} ({p.sigla})
            </option>
          ))}
        </select>
      </div>
      <ClubFilter
        className="giocatori-club"
        idSettore={ricerca.id_settore}
        value={ricerca.id_circolo}
        onChange={(id_circolo) => go({ id_circolo })}
      />
    </form>
  )
}

function Elenco({
  ricerca,
  rows,
  record,
}: {
  ricerca: Ricerca
  rows: readonly {
    id_persona: number
    persona: string
    provincia: string | null
    id_circolo: number | null
    circolo: string | null
  }[]
  record: number
}) {
  const current = ricerca.pagina
  const pages = Math.max(1, Math.ceil(record / GIOCATORI_PAGE_SIZE))
  const filtered = Boolean(ricerca.testo || ricerca.provincia || ricerca.id_circolo)
  if (rows.length === 0)
    return (
      <div className="empty-state">
        <p>
          Nessun giocatore trovato{filtered ? ' con questi filtri' : ''}.
          {filtered && (
            <>
              {' '}
              <Link to={{ search: ricercaSearch({ id_settore: ricerca.id_settore }) }}>Togli i filtri</Link>.
            </>
          )}
        </p>
        <p className="giocatori-muted">
          Chi ha scelto di non comparire nelle ricerche (Impostazioni) non è elencato.
        </p>
      </div>
    )
  return (
    <>
      <p className="giocatori-info">
        {record === 1 ? '1 giocatore trovato' : `${formatNumber(record)} giocatori trovati`}
      </p>
      <ul className="giocatori-elenco">
        {rows.map((r) => (
          <li key={r.id_persona}>
            <Link className="giocatori-nome-link" to={href('schedaGiocatore', { id: r.id_persona })}>
              {r.persona}
            </Link>
            <span className="giocatori-dettaglio">
              {r.circolo && r.id_circolo !== null && r.id_circolo !== ricerca.id_circolo ? (
                <Link
                  to={{ search: ricercaSearch({ id_settore: ricerca.id_settore, id_circolo: r.id_circolo }) }}
                  aria-label={`Giocatori del circolo ${r.circolo}`}
                >
                  {r.circolo}
                </Link>
              ) : (
                r.circolo
              )}
              {r.circolo && r.provincia ? ' · ' : ''}
              {r.provincia}
            </span>
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <nav className="giocatori-pager" aria-label="Pagine dell’elenco">
          {current > 1 ? (
            <Link
              className="button secondary"
              to={{ search: ricercaSearch({ ...ricerca, pagina: current - 1 }) }}
            >
              ← Precedenti
            </Link>
          ) : (
            <span />
          )}
          <span className="giocatori-muted">
            Pagina {current} di {formatNumber(pages)}
          </span>
          {current < pages ? (
            <Link
              className="button secondary"
              to={{ search: ricercaSearch({ ...ricerca, pagina: current + 1 }) }}
            >
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
