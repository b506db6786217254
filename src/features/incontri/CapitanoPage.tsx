// /tornei/dettaglio-torneo-campionato-capitano/{id}: the captain's page of a team tournament. The team's ties,
// each with where it stands and what the captain must do; the chosen tie with its date, lineups, rubbers and
// history, and the actions the tie machine (machines/tie.ts, the server's own) takes from this captain now. Only
// for the team's captain: the server refuses anyone else with an Italian message, shown as it is.
import { useCallback, useState } from 'react'
import { useParams, useSearchParams } from 'react-router'
import { incontroOfSearch, type IncontriCapitano, type RigaIncontro } from '../../../contract/incontri.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { usePageData } from '../../ui/page-data.ts'
import { IncontroPanel } from './IncontroPanel.tsx'
import { loadCapitano } from './incontri-actors.ts'
import './incontri.css'

function idOf(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null
}

export default function CapitanoPage() {
  const id = idOf(useParams().id)
  return (
    <section className="page capitano-page">
      {id === null ? (
        <>
          <PageTitle>Pagina del capitano</PageTitle>
          <p className="empty-state">Il torneo che cerchi non esiste.</p>
        </>
      ) : (
        <Capitano key={id} id={id} />
      )}
    </section>
  )
}

function Capitano({ id }: { id: number }) {
  const { actor, failed, data, error, retry } = usePageData<IncontriCapitano, number>(loadCapitano, id)
  const reload = useCallback(() => actor.send({ type: 'page.reload' }), [actor])
  // A notice's link names the tie to open (`?incontro=`); a click on another tie opens that one instead.
  const [searchParams] = useSearchParams()
  const [chosen, setChosen] = useState<number | null>(() => incontroOfSearch(searchParams))
  if (failed)
    return (
      <>
        <PageTitle>Pagina del capitano</PageTitle>
        <LoadError message={error} onRetry={retry} />
      </>
    )
  if (!data)
    return (
      <>
        <PageTitle>Pagina del capitano</PageTitle>
        <div className="capitano-skeleton" role="status" aria-label="Caricamento degli incontri…">
          <div className="skeleton" />
          <div className="skeleton" />
        </div>
      </>
    )
  const asked = data.incontri.some((t) => t.id === chosen) ? chosen : null
  const open = asked ?? data.incontri.find((t) => t.da_fare !== null)?.id ?? data.incontri[0]?.id ?? null
  return (
    <>
      <p className="capitano-kicker">{data.torneo.nome}</p>
      <PageTitle>Pagina del capitano: {data.squadra.nome}</PageTitle>
      <p className="capitano-muted">{data.squadra.circolo}</p>
      {data.incontri.length === 0 ? (
        <p className="empty-state">La tua squadra non ha ancora incontri in calendario.</p>
      ) : (
        <section aria-labelledby="capitano-incontri">
          <h2 id="capitano-incontri">Gli incontri della squadra</h2>
          <ul className="capitano-incontri">
            {data.incontri.map((tie) => (
              <li key={tie.id}>
                <Riga tie={tie} open={tie.id === open} onOpen={() => setChosen(tie.id)} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {open !== null && <IncontroPanel key={open} id={open} onChanged={reload} />}
    </>
  )
}

function Riga({ tie, open, onOpen }: { tie: RigaIncontro; open: boolean; onOpen: () => void }) {
  const when = tie.data_confermata ?? tie.data_proposta
  return (
    <article className={`capitano-riga${open ? ' aperta' : ''}`}>
      <h3>
        Giornata {tie.giornata}: {tie.casa.nome} – {tie.ospiti.nome}
      </h3>
      <p>
        <span className={`capitano-badge capitano-badge-${tie.stato}`}>{tie.titolo_stato}</span>
        {tie.punti_casa !== null && tie.punti_ospiti !== null && (
          <span className="capitano-punti">
            {' '}
            {tie.punti_casa}-{tie.punti_ospiti}
          </span>
        )}
      </p>
      {when && (
        <p className="capitano-muted">
          {tie.data_confermata ? 'Si gioca il ' : 'Data proposta: '}
          {formatDateTime(when)}
        </p>
      )}
      {tie.da_fare && <p className="capitano-da-fare">Tocca a te: {tie.da_fare.toLowerCase()}.</p>}
      <button type="button" className="button secondary" aria-pressed={open} onClick={onOpen}>
        {open ? 'Incontro aperto qui sotto' : 'Apri l’incontro'}
      </button>
    </article>
  )
}
