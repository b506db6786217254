// Pieces the three views of /giocatori/cerca-compagno share: a listing's facts, a request's state, the wording.
import { Link } from 'react-router'
import {
  type Annuncio,
  LIVELLO_TITLES,
  type LivelloAnnuncio,
  RICHIESTA_STATE_TITLES,
  type RichiestaStoredState,
} from '../../../contract/cerca-compagno.ts'
import { personName, sectorLabel } from '../../../contract/words.ts'
import { href } from '../../app/paths.ts'
import { formatDateRange, formatPeriod } from '../../ui/format.ts'

export const fullName = personName

export const livelloLabel = (livello: string | null) =>
  livello ? (LIVELLO_TITLES[livello as LivelloAnnuncio] ?? livello) : 'Qualsiasi livello'

/** «Padel» or «Tennis · Wheelchair» when the sector is not the discipline's own name (contract/words.ts). */
export const settoreLabel = (listing: Pick<Annuncio, 'disciplina' | 'settore'>) =>
  sectorLabel(listing.disciplina, listing.settore)

/** Where, when, what level, for which tournament: the facts of a listing as a description list. */
export function ListingFacts({ listing }: { listing: Annuncio }) {
  return (
    <dl className="cc-facts">
      <div>
        <dt>Disciplina</dt>
        <dd>{settoreLabel(listing)}</dd>
      </div>
      <div>
        <dt>Quando</dt>
        <dd>{formatPeriod(listing.data_dal, listing.data_al)}</dd>
      </div>
      <div>
        <dt>Dove</dt>
        <dd>{listing.provincia_nome ? `${listing.provincia_nome} (${listing.provincia})` : 'Ovunque'}</dd>
      </div>
      <div>
        <dt>Livello</dt>
        <dd>{livelloLabel(listing.livello)}</dd>
      </div>
      {listing.torneo && (
        <div>
          <dt>Torneo</dt>
          <dd>
            <Link to={href('dettaglioTorneo', { id: listing.torneo.id_torneo })}>{listing.torneo.nome}</Link>{' '}
            ({formatDateRange(listing.torneo.data_inizio, listing.torneo.data_fine)})
          </dd>
        </div>
      )}
      {listing.disponibilita && (
        <div>
          <dt>Disponibilità</dt>
          <dd>{listing.disponibilita}</dd>
        </div>
      )}
    </dl>
  )
}

/** A request's state as a badge: its title, colour-coded (the text carries the meaning). */
export function RequestBadge({ stato }: { stato: RichiestaStoredState }) {
  return <span className={`cc-badge cc-badge-${stato}`}>{RICHIESTA_STATE_TITLES[stato]}</span>
}

/** A listing's state for its author: active, closed, or past its dates. */
export function ListingBadge({ listing, today }: { listing: Annuncio; today: string }) {
  const stato = listing.stato === 'chiuso' ? 'chiuso' : listing.data_al < today ? 'scaduto' : 'attivo'
  const label = { attivo: 'Attivo', chiuso: 'Chiuso', scaduto: 'Scaduto' }[stato]
  return <span className={`cc-badge cc-badge-${stato}`}>{label}</span>
}

/** What loads: a status for screen readers, shapes for the eye. */
export function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="cc-skeleton">
      <output className="visually-hidden">{label}</output>
      {[0, 1, 2].map((i) => (
        <div key={i} className="skeleton cc-skeleton-card" aria-hidden="true" />
      ))}
    </div>
  )
}
