import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useEffect, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { CIRCOLI_PAGE_SIZE } from '../../../contract/circoli.ts'
import { DEFAULT_SECTOR } from '../../../contract/constants.ts'
import type { CircoloElenco } from '../../../contract/home.ts'
import { FilterSelect } from '../../ui/FilterSelect.tsx'
import { Field } from '../../ui/form-ui.tsx'
import { href } from '../../app/paths.ts'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import {
  DISCIPLINE_FILTRO,
  loadCircoli,
  loadProvince,
  locate,
  readQuery,
  searchOf,
  type Filtri,
  type ListParams,
  type Posizione,
} from './circoli-data.ts'
import { Pager } from '../../ui/Pager.tsx'
import { useUrlQuery } from '../../ui/url-query.ts'
import './circoli.css'

const km = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 })

/** /lista-circoli: the clubs of the discipline by name or town and province; the nearest first on request. */
export default function ListaCircoliPage() {
  const stored = useStoreSelector(disciplinaStore, (s) => s.context.id_settore) ?? DEFAULT_SECTOR
  const [search] = useSearchParams()
  const { filtri, pagina } = readQuery(search, stored)
  // Asked only when the visitor presses the button; kept for this page only, never stored nor in the URL.
  const [vicino, setVicino] = useState(false)
  return (
    <section className="page circoli">
      <PageTitle>Circoli</PageTitle>
      <p className="circoli-lead">
        I circoli affiliati della disciplina: cerca per nome o comune, scegli la provincia, oppure trova i più
        vicini a te.
      </p>
      <Filters filtri={filtri} />
      {vicino ? (
        <Vicini filtri={filtri} pagina={pagina} onStop={() => setVicino(false)} />
      ) : (
        <>
          <p className="circoli-vicino">
            <button type="button" className="button secondary" onClick={() => setVicino(true)}>
              Circoli vicino a me
            </button>
            <span className="circoli-muted">
              Il browser ti chiederà il permesso; la posizione, arrotondata al chilometro, serve solo a
              ordinare l’elenco e non viene salvata.
            </span>
          </p>
          <Elenco params={{ filtri, pagina, posizione: null }} />
        </>
      )}
    </section>
  )
}

/** The visitor's position (asked once, when this mounts), then the list by distance. */
function Vicini({ filtri, pagina, onStop }: { filtri: Filtri; pagina: number; onStop: () => void }) {
  const posizione = usePageData(locate, null)
  return (
    <>
      <p className="circoli-vicino">
        <button type="button" className="button secondary" onClick={onStop}>
          Torna all’ordine alfabetico
        </button>
      </p>
      {posizione.loading && (
        <p role="status" className="circoli-muted">
          Ricerca della tua posizione…
        </p>
      )}
      {posizione.failed && <LoadError message={posizione.error} onRetry={posizione.retry} secondary />}
      {posizione.failed && <Elenco params={{ filtri, pagina, posizione: null }} />}
      {posizione.data && (
        <Elenco params={{ filtri, pagina, posizione: posizione.data as Posizione }} vicino />
      )}
    </>
  )
}

function Elenco({ params, vicino = false }: { params: ListParams; vicino?: boolean }) {
  const list = usePageData(loadCircoli, params)
  const actor = list.actor
  const key = JSON.stringify(params)
  useEffect(() => {
    if (JSON.stringify(actor.getSnapshot().context.params) !== key)
      actor.send({ type: 'page.reload', params: JSON.parse(key) as ListParams })
  }, [actor, key])
  const data = list.data
  const pages = Math.max(1, Math.ceil((data?.record ?? 0) / CIRCOLI_PAGE_SIZE))
  const { filtri, pagina } = params
  return (
    <div aria-live="polite" aria-busy={list.loading}>
      {list.loading && (
        <div className="circoli-skeleton">
          <p role="status" className="visually-hidden">
            Caricamento dei circoli…
          </p>
          <div className="skeleton" aria-hidden="true" />
        </div>
      )}
      {list.failed && <LoadError message={list.error} onRetry={list.retry} />}
      {data && !list.loading && (
        <>
          <p className="circoli-muted">
            {data.record === 0
              ? 'Nessun circolo trovato con questi filtri.'
              : `${data.record === 1 ? '1 circolo' : `${km.format(data.record)} circoli`}${vicino ? ', dal più vicino' : ''}`}
          </p>
          {data.results.length > 0 && (
            <ol className="circoli-list">
              {data.results.map((c) => (
                <Riga key={c.id_circolo} circolo={c} settore={filtri.id_settore} />
              ))}
            </ol>
          )}
          <Pager
            label="Pagine dell’elenco dei circoli"
            pagina={pagina}
            pages={pages}
            searchFor={(p) => searchOf(filtri, p)}
            className="circoli-pager"
            mutedClassName="circoli-muted"
          />
        </>
      )}
    </div>
  )
}

function Riga({ circolo, settore }: { circolo: CircoloElenco; settore: number }) {
  return (
    <li className="card circoli-card">
      <h2 className="circoli-name">
        <Link to={`${href('dettaglioCircolo', { id: circolo.id_circolo })}?settore=${settore}`}>
          {circolo.nome}
        </Link>
      </h2>
      <p className="circoli-detail">
        {circolo.indirizzo}, {circolo.comune} ({circolo.provincia})
      </p>
      <p className="circoli-muted">
        {circolo.discipline.join(' · ')}
        {circolo.distanza_km !== null && <> · a {km.format(circolo.distanza_km)} km</>}
      </p>
    </li>
  )
}

/** The filters: each change is a new URL (the page, a shared link and the back button agree), page 1. */
function Filters({ filtri }: { filtri: Filtri }) {
  const province = usePageData(loadProvince, null)
  const [testo, setTesto] = useState(filtri.testo ?? '')
  const { latest, go } = useUrlQuery(filtri, searchOf)
  const discipline = DISCIPLINE_FILTRO.find((d) => d.settori.includes(filtri.id_settore))
  return (
    <form
      className="circoli-filtri"
      aria-label="Filtri dei circoli"
      role="search"
      onSubmit={(e) => {
        e.preventDefault()
        const { testo: _old, ...rest } = latest()
        const text = testo.trim()
        go(text.length >= 2 ? { ...rest, testo: text } : rest)
      }}
    >
      <Field id="circoli-testo" label="Nome o comune">
        {(control) => (
          <input
            {...control}
            type="search"
            value={testo}
            minLength={2}
            maxLength={50}
            onChange={(e) => setTesto(e.target.value)}
          />
        )}
      </Field>
      <FilterSelect
        id="circoli-disciplina"
        label="Disciplina"
        value={discipline?.id_settore ?? filtri.id_settore}
        onChange={(value) => go({ ...latest(), id_settore: Number(value) })}
        options={DISCIPLINE_FILTRO.map((d) => ({ value: d.id_settore, label: d.nome }))}
      />
      <FilterSelect
        id="circoli-provincia"
        label="Provincia"
        value={filtri.provincia}
        onChange={(value) => {
          const { provincia: _old, ...rest } = latest()
          go(value ? { ...rest, provincia: value } : rest)
        }}
        options={[...(province.data ?? [])]
          .sort((a, b) => a.nome.localeCompare(b.nome, 'it'))
          .map((p) => ({ value: p.sigla, label: p.nome }))}
        all="Tutte"
      />
      <button type="submit" className="button">
        Cerca
      </button>
    </form>
  )
}
