// The three rankings pages (race annuale, classifica nazionale, classifica affiliati): the section's menu, the
// filters kept in the URL, «aggiornata al», the tie rule and each tie's reason, «Trova me», paging, and the PDF and
// CSV for accounts with puo_esportare_classifiche. The rules are the server's (docs/regole.md «Classifiche»).
import { useSelector } from '@xstate/react'
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import {
  CLUB_TIE_RULE,
  RANKING_PAGE_SIZE,
  RANKING_TIE_RULE,
  type ClassificaGiocatori,
  type ClassificaSocieta,
  type RigaGiocatore,
  type RigaSocieta,
} from '../../../contract/classifiche.ts'
import { DEFAULT_SECTOR } from '../../../contract/constants.ts'
import { currentSeason } from '../../../contract/dates.ts'
import { classificaPath } from '../../../contract/stampe.ts'
import { downloadWithToken } from '../../api/client.ts'
import { failureMessage, type ApiFailure } from '../../api/errors.ts'
import { href } from '../../app/paths.ts'
import { sessionActor } from '../../app/session.ts'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { utenteStore } from '../../stores/utente.ts'
import { formatDateWith } from '../../ui/format.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import {
  SETTORI,
  initialRanking,
  loadFasce,
  loadMenu,
  loadProvince,
  loadRanking,
  loadSociale,
  loadTipiSocieta,
  readQuery,
  searchOf,
  type Filtri,
  type InitialRanking,
  type ListParams,
  type Pagina,
} from './classifiche-data.ts'
import { Pager } from '../../ui/Pager.tsx'
import { useUrlQuery } from '../../ui/url-query.ts'
import './classifiche.css'

const TITLES: Record<Pagina, { title: string; lead: string }> = {
  'race-annuale': {
    title: 'Race annuale',
    lead: 'Tutti i punti dei tornei conclusi nell’anno solare: riparte da zero ogni 1° gennaio.',
  },
  'classifica-nazionale': {
    title: 'Classifica nazionale',
    lead: 'I 10 migliori risultati dei tornei conclusi nelle ultime 52 settimane.',
  },
  'classifica-affiliati': {
    title: 'Classifica affiliati',
    lead: 'Ogni circolo somma i punti della race annuale dei propri tesserati.',
  },
}

const number = new Intl.NumberFormat('it-IT')
const punti = (n: number) => (n === 1 ? '1 punto' : `${number.format(n)} punti`)

export function ClassificaPage({ pagina }: { pagina: Pagina }) {
  const stored = useStoreSelector(disciplinaStore, (s) => s.context.id_settore) ?? DEFAULT_SECTOR
  const [search] = useSearchParams()
  const season = currentSeason()
  const query = readQuery(search, pagina, stored, season)
  const signedIn = useSelector(sessionActor, (s) => s.matches('authenticated'))
  const params: ListParams = { pagina, query, signedIn }
  // The answers the server put in the page for its first reads: the page opens whole, without asking again.
  const [initial] = useState(() => initialRanking(params))
  const list = usePageData(loadRanking, params, { initial: initial.list })
  const listActor = list.actor
  const key = JSON.stringify(params)
  useEffect(() => {
    if (JSON.stringify(listActor.getSnapshot().context.params) !== key)
      listActor.send({ type: 'page.reload', params: JSON.parse(key) as ListParams })
  }, [listActor, key])
  const { title, lead } = TITLES[pagina]
  const data = list.data as ClassificaGiocatori | ClassificaSocieta | null
  return (
    <section className="page classifica">
      <PageTitle>{title}</PageTitle>
      <Menu idSettore={query.filtri.id_settore} initial={initial.menu} />
      <p className="classifica-lead">{lead}</p>
      <Filters pagina={pagina} filtri={query.filtri} season={season} initial={initial} />
      <Actions pagina={pagina} filtri={query.filtri} signedIn={signedIn} />
      <div aria-live="polite" aria-busy={list.loading}>
        {list.loading && (
          <div className="classifica-skeleton">
            <p role="status" className="visually-hidden">
              Caricamento della classifica…
            </p>
            <div className="skeleton" aria-hidden="true" />
          </div>
        )}
        {list.failed && <LoadError message={list.error} onRetry={list.retry} />}
        {data && !list.loading && (
          <Ranking pagina={pagina} data={data} filtri={query.filtri} trova={query.trova} />
        )}
      </div>
    </section>
  )
}

