// The board of /giocatori/cerca-compagno: other players' open listings of a sector, filtered by level, province,
// dates and tournament (the address holds the filters), and on each the request the partner-request machine
// allows: ask to play together, or cancel the request still waiting. Every action through the confirmed dialog.
import { type ReactNode, useId, useState } from 'react'
import { Link } from 'react-router'
import {
  type Annuncio,
  type CercaCompagnoQuery,
  LIVELLI_ANNUNCIO,
  LIVELLO_TITLES,
  cercaCompagnoSearch,
} from '../../../contract/cerca-compagno.ts'
import { DISCIPLINES } from '../../../contract/constants.ts'
import { toWhom } from '../../../contract/words.ts'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { DateField } from '../../ui/DateField.tsx'
import { LoadError } from '../../ui/LoadError.tsx'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { formatNumber } from '../../ui/format.ts'
import { type PageDataActor, usePageDataView } from '../../ui/page-data.ts'
import { useUrlQuery } from '../../ui/url-query.ts'
import {
  BOARD_PAGE_SIZE,
  type Page,
  type Province,
  type TorneoScelto,
  newRequestSnapshot,
  requestSnapshot,
  submitCancel,
  submitSend,
} from './cerca-compagno-actors.ts'
import {
  ListSkeleton,
  ListingFacts,
  NOTHING_SHARED,
  type Sharing,
  SharingChoice,
  fullName,
} from './parts.tsx'

const ALL = ''

