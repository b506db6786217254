// The calendar's filters. The URL is their only state: every change navigates to the calendar's new query
// (first page), and the page reads the query back, so a filtered calendar can be shared and reloaded.
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useId, useState, type ReactNode } from 'react'
import {
  Button,
  ComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Text,
  type Key,
} from 'react-aria-components'
import { Link, useNavigate } from 'react-router'
import { fromPromise } from 'xstate'
import {
  activeFilterCount,
  calendarSearch,
  isIsoDate,
  type CalendarQuery,
} from '../../../contract/calendario.ts'
import { DESKTOP_MIN_WIDTH } from '../../../contract/constants.ts'
import { ricercaRapidaMachine } from '../../../machines/ricerca-rapida.ts'
import { usePageData } from '../../ui/page-data.ts'
import { LIVELLI, STATI_FILTRO } from './calendario-format.ts'
import { loadClub, loadLookups, searchClubs, type Lookups } from './calendario-data.ts'

const ALL = 'tutti'
const clubSearchLogic = ricercaRapidaMachine.provide({
  actors: { search: fromPromise(({ input, signal }) => searchClubs(input, signal)) },
})

type Option = { id: string; nome: string }

export function CalendarioFilters({ idSettore, query }: { idSettore: number; query: CalendarQuery }) {
  const navigate = useNavigate()
  const lookups = usePageData<Lookups, number>(loadLookups, idSettore)
  const data = lookups.data
  // Phones start with the filters folded, so the tournaments come first.
  const [open] = useState(() => (globalThis.innerWidth ?? DESKTOP_MIN_WIDTH + 1) > DESKTOP_MIN_WIDTH)
  const count = activeFilterCount(query)

  const apply = (change: Partial<CalendarQuery>) => {
    const next: CalendarQuery = { ...query, ...change, pagina: 1 }
    for (const [key, value] of Object.entries(change))
      if (value === undefined || value === '') delete next[key as keyof CalendarQuery]
    // A province of another region does not stay chosen when the region changes.
    if ('regione' in change && next.provincia && data) {
      const province = data.provincie.find((p) => p.sigla === next.provincia)
      if (province && next.regione && province.regione !== next.regione) delete next.provincia
    }
    navigate({ search: calendarSearch(next) })
  }
  const pick = (key: 'tipo' | 'livello' | 'stato' | 'regione' | 'provincia') => (value: Key | null) =>
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
        <ClubFilter idSettore={idSettore} value={query.circolo} onChange={(circolo) => apply({ circolo })} />
        <FilterSelect
          label="Circuito"
          value={query.circuito === undefined ? undefined : String(query.circuito)}
          options={(data?.circuiti ?? []).map((c) => ({ id: String(c.id), nome: c.nome }))}
          allLabel="Tutti i circuiti"
          onChange={(value) =>
            apply({ circuito: value === null || value === ALL ? undefined : Number(value) })
          }
        />
        <DateFilter label="Dal" value={query.dal} max={query.al} onChange={(dal) => apply({ dal })} />
        <DateFilter label="Al" value={query.al} min={query.dal} onChange={(al) => apply({ al })} />
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

function FilterSelect(props: {
  label: string
  value: string | undefined
  options: readonly Option[]
  allLabel: string
  onChange: (value: Key | null) => void
}) {
  const items = [{ id: ALL, nome: props.allLabel }, ...props.options]
  // A value from a link whose option is not (yet) listed still shows as chosen.
  const known = props.value === undefined || items.some((item) => item.id === props.value)
  const all = known ? items : [...items, { id: props.value!, nome: props.value! }]
  return (
    <Select
      className="field calendario-select"
      value={props.value ?? ALL}
      onChange={(value) => props.onChange(value as Key | null)}
    >
      <Label>{props.label}</Label>
      <Button className="calendario-select-button">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </Button>
      <Popover className="calendario-popover">
        <ListBox items={all} className="calendario-listbox">
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.nome} className="calendario-option">
              {item.nome}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  )
}

function DateFilter(props: {
  label: string
  value: string | undefined
  min?: string | undefined
  max?: string | undefined
  onChange: (value: string | undefined) => void
}) {
  const id = useId()
  return (
    <div className="field calendario-date">
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="date"
        value={props.value ?? ''}
        min={props.min}
        max={props.max}
        onChange={(event) => {
          const value = event.target.value
          if (value === '' || isIsoDate(value)) props.onChange(value || undefined)
        }}
      />
    </div>
  )
}

/** The club: type two letters, pick from the clubs of the discipline; the chosen one is named from the link. */
function ClubFilter(props: {
  idSettore: number
  value: number | undefined
  onChange: (id: number | undefined) => void
}) {
  const actor = useActorRef(clubSearchLogic, { input: { id_settore: props.idSettore } })
  const found = useSelector(actor, (s) => s.context.circoli)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const error = useSelector(actor, (s) => s.context.error)
  const chosen = usePageData(loadClub, { id_settore: props.idSettore, id_circolo: props.value ?? 0 })
  const chosenActor = chosen.actor
  useEffect(() => {
    const current = chosenActor.getSnapshot().context.params as { id_circolo: number }
    if (current.id_circolo !== (props.value ?? 0))
      chosenActor.send({
        type: 'page.reload',
        params: { id_settore: props.idSettore, id_circolo: props.value ?? 0 },
      })
  }, [chosenActor, props.value, props.idSettore])
  const chosenName = props.value !== undefined ? chosen.data?.nome : undefined
  const [text, setText] = useState<string | null>(null)
  const items = found.map((c) => ({
    id: String(c.id_circolo),
    nome: c.nome,
    luogo: `${c.comune} (${c.provincia})`,
  }))
  return (
    <ComboBox
      className="field calendario-combobox"
      items={items}
      inputValue={text ?? chosenName ?? ''}
      onInputChange={(value) => {
        setText(value)
        actor.send({ type: 'search.typed', text: value })
        if (value === '' && props.value !== undefined) props.onChange(undefined)
      }}
      value={props.value === undefined ? null : String(props.value)}
      onChange={(key) => {
        if (key === null) return
        setText(null)
        props.onChange(Number(key))
      }}
      menuTrigger="input"
      allowsEmptyCollection
    >
      <Label>Circolo</Label>
      <div className="calendario-combobox-row">
        <Input placeholder="Scrivi il nome o il comune" />
        {props.value !== undefined && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setText(null)
              props.onChange(undefined)
            }}
          >
            Togli<span className="visually-hidden"> il filtro del circolo</span>
          </button>
        )}
      </div>
      <Text slot="description" className="field-hint">
        {error ?? (busy ? 'Ricerca…' : 'Almeno 2 lettere')}
      </Text>
      <Popover className="calendario-popover">
        <ListBox className="calendario-listbox" renderEmptyState={() => <EmptyOptions busy={busy} />}>
          {(item: (typeof items)[number]) => (
            <ListBoxItem id={item.id} textValue={item.nome} className="calendario-option">
              {item.nome} <span className="calendario-muted">· {item.luogo}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}

function EmptyOptions({ busy }: { busy: boolean }): ReactNode {
  return <p className="calendario-option calendario-muted">{busy ? 'Ricerca…' : 'Nessun circolo trovato'}</p>
}
