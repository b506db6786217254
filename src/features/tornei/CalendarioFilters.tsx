// The calendar's filters. The URL is their only state: every change navigates to the calendar's new query
// (first page), and the page reads the query back, so a filtered calendar can be shared and reloaded.
import { useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import { activeFilterCount, calendarSearch, type CalendarQuery } from '../../../contract/calendario.ts'
import { DESKTOP_MIN_WIDTH } from '../../../contract/constants.ts'
import { DateField } from '../../ui/DateField.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { LIVELLI, STATI_FILTRO } from './calendario-format.ts'
import { ClubFilter } from '../../ui/ClubFilter.tsx'
import { useUrlQuery } from '../../ui/url-query.ts'
import { loadLookups, type Lookups } from './calendario-data.ts'

const ALL = 'tutti'
/** 0: no circuit to name (none chosen, or the sector's list names it). */
const loadCircuitName = (id: number, signal: AbortSignal) =>
  id === 0 ? Promise.resolve(null) : import('./circuit-name.ts').then((m) => m.circuitName(id, signal))

type Option = { id: string; nome: string }

export function CalendarioFilters({ idSettore, query }: { idSettore: number; query: CalendarQuery }) {
  const lookups = usePageData<Lookups, number>(loadLookups, idSettore)
  const data = lookups.data
  // Phones start with the filters folded, so the tournaments come first.
  const [open] = useState(() => (globalThis.innerWidth ?? DESKTOP_MIN_WIDTH + 1) > DESKTOP_MIN_WIDTH)
  const count = activeFilterCount(query)

  const url = useUrlQuery(query, calendarSearch)
  const apply = (change: Partial<CalendarQuery>) => {
    const next: CalendarQuery = { ...url.latest(), ...change, pagina: 1 }
    for (const [key, value] of Object.entries(change))
      if (value === undefined || value === '') delete next[key as keyof CalendarQuery]
    // A province of another region does not stay chosen when the region changes.
    if ('regione' in change && next.provincia && data) {
      const province = data.provincie.find((p) => p.sigla === next.provincia)
      if (province && next.regione && province.regione !== next.regione) delete next.provincia
    }
    url.go(next)
  }
  const pick = (key: 'tipo' | 'livello' | 'stato' | 'regione' | 'provincia') => (value: string | null) =>
    apply({ [key]: value === null || value === ALL ? undefined : String(value) } as Partial<CalendarQuery>)

  const provinces = (data?.provincie ?? []).filter((p) => !query.regione || p.regione === query.regione)
  return (
    <details className="calendario-filtri" open={open || undefined}>
      <summary>
        Filtri
        {count > 0 && (
          <span className="calendario-badge">{count === 1 ? '1 attivo' : `${count} attivi`}</span>
        )}
      </summary>
      <form
        className="calendario-filtri-form"
        onSubmit={(event) => event.preventDefault()}
        aria-label="Filtri del calendario"
      >
        <FilterSelect
          label="Tipo"
          value={query.tipo}
          options={(data?.tipologie ?? []).map((t) => ({ id: t.codice, nome: t.nome }))}
          allLabel="Tutti i tipi"
          onChange={pick('tipo')}
        />
        <FilterSelect
          label="Livello"
          value={query.livello}
          options={LIVELLI}
          allLabel="Tutti i livelli"
          onChange={pick('livello')}
        />
        <FilterSelect
          label="Stato"
          value={query.stato}
          options={STATI_FILTRO}
          allLabel="Tutti"
          onChange={pick('stato')}
        />
        <FilterSelect
          label="Regione"
          value={query.regione}
          options={(data?.regioni ?? []).map((r) => ({ id: r, nome: r }))}
          allLabel="Tutte le regioni"
          onChange={pick('regione')}
        />
        <FilterSelect
          label="Provincia"
          value={query.provincia}
          options={provinces.map((p) => ({ id: p.sigla, nome: `${p.nome} (${p.sigla})` }))}
          allLabel={query.regione ? `Tutte (${query.regione})` : 'Tutte le province'}
          onChange={pick('provincia')}
        />
        <ClubFilter
          className="calendario-club"
          idSettore={idSettore}
          value={query.circolo}
          onChange={(circolo) => apply({ circolo })}
        />
        <CircuitFilter
          value={query.circuito}
          circuiti={data?.circuiti}
          onChange={(circuito) => apply({ circuito })}
        />
        <DateField
          label="Dal"
          className="calendario-date"
          value={query.dal}
          max={query.al}
          onChange={(dal) => apply({ dal })}
        />
        <DateField
          label="Al"
          className="calendario-date"
          value={query.al}
          min={query.dal}
          onChange={(al) => apply({ al })}
        />
        {lookups.failed && (
          <p className="calendario-muted calendario-wide" role="status">
            Alcuni elenchi dei filtri non sono arrivati ({lookups.error}).{' '}
            <button type="button" className="link-button" onClick={lookups.retry}>
              Riprova
            </button>
          </p>
        )}
        {count > 0 && (
          <p className="calendario-wide">
            <Link
              to={{
                search: calendarSearch({
                  vista: query.vista,
                  pagina: 1,
                  ...(query.mese ? { mese: query.mese } : {}),
                }),
              }}
            >
              Azzera i filtri
            </Link>
          </p>
        )}
      </form>
    </details>
  )
}

/**
 * A filter among fixed options: the platform's select (react-aria's Select and ComboBox cost ~70 kB gzip and took
 * the calendar past its 170 kB budget; the native control is accessible and the best picker on phones).
 */
function FilterSelect(props: {
  label: string
  value: string | undefined
  options: readonly Option[]
  allLabel: string
  onChange: (value: string | null) => void
  /** How a value from a link that no option lists is named (the value itself when absent). */
  unlistedLabel?: string | undefined
}) {
  const id = useId()
  const items = [{ id: ALL, nome: props.allLabel }, ...props.options]
  // A value from a link whose option is not (yet) listed still shows as chosen.
  const known = props.value === undefined || items.some((item) => item.id === props.value)
  const all = known ? items : [...items, { id: props.value!, nome: props.unlistedLabel ?? props.value! }]
  return (
    <div className="field calendario-select">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} value={props.value ?? ALL} onChange={(event) => props.onChange(event.target.value)}>
        {all.map((item) => (
          <option key={item.id} value={item.id}>
            {item.nome}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * The circuit: one of the sector's, named. A link's circuit that the list does not hold (another discipline's)
 * is named too, from circuiti/view, never shown as its number (issue 19, item 3).
 */
function CircuitFilter(props: {
  value: number | undefined
  circuiti: readonly { id: number; nome: string }[] | undefined
  onChange: (id: number | undefined) => void
}) {
  const listed = props.circuiti?.some((c) => c.id === props.value) ?? false
  const toName = props.value !== undefined && props.circuiti !== undefined && !listed ? props.value : 0
  const named = usePageData<string | null, number>(loadCircuitName, toName)
  const namedActor = named.actor
  useEffect(() => {
    if (namedActor.getSnapshot().context.params !== toName)
      namedActor.send({ type: 'page.reload', params: toName })
  }, [namedActor, toName])
  const unlisted =
    props.circuiti === undefined || named.loading
      ? 'Caricamento…'
      : (named.data ?? `Circuito n. ${props.value}`)
  return (
    <FilterSelect
      label="Circuito"
      value={props.value === undefined ? undefined : String(props.value)}
      options={(props.circuiti ?? []).map((c) => ({ id: String(c.id), nome: c.nome }))}
      allLabel="Tutti i circuiti"
      unlistedLabel={unlisted}
      onChange={(value) => props.onChange(value === null || value === ALL ? undefined : Number(value))}
    />
  )
}
