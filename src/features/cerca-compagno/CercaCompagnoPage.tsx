// /giocatori/cerca-compagno (issue 12, item 4): the board of other players' listings with its filters, the
// player's own listings with the requests to answer, and the requests the player sent. The view (tab) and the
// board's filters live in the address, so a filtered search (the doubles enrolment links to its tournament's)
// can be shared and reloaded. Needs a player behind the account.
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import {
  type CercaCompagnoQuery,
  type CercaCompagnoVista,
  cercaCompagnoSearch,
  parseCercaCompagnoSearch,
} from '../../../contract/cerca-compagno.ts'
import { DEFAULT_SECTOR } from '../../../contract/constants.ts'
import { todayInItaly } from '../../../contract/dates.ts'
import { href } from '../../app/paths.ts'
import { refreshProfile } from '../../app/session.ts'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { utenteStore } from '../../stores/utente.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData, useReloadOn } from '../../ui/page-data.ts'
import { Bacheca } from './Bacheca.tsx'
import {
  type BoardParams,
  type Province,
  loadBoard,
  loadProvinces,
  loadTorneo,
} from './cerca-compagno-actors.ts'
import { MieRichieste } from './MieRichieste.tsx'
import { MieiAnnunci } from './MieiAnnunci.tsx'
import { ListSkeleton } from './parts.tsx'
import './cerca-compagno.css'

const VISTE: readonly { id: CercaCompagnoVista; label: string }[] = [
  { id: 'annunci', label: 'Annunci' },
  { id: 'miei', label: 'I miei annunci' },
  { id: 'richieste', label: 'Le mie richieste' },
]

export default function CercaCompagnoPage() {
  const details = useStoreSelector(utenteStore, (s) => s.context.details)
  const detailsStatus = useStoreSelector(utenteStore, (s) => s.context.detailsStatus)
  const me = details?.id_persona ?? null
  return (
    <section className="page cc-page">
      <PageTitle>Cerca compagno</PageTitle>
      <p className="cc-lead">
        Trova con chi giocare in doppio: sfoglia gli annunci degli altri giocatori e chiedi di giocare
        insieme, oppure pubblica il tuo. Chi ha pubblicato l’annuncio conferma o rifiuta; con la conferma
        l’annuncio si chiude.
      </p>
      {details === null && detailsStatus === null && <ListSkeleton label="Caricamento dei tuoi dati…" />}
      {details === null && detailsStatus !== null && (
        <LoadError
          message="Non è stato possibile recuperare i tuoi dati. Riprova tra qualche istante."
          onRetry={() => refreshProfile()}
        />
      )}
      {details !== null && me === null && (
        <div className="empty-state">
          <p>
            <strong>Al tuo account non è ancora associato un giocatore.</strong>{' '}
            <Link to={href('modificaProfilo')}>Completa il profilo</Link> per pubblicare annunci e chiedere di
            giocare insieme.
          </p>
        </div>
      )}
      {me !== null && <PlayerArea me={me} provinciaUtente={details?.provincia ?? null} />}
    </section>
  )
}

function PlayerArea({ me, provinciaUtente }: { me: number; provinciaUtente: string | null }) {
  const location = useLocation()
  const query = parseCercaCompagnoSearch(location.search)
  const vista = query.vista ?? 'annunci'
  const storedSector = useStoreSelector(disciplinaStore, (s) => s.context.id_settore)
  const [today] = useState(() => todayInItaly())
  const provinces = usePageData<readonly Province[], null>(loadProvinces, null)
  const torneo = usePageData(loadTorneo, query.torneo ?? 0)
  useReloadOn(torneo.actor, String(query.torneo ?? 0), query.torneo ?? 0)
  const chosen = query.torneo && torneo.data?.id === query.torneo ? torneo.data : null
  // A search for a tournament's partner is in the tournament's sector, unless the address names another.
  const idSettore = query.settore ?? chosen?.id_settore ?? storedSector ?? DEFAULT_SECTOR
  // The board's actor lives here, so the filters reload it rather than starting it again.
  const { vista: _shown, ...filters } = query
  const params: BoardParams = { id_settore: idSettore, query: filters }
  const board = usePageData(loadBoard, params)
  useReloadOn(board.actor, `${idSettore}${cercaCompagnoSearch(params.query)}`, params)

  const link = (id: CercaCompagnoVista): CercaCompagnoQuery => ({
    ...query,
    vista: id === 'annunci' ? undefined : id,
    pagina: 1,
  })
  const heading = VISTE.find((v) => v.id === vista)!.label
  return (
    <>
      <nav className="cc-tabs" aria-label="Sezioni di Cerca compagno">
        {VISTE.map((v) => (
          <Link
            key={v.id}
            className="cc-tab"
            to={{ search: cercaCompagnoSearch(link(v.id)) }}
            aria-current={v.id === vista ? 'page' : undefined}
          >
            {v.label}
          </Link>
        ))}
      </nav>
      {provinces.failed && (
        <p className="cc-muted" role="status">
          L’elenco delle province non è arrivato ({provinces.error}).{' '}
          <button type="button" className="link-button" onClick={provinces.retry}>
            Riprova
          </button>
        </p>
      )}
      <h2 className={vista === 'miei' ? 'visually-hidden' : 'cc-view-title'}>{heading}</h2>
      {vista === 'annunci' && (
        <Bacheca
          me={me}
          idSettore={idSettore}
          query={query}
          board={board.actor}
          provinces={provinces.data ?? []}
          torneo={chosen}
        />
      )}
      {vista === 'miei' && (
        <MieiAnnunci
          me={me}
          today={today}
          idSettore={idSettore}
          provinciaUtente={provinciaUtente}
          provinces={provinces.data ?? []}
          torneo={chosen}
        />
      )}
      {vista === 'richieste' && <MieRichieste me={me} query={query} />}
    </>
  )
}
