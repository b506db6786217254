import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import {
  CAMPIONATI_PAGE_SIZE,
  CAMPIONATO_STATI,
  type Campionato,
  type CampionatoStato,
} from '../../../contract/campionati.ts'
import { DEFAULT_SECTOR } from '../../../contract/constants.ts'
import { currentSeason } from '../../../contract/dates.ts'
import { href, routeById } from '../../app/paths.ts'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { FilterSelect } from '../../ui/FilterSelect.tsx'
import { LoadError } from '../../ui/LoadError.tsx'
import { Pager } from '../../ui/Pager.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { useUrlQuery } from '../../ui/url-query.ts'
import { SectionHeader } from '../tornei/CalendarioSection.tsx'
import { formatDateRange } from '../tornei/calendario-format.ts'
import {
  DISCIPLINE_FILTRO,
  loadCampionati,
  loadZone,
  readQuery,
  searchOf,
  type Filtri,
  type ListParams,
} from './campionati-data.ts'
import { GENERE, squadre, statoCampionato } from './parts.tsx'
import '../tornei/calendario.css'
import './campionati.css'

/** /tornei/campionati-squadre: the discipline's team championships, by season, zone and status (in the URL). */
export default function CampionatiPage() {
  const stored = useStoreSelector(disciplinaStore, (s) => s.context.id_settore) ?? DEFAULT_SECTOR
  const [search] = useSearchParams()
  const params = readQuery(search, stored)
  return (
    <section className="page campionati">
      <PageTitle>Campionati a squadre</PageTitle>
      <p className="campionati-lead">
        I campionati a squadre della disciplina: gironi all’italiana tra i circoli della zona, poi la fase
        finale. Apri un campionato per le sue serie, le classifiche e il calendario degli incontri.
      </p>
      <SectionHeader idSettore={params.filtri.id_settore} current="campionatiSquadre" />
      <Filters filtri={params.filtri} />
      <Elenco params={params} />
    </section>
  )
}

function Elenco({ params }: { params: ListParams }) {
  const list = usePageData(loadCampionati, params)
  const actor = list.actor
  const key = JSON.stringify(params)
  useEffect(() => {
    if (JSON.stringify(actor.getSnapshot().context.params) !== key)
      actor.send({ type: 'page.reload', params: JSON.parse(key) as ListParams })
  }, [actor, key])
  const data = list.data
  const pages = Math.max(1, Math.ceil((data?.record ?? 0) / CAMPIONATI_PAGE_SIZE))
  return (
    <div id={routeById('campionatiSquadre').listTop} aria-live="polite" aria-busy={list.loading}>
      {list.loading && (
        <div className="campionati-skeleton">
          <p role="status" className="visually-hidden">
            Caricamento dei campionati…
          </p>
          <div className="skeleton" aria-hidden="true" />
        </div>
      )}
      {list.failed && <LoadError message={list.error} onRetry={list.retry} />}
      {data && !list.loading && data.results.length === 0 && (
        <div className="empty-state">
          <p>
            Nessun campionato a squadre con questi filtri.{' '}
            <Link to={{ search: searchOf({ id_settore: params.filtri.id_settore }) }}>Togli i filtri</Link>.
          </p>
        </div>
      )}
      {data && !list.loading && data.results.length > 0 && (
        <>
          <h2 className="campionati-muted">
            {data.record === 1 ? '1 campionato' : `${data.record} campionati`}
          </h2>
          <ul className="campionati-list">
            {data.results.map((c) => (
              <li key={c.id}>
                <CampionatoCard campionato={c} />
              </li>
            ))}
          </ul>
          <Pager
            label="Pagine dei campionati"
            pagina={params.pagina}
            pages={pages}
            searchFor={(p) => searchOf(params.filtri, p)}
            className="campionati-pager"
            mutedClassName="campionati-muted"
          />
        </>
      )}
    </div>
  )
}

function CampionatoCard({ campionato: c }: { campionato: Campionato }) {
  return (
    <article className="card campionati-card">
      <h3>
        <Link to={href('dettaglioCampionato', { id: c.id })}>{c.nome}</Link>
      </h3>
      <p>
        <span className="campionati-badge">{statoCampionato(c.stato)}</span>{' '}
        {formatDateRange(c.data_inizio, c.data_fine)}
      </p>
      <p className="campionati-muted">
        {c.settore}, {GENERE[c.genere] ?? c.genere} · {c.tornei === 1 ? '1 serie' : `${c.tornei} serie`} ·{' '}
        {squadre(c.squadre)}
        {c.zone.length > 0 && <> · {c.zone.join(', ')}</>}
      </p>
    </article>
  )
}

const STATO_FILTRO: Record<CampionatoStato, string> = {
  iscrizioni_aperte: 'Iscrizioni aperte',
  iscrizioni_chiuse: 'Iscrizioni chiuse',
  in_corso: 'In corso',
  concluso: 'Conclusi',
}

/** The filters: each change is a new URL (the page, a shared link and the back button agree), page 1. */
function Filters({ filtri }: { filtri: Filtri }) {
  const zone = usePageData(loadZone, filtri.id_settore)
  const zoneActor = zone.actor
  useEffect(() => {
    if (zoneActor.getSnapshot().context.params !== filtri.id_settore)
      zoneActor.send({ type: 'page.reload', params: filtri.id_settore })
  }, [zoneActor, filtri.id_settore])
  const { latest, go } = useUrlQuery(filtri, searchOf)
  const without = <K extends keyof Filtri>(key: K) => {
    const copy = { ...latest() }
    delete copy[key]
    return copy
  }
  const season = currentSeason()
  const seasons = [season + 1, season, season - 1, season - 2]
  return (
    <form
      className="campionati-filtri"
      aria-label="Filtri dei campionati"
      onSubmit={(e) => e.preventDefault()}
    >
      <FilterSelect
        id="campionati-disciplina"
        label="Disciplina"
        value={DISCIPLINE_FILTRO.find((d) => d.settori.includes(filtri.id_settore))?.id_settore}
        onChange={(value) => go({ id_settore: Number(value) })}
        options={DISCIPLINE_FILTRO.map((d) => ({ value: d.id_settore, label: d.nome }))}
      />
      <FilterSelect
        id="campionati-stagione"
        label="Stagione"
        value={filtri.stagione}
        onChange={(value) => go(value ? { ...latest(), stagione: Number(value) } : without('stagione'))}
        options={seasons.map((s) => ({ value: s, label: String(s) }))}
        all="Tutte"
      />
      <FilterSelect
        id="campionati-zona"
        label="Zona"
        value={filtri.id_zona}
        onChange={(value) => go(value ? { ...latest(), id_zona: Number(value) } : without('id_zona'))}
        options={(zone.data ?? []).map((z) => ({ value: z.id_zona, label: z.zona }))}
        all="Tutte"
      />
      <FilterSelect
        id="campionati-stato"
        label="Stato"
        value={filtri.stato}
        onChange={(value) => go(value ? { ...latest(), stato: value as CampionatoStato } : without('stato'))}
        options={CAMPIONATO_STATI.map((s) => ({ value: s, label: STATO_FILTRO[s] }))}
        all="Tutti"
      />
    </form>
  )
}