export function Bacheca({
  me,
  idSettore,
  query,
  board,
  provinces,
  torneo,
}: {
  me: number
  idSettore: number
  query: CercaCompagnoQuery
  board: PageDataActor
  provinces: readonly Province[]
  torneo: TorneoScelto | null
}) {
  const { loading, failed, data, error, retry } = usePageDataView<Page<Annuncio>>(board)
  const url = useUrlQuery(query, cercaCompagnoSearch)
  const apply = (change: Partial<CercaCompagnoQuery>) => {
    const next: CercaCompagnoQuery = { ...url.latest(), ...change, pagina: 1 }
    for (const [key, value] of Object.entries(change))
      if (value === undefined || value === '') delete next[key as keyof CercaCompagnoQuery]
    url.go(next)
  }
  const reload = () => board.send({ type: 'page.reload' })
  const filtered = Boolean(query.livello || query.provincia || query.dal || query.al || query.torneo)
  const pagina = query.pagina ?? 1
  const pages = data ? Math.max(1, Math.ceil(data.record / BOARD_PAGE_SIZE)) : 1

  return (
    <>
      <form className="cc-filters" aria-label="Filtri degli annunci" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          label="Disciplina"
          value={String(idSettore)}
          onChange={(value) => apply({ settore: Number(value), torneo: undefined })}
        >
          {DISCIPLINES.map((d) =>
            d.settori.length === 1 ? (
              <option key={d.id} value={d.settori[0].id}>
                {d.nome}
              </option>
            ) : (
              <optgroup key={d.id} label={d.nome}>
                {d.settori.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.nome === d.nome ? d.nome : `${d.nome} – ${s.nome}`}
                  </option>
                ))}
              </optgroup>
            ),
          )}
        </SelectField>
        <SelectField
          label="Livello"
          value={query.livello ?? ALL}
          onChange={(value) => apply({ livello: (value || undefined) as CercaCompagnoQuery['livello'] })}
        >
          <option value={ALL}>Tutti i livelli</option>
          {LIVELLI_ANNUNCIO.map((l) => (
            <option key={l} value={l}>
              {LIVELLO_TITLES[l]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Provincia"
          value={query.provincia ?? ALL}
          onChange={(value) => apply({ provincia: value || undefined })}
        >
          <option value={ALL}>Tutte le province</option>
          {provinces.map((p) => (
            <option key={p.sigla} value={p.sigla}>
              {p.nome} ({p.sigla})
            </option>
          ))}
        </SelectField>
        <DateField
          label="Dal"
          className="cc-field"
          value={query.dal}
          max={query.al}
          onChange={(dal) => apply({ dal })}
        />
        <DateField
          label="Al"
          className="cc-field"
          value={query.al}
          min={query.dal}
          onChange={(al) => apply({ al })}
        />
        {query.torneo && (
          <p className="cc-filter-torneo">
            Per il torneo <strong>{torneo?.nome ?? `n. ${query.torneo}`}</strong>{' '}
            <button type="button" className="link-button" onClick={() => apply({ torneo: undefined })}>
              Mostra tutti gli annunci
            </button>
          </p>
        )}
        {filtered && (
          <p className="cc-wide">
            <Link to={{ search: cercaCompagnoSearch({ settore: query.settore }) }}>Azzera i filtri</Link>
          </p>
        )}
      </form>

      {failed && <LoadError message={error} onRetry={retry} />}
      {!failed && !data && <ListSkeleton label="Caricamento degli annunci…" />}
      {!failed && data && (
        <div aria-busy={loading}>
          <p className="cc-count" role="status">
            {loading
              ? 'Aggiornamento degli annunci…'
              : data.record === 0
                ? 'Nessun annuncio.'
                : data.record === 1
                  ? '1 annuncio'
                  : `${formatNumber(data.record)} annunci`}
          </p>
          {data.record === 0 ? (
            <div className="empty-state">
              <p>
                <strong>
                  {filtered
                    ? 'Nessun annuncio corrisponde ai filtri scelti.'
                    : 'Per questa disciplina non ci sono annunci aperti.'}
                </strong>
              </p>
              <p>
                {filtered ? 'Prova a togliere un filtro o ad allargare le date, oppure ' : 'Puoi '}
                <Link to={{ search: cercaCompagnoSearch({ ...query, vista: 'miei', pagina: 1 }) }}>
                  pubblicare il tuo annuncio
                </Link>
                : gli altri giocatori ti chiederanno di giocare insieme.
              </p>
            </div>
          ) : (
            <ul className="cc-list">
              {data.results.map((listing) => (
                <li key={listing.id_annuncio}>
                  <ListingCard listing={listing} me={me} onDone={reload} />
                </li>
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav className="cc-pager" aria-label="Pagine degli annunci">
              {pagina > 1 && (
                <Link
                  className="button secondary"
                  to={{ search: cercaCompagnoSearch({ ...query, pagina: pagina - 1 }) }}
                >
                  Pagina precedente
                </Link>
              )}
              <span>
                Pagina {pagina} di {pages}
              </span>
              {pagina < pages && (
                <Link
                  className="button secondary"
                  to={{ search: cercaCompagnoSearch({ ...query, pagina: pagina + 1 }) }}
                >
                  Pagina successiva
                </Link>
              )}
            </nav>
          )}
        </div>
      )}
    </>
  )
}

function ListingCard({ listing, me, onDone }: { listing: Annuncio; me: number; onDone: () => void }) {
  const author = fullName(listing.autore)
  const headingId = `annuncio-${listing.id_annuncio}`
  const canSend = newRequestSnapshot(listing, me).can({ type: 'richiesta.invia', by: me })
  const waiting = listing.mia_richiesta
  const canCancel =
    waiting !== null &&
    requestSnapshot('sent', listing.autore.id_persona, me).can({ type: 'richiesta.cancella', by: me })
  const [sharing, setSharing] = useState<Sharing>(NOTHING_SHARED)
  return (
    <article className="card cc-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="cc-card-title">
        {author}
      </h3>
      <ListingFacts listing={listing} />
      {listing.messaggio && <p className="cc-message">«{listing.messaggio}»</p>}
      {waiting !== null ? (
        <>
          <p className="cc-waiting" role="note">
            Hai chiesto {toWhom(listing.autore.nome)} di giocare insieme: la richiesta attende risposta.
          </p>
          {canCancel && (
            <div className="actions">
              <ConfirmedAction
                trigger={buttonTrigger('Annulla la richiesta', 'button secondary')}
                submit={submitCancel(waiting)}
                confirmText={`Vuoi annullare la richiesta ${toWhom(author)}?`}
                successText="Richiesta annullata."
                onSuccessClosed={onDone}
              />
            </div>
          )}
        </>
      ) : (
        <div className="cc-send">
          <SharingChoice
            hint="Li vede solo l’autore, se conferma la richiesta."
            value={sharing}
            onChange={setSharing}
          />
          <div className="actions">
            <ConfirmedAction
              // The dialog's request is fixed for its life: the choice as it is when it opens.
              key={JSON.stringify(sharing)}
              trigger={buttonTrigger('Chiedi di giocare insieme', 'button', !canSend)}
              submit={submitSend(listing.id_annuncio, sharing)}
              confirmText={`Vuoi chiedere ${toWhom(author)} di giocare insieme? Riceverà un avviso e potrà confermare o rifiutare.`}
              successText={`Richiesta inviata: ti avviseremo quando ${listing.autore.nome} risponde. La trovi in «Le mie richieste».`}
              onSuccessClosed={onDone}
            />
          </div>
        </div>
      )}
    </article>
  )
}

function SelectField(props: {
  label: string
  value: string
  onChange: (value: string) => void
  children: ReactNode
}) {
  const id = useId()
  return (
    <div className="field cc-field">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        {props.children}
      </select>
    </div>
  )
}