/** The sections the ranking menu usually lists, in its order (classifiche/sezioni/menu). */
const USUAL_SECTIONS = ['Race annuale', 'Classifica nazionale', 'Classifica affiliati']

function Menu({ idSettore, initial }: { idSettore: number; initial: InitialRanking['menu'] }) {
  const menu = usePageData(loadMenu, idSettore, { initial })
  const actor = menu.actor
  useEffect(() => {
    if (actor.getSnapshot().context.params !== idSettore)
      actor.send({ type: 'page.reload', params: idSettore })
  }, [actor, idSettore])
  const [search] = useSearchParams()
  const { pathname } = useLocation()
  const sector = search.get('settore')
  const entries = menu.data ?? []
  // While the sections load, hidden pills of the usual ones keep the filters and the table where they will
  // stay, at every width (Lighthouse CLS): the pills wrap onto the same rows as the real ones.
  if (menu.loading && entries.length === 0)
    return (
      <div className="classifica-sezioni classifica-sezioni-attesa" aria-hidden="true">
        <ul>
          {USUAL_SECTIONS.map((label) => (
            <li key={label}>
              <span>{label}</span>
            </li>
          ))}
        </ul>
      </div>
    )
  if (entries.length === 0) return null
  return (
    <nav aria-label="Sezioni delle classifiche" className="classifica-sezioni">
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <Link
              to={{ pathname: entry.percorso, search: sector ? `settore=${sector}` : '' }}
              aria-current={entry.percorso === pathname ? 'page' : undefined}
            >
              {entry.etichetta}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function Select({
  label,
  name,
  value,
  onChange,
  children,
}: {
  label: string
  name: string
  value: string
  onChange: (value: string) => void
  children: ReactNode
}) {
  return (
    <div className="field">
      <label htmlFor={`filtro-${name}`}>{label}</label>
      <select id={`filtro-${name}`} name={name} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </div>
  )
}

/** The filters: each change is a new URL (the page, a shared link and the back button agree), page 1. */
function Filters({
  pagina,
  filtri,
  season,
  initial,
}: {
  pagina: Pagina
  filtri: Filtri
  season: number
  initial: InitialRanking
}) {
  const url = useUrlQuery(filtri, searchOf)
  const province = usePageData(loadProvince, null, { initial: initial.province })
  const fasce = usePageData(loadFasce, filtri.id_settore, { initial: initial.fasce })
  const tipi = usePageData(loadTipiSocieta, null, { initial: initial.tipi })
  const fasceActor = fasce.actor
  useEffect(() => {
    if (fasceActor.getSnapshot().context.params !== filtri.id_settore)
      fasceActor.send({ type: 'page.reload', params: filtri.id_settore })
  }, [fasceActor, filtri.id_settore])
  const set = (changes: Partial<Record<keyof Filtri, string>>) => {
    const next: Record<string, unknown> = { ...url.latest() }
    for (const [k, v] of Object.entries(changes))
      next[k] = v === '' ? undefined : k === 'id_settore' || k === 'stagione' ? Number(v) : v
    // A region that no longer holds the chosen province: the province goes.
    const all = province.data ?? []
    if (changes.regione !== undefined && next.provincia)
      if (!all.some((p) => p.sigla === next.provincia && (!next.regione || p.regione === next.regione)))
        next.provincia = undefined
    if (changes.id_settore !== undefined) next.fascia = undefined
    url.go(next as Filtri)
  }
  const regions = [...new Set((province.data ?? []).map((p) => p.regione))].sort((a, b) =>
    a.localeCompare(b, 'it'),
  )
  const provinces = (province.data ?? [])
    .filter((p) => !filtri.regione || p.regione === filtri.regione)
    .sort((a, b) => a.nome.localeCompare(b.nome, 'it'))
  const players = pagina !== 'classifica-affiliati'
  return (
    <form
      className="classifica-filtri"
      aria-label="Filtri della classifica"
      onSubmit={(e) => e.preventDefault()}
    >
      <Select
        label="Disciplina e settore"
        name="id_settore"
        value={String(filtri.id_settore)}
        onChange={(v) => set({ id_settore: v })}
      >
        {SETTORI.map((s) => (
          <option key={s.id} value={s.id}>
            {s.nome}
          </option>
        ))}
      </Select>
      {pagina !== 'classifica-nazionale' && (
        <Select
          label="Stagione"
          name="stagione"
          value={String(filtri.stagione ?? '')}
          onChange={(v) => set({ stagione: v })}
        >
          <option value="">{season}</option>
          {[season - 1, season - 2].map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Select>
      )}
      {players && (
        <Select label="Sesso" name="sesso" value={filtri.sesso ?? ''} onChange={(v) => set({ sesso: v })}>
          <option value="">Tutti</option>
          <option value="M">Uomini</option>
          <option value="F">Donne</option>
        </Select>
      )}
      {players && (
        <Select
          label="Fascia d’età"
          name="fascia"
          value={filtri.fascia ?? ''}
          onChange={(v) => set({ fascia: v })}
        >
          <option value="">Tutte le età</option>
          {(fasce.data ?? []).map((f) => (
            <option key={f.codice} value={f.codice}>
              {f.nome}
            </option>
          ))}
        </Select>
      )}
      <Select
        label="Regione"
        name="regione"
        value={filtri.regione ?? ''}
        onChange={(v) => set({ regione: v })}
      >
        <option value="">Tutta Italia</option>
        {regions.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </Select>
      <Select
        label="Provincia"
        name="provincia"
        value={filtri.provincia ?? ''}
        onChange={(v) => set({ provincia: v })}
      >
        <option value="">Tutte le province</option>
        {provinces.map((p) => (
          <option key={p.sigla} value={p.sigla}>
            {p.nome} ({p.sigla})
          </option>
        ))}
      </Select>
      {!players && (
        <Select
          label="Tipo di circolo"
          name="tipo_societa"
          value={filtri.tipo_societa ?? ''}
          onChange={(v) => set({ tipo_societa: v })}
        >
          <option value="">Tutti i circoli</option>
          {(tipi.data ?? []).map((t) => (
            <option key={t.codice} value={t.codice}>
              {t.nome}
            </option>
          ))}
        </Select>
      )}
    </form>
  )
}

/** «Trova me» for a signed-in player; print and export for accounts with puo_esportare_classifiche. */
function Actions({ pagina, filtri, signedIn }: { pagina: Pagina; filtri: Filtri; signedIn: boolean }) {
  const person = useStoreSelector(utenteStore, (s) => s.context.details?.id_persona ?? null)
  const exporter = useStoreSelector(utenteStore, (s) => s.context.details?.puo_esportare_classifiche === true)
  const findable = signedIn && person !== null && pagina !== 'classifica-affiliati'
  if (!findable && !exporter) return null
  return (
    <div className="classifica-azioni">
      {findable && (
        <Link className="button" to={{ search: searchOf(filtri, { trova: true }) }}>
          Trova me
        </Link>
      )}
      {exporter && <Esporta pagina={pagina} filtri={filtri} />}
    </div>
  )
}

function Esporta({ pagina, filtri }: { pagina: Pagina; filtri: Filtri }) {
  const [busy, setBusy] = useState<'pdf' | 'csv' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const scarica = async (formato: 'pdf' | 'csv') => {
    setBusy(formato)
    setError(null)
    try {
      await downloadWithToken(classificaPath(pagina, formato, filtri), `${pagina}.${formato}`)
    } catch (failure) {
      setError(failureMessage(failure as ApiFailure))
    } finally {
      setBusy(null)
    }
  }
  return (
    <>
      {(['pdf', 'csv'] as const).map((formato) => (
        <button
          key={formato}
          type="button"
          className="button secondary"
          aria-disabled={busy !== null}
          onClick={() => {
            if (busy === null) void scarica(formato)
          }}
        >
          {busy === formato
            ? 'Preparazione in corso…'
            : formato === 'pdf'
              ? 'Stampa la classifica (PDF)'
              : 'Esporta la classifica (CSV)'}
        </button>
      ))}
      {error && (
        <span className="form-error" role="alert">
          {error}
        </span>
      )}
    </>
  )
}

function Ranking({
  pagina,
  data,
  filtri,
  trova,
}: {
  pagina: Pagina
  data: ClassificaGiocatori | ClassificaSocieta
  filtri: Filtri
  trova: boolean
}) {
  const clubs = pagina === 'classifica-affiliati'
  const current = Math.floor(data.rowstoskip / RANKING_PAGE_SIZE) + 1
  const pages = Math.max(1, Math.ceil(data.record / RANKING_PAGE_SIZE))
  const filtered = Boolean(
    filtri.sesso || filtri.fascia || filtri.regione || filtri.provincia || filtri.tipo_societa,
  )
  if (data.results.length === 0)
    return (
      <div className="empty-state">
        <p>
          {data.stagione === null
            ? 'Questa classifica comparirà quando si concluderà il primo torneo del settore.'
            : 'Nessuno in classifica con questi filtri.'}
          {filtered && (
            <>
              {' '}
              <Link to={{ search: searchOf({ id_settore: filtri.id_settore }) }}>Togli i filtri</Link>.
            </>
          )}
        </p>
      </div>
    )
  return (
    <>
      <p className="classifica-info">
        {data.calcolata_al && (
          <strong>
            Aggiornata{' '}
            <time dateTime={data.calcolata_al}>
              {formatDateWith('al', data.calcolata_al, { year: 'always' })}
            </time>
          </strong>
        )}
        {' · '}
        {data.record === 1
          ? clubs
            ? '1 circolo'
            : '1 giocatore'
          : `${number.format(data.record)} ${clubs ? 'circoli' : 'giocatori'}`}{' '}
        in classifica
        {data.stagione !== null && pagina !== 'classifica-nazionale' && ` · stagione ${data.stagione}`}
      </p>
      <p className="classifica-regola">
        <strong>Parità.</strong> {clubs ? CLUB_TIE_RULE : RANKING_TIE_RULE}{' '}
        <Link to={href('regolamenti')}>Tutte le regole</Link>
      </p>
      {trova && 'trovato' in data && data.trovato === null && (
        <p className="classifica-avviso" role="status">
          Non sei in questa classifica{filtered ? ' con i filtri scelti' : ''}.
        </p>
      )}
      {clubs ? (
        <ClubTable rows={(data as ClassificaSocieta).results} filtri={filtri} filtered={filtered} />
      ) : (
        <PlayerTable
          rows={(data as ClassificaGiocatori).results}
          filtered={filtered}
          trovato={trova ? (data as ClassificaGiocatori).trovato : null}
        />
      )}
      <Pager
        label="Pagine della classifica"
        pagina={current}
        pages={pages}
        searchFor={(p) => searchOf(filtri, { pagina: p })}
        className="classifica-pager"
        mutedClassName="classifica-muted"
      />
    </>
  )
}

function PlayerTable({
  rows,
  filtered,
  trovato,
}: {
  rows: readonly RigaGiocatore[]
  filtered: boolean
  trovato: number | null
}) {
  const found = useRef<HTMLTableRowElement>(null)
  useEffect(() => {
    if (trovato !== null && found.current) {
      found.current.scrollIntoView({ block: 'center' })
      found.current.focus({ preventScroll: true })
    }
  }, [trovato])
  return (
    <div className="table-wrap">
      <table className="classifica-table">
        <caption className="visually-hidden">Classifica dei giocatori</caption>
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
              <abbr title="Risultati che contano">Ris.</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const me = r.id_persona === trovato
            return (
              <tr
                key={r.id_persona}
                ref={me ? found : undefined}
                tabIndex={me ? -1 : undefined}
                className={me ? 'classifica-me' : undefined}
                aria-current={me ? 'true' : undefined}
              >
                <td className="numero">
                  {r.posizione}
                  {filtered && <span className="classifica-generale">{r.posizione_generale}° gen.</span>}
                </td>
                <td>
                  <Link to={href('schedaGiocatore', { id: r.id_persona })}>{r.persona}</Link>
                  {me && <span className="classifica-tu"> (tu)</span>}
                  <span className="classifica-dettaglio">
                    {[r.circolo, r.provincia].filter(Boolean).join(' · ')}
                  </span>
                  {r.parita && <span className="classifica-parita">{r.parita}</span>}
                </td>
                <td className="numero">{number.format(r.punti)}</td>
                <td className="numero">{r.tornei}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

function ClubTable({
  rows,
  filtri,
  filtered,
}: {
  rows: readonly RigaSocieta[]
  filtri: Filtri
  filtered: boolean
}) {
  return (
    <div className="table-wrap">
      <table className="classifica-table">
        <caption className="visually-hidden">Classifica dei circoli</caption>
        <thead>
          <tr>
            <th scope="col" className="numero">
              Pos.
            </th>
            <th scope="col">Circolo</th>
            <th scope="col" className="numero">
              Punti
            </th>
            <th scope="col" className="numero">
              <abbr title="Tesserati che hanno fatto punti">Tess.</abbr>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id_circolo}>
              <td className="numero">
                {r.posizione}
                {filtered && <span className="classifica-generale">{r.posizione_generale}° gen.</span>}
              </td>
              <td>
                <Link to={href('dettaglioCircolo', { id: r.id_circolo })}>{r.circolo}</Link>
                <span className="classifica-dettaglio">
                  {r.comune} ({r.provincia})
                </span>
                {r.parita && <span className="classifica-parita">{r.parita}</span>}
                <Sociale idSettore={filtri.id_settore} stagione={filtri.stagione} club={r} />
              </td>
              <td className="numero">{number.format(r.punti)}</td>
              <td className="numero">{r.tesserati}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** A club's own ranking (classifica/sociale/list), read only when opened. */
function Sociale({
  idSettore,
  stagione,
  club,
}: {
  idSettore: number
  stagione?: number | undefined
  club: RigaSocieta
}) {
  const [open, setOpen] = useState(false)
  return (
    <details className="classifica-sociale" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>I punti dei tesserati</summary>
      {open && <SocialeList params={{ id_settore: idSettore, id_circolo: club.id_circolo, stagione }} />}
    </details>
  )
}

function SocialeList({ params }: { params: Parameters<typeof loadSociale>[0] }) {
  const list = usePageData(loadSociale, params)
  if (list.loading) return <p className="classifica-muted">Caricamento…</p>
  if (list.failed) return <LoadError message={list.error} onRetry={list.retry} secondary />
  return (
    <ol className="classifica-sociale-list">
      {(list.data?.results ?? []).map((r) => (
        <li key={r.id_persona} value={r.posizione}>
          <Link to={href('schedaGiocatore', { id: r.id_persona })}>{r.persona}</Link> · {punti(r.punti)}
        </li>
      ))}
    </ol>
  )
}
