// Pieces the three views of /giocatori/cerca-compagno share: a listing's facts, a request's state, the wording,
// the contact a player shares with the partner of a confirmed request, and how the two then reach each other.
import { useId, useState } from 'react'
import { Link } from 'react-router'
import {
  type Annuncio,
  LIVELLO_TITLES,
  type LivelloAnnuncio,
  MESSAGGIO_MAX,
  RICHIESTA_STATE_TITLES,
  type Richiesta,
  type RichiestaStoredState,
} from '../../../contract/cerca-compagno.ts'
import { personName, sectorLabel } from '../../../contract/words.ts'
import { href } from '../../app/paths.ts'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { formatDateRange, formatPeriod } from '../../ui/format.ts'
import { submitMessage } from './cerca-compagno-actors.ts'

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

/** What a player shares with the other player of a confirmed request (`condividi_email`, `condividi_telefono`). */
export type Sharing = { condividi_email: boolean; condividi_telefono: boolean }
export const NOTHING_SHARED: Sharing = { condividi_email: false, condividi_telefono: false }

/** The choice of the contact to share once a request is confirmed: nobody else ever sees it. */
export function SharingChoice({
  hint,
  value,
  onChange,
}: {
  /** Who will see it, and when. */
  hint: string
  value: Sharing
  onChange: (value: Sharing) => void
}) {
  const id = useId()
  return (
    <fieldset className="cc-sharing">
      <legend>Contatti da condividere</legend>
      <div className="checkbox">
        <input
          id={`${id}-email`}
          type="checkbox"
          checked={value.condividi_email}
          onChange={(e) => onChange({ ...value, condividi_email: e.target.checked })}
        />
        <label htmlFor={`${id}-email`}>La mia e-mail</label>
      </div>
      <div className="checkbox">
        <input
          id={`${id}-telefono`}
          type="checkbox"
          checked={value.condividi_telefono}
          onChange={(e) => onChange({ ...value, condividi_telefono: e.target.checked })}
        />
        <label htmlFor={`${id}-telefono`}>Il mio telefono</label>
      </div>
      <p className="field-hint cc-sharing-hint">{hint}</p>
    </fieldset>
  )
}

/**
 * A confirmed request, for one of its two players: the contact the other chose to share (the server sends it
 * only to them), and a message through the portal.
 */
export function ContactBlock({ request, me }: { request: Richiesta; me: number }) {
  if (!request.contatto) return null
  const other = request.autore.id_persona === me ? request.richiedente : request.autore
  const { email, telefono } = request.contatto
  const headingId = `contatto-${request.id_richiesta}`
  return (
    <section className="cc-contatto" aria-labelledby={headingId}>
      <h4 id={headingId} className="cc-contatto-titolo">
        Come contattare {fullName(other)}
      </h4>
      {email || telefono ? (
        <ul className="cc-contatto-list">
          {email && (
            <li>
              E-mail: <a href={`mailto:${email}`}>{email}</a>
            </li>
          )}
          {telefono && (
            <li>
              Telefono: <a href={`tel:${telefono.replace(/\s+/g, '')}`}>{telefono}</a>
            </li>
          )}
        </ul>
      ) : (
        <p>{fullName(other)} non ha condiviso e-mail o telefono: scrivi dal portale.</p>
      )}
      <MessageForm idRichiesta={request.id_richiesta} to={fullName(other)} />
    </section>
  )
}

/** A message to the other player: a notice in the portal and an e-mail (the server caps them per day). */
function MessageForm({ idRichiesta, to }: { idRichiesta: number; to: string }) {
  const id = useId()
  const [text, setText] = useState('')
  // Cleared after a message went: a new form, with a new dialog.
  const [sent, setSent] = useState(0)
  const testo = text.trim()
  return (
    <div className="cc-messaggio">
      <label htmlFor={id}>Messaggio per {to}</label>
      <textarea
        id={id}
        rows={2}
        maxLength={MESSAGGIO_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <div className="actions">
        {/* Keyed by the text: the dialog's request is fixed for its life. */}
        <ConfirmedAction
          key={`${sent}-${testo}`}
          trigger={buttonTrigger('Invia il messaggio', 'button secondary', testo === '')}
          submit={submitMessage(idRichiesta, testo)}
          confirmText={`Vuoi inviare il messaggio? ${to} lo riceve tra gli avvisi del portale e per e-mail.`}
          successText="Messaggio inviato."
          onSuccessClosed={() => {
            setText('')
            setSent((n) => n + 1)
          }}
        />
      </div>
    </div>
  )
}
