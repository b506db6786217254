// «Le mie richieste» of /giocatori/cerca-compagno: the requests the player sent, waiting ones first, each with the
// listing it answers, the last notice and, while it waits, its cancellation (as the partner-request machine allows).
import { Link } from 'react-router'
import {
  type CercaCompagnoQuery,
  type RichiestaInviata,
  cercaCompagnoSearch,
} from '../../../contract/cerca-compagno.ts'
import { capitalised, toWhom } from '../../../contract/words.ts'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { LoadError } from '../../ui/LoadError.tsx'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { formatDateTimeWith } from '../../ui/format.ts'
import { usePageData } from '../../ui/page-data.ts'
import { type Page, loadMyRequests, requestSnapshot, submitCancel } from './cerca-compagno-actors.ts'
import { ContactBlock, ListSkeleton, ListingFacts, RequestBadge, fullName } from './parts.tsx'

export function MieRichieste({ me, query }: { me: number; query: CercaCompagnoQuery }) {
  const { actor, failed, data, error, retry } = usePageData<Page<RichiestaInviata>, null>(
    loadMyRequests,
    null,
  )
  const reload = () => actor.send({ type: 'page.reload' })
  if (failed) return <LoadError message={error} onRetry={retry} />
  if (!data) return <ListSkeleton label="Caricamento delle tue richieste…" />
  if (data.record === 0) {
    return (
      <div className="empty-state">
        <p>
          <strong>Non hai ancora chiesto a nessuno di giocare insieme.</strong> Cerca tra gli{' '}
          <Link to={{ search: cercaCompagnoSearch({ ...query, vista: undefined, pagina: 1 }) }}>annunci</Link>{' '}
          e scegli «Chiedi di giocare insieme»: qui vedrai la risposta.
        </p>
      </div>
    )
  }
  return (
    <ul className="cc-list">
      {data.results.map((request) => (
        <li key={request.id_richiesta}>
          <SentRequest request={request} me={me} onDone={reload} />
        </li>
      ))}
    </ul>
  )
}

function SentRequest({ request, me, onDone }: { request: RichiestaInviata; me: number; onDone: () => void }) {
  const author = fullName(request.autore)
  const headingId = `richiesta-${request.id_richiesta}`
  const canCancel = requestSnapshot(
    request.stato,
    request.autore.id_persona,
    request.richiedente.id_persona,
  ).can({ type: 'richiesta.cancella', by: me })
  return (
    <article className="card cc-card" aria-labelledby={headingId}>
      <div className="cc-card-head">
        <h3 id={headingId} className="cc-card-title">
          {capitalised(toWhom(author))}
        </h3>
        <RequestBadge stato={request.stato} />
      </div>
      <p className="cc-muted">Inviata {formatDateTimeWith('il', request.inviata_il)}</p>
      {request.avviso && <p className="cc-avviso">{request.avviso}</p>}
      <ListingFacts listing={request.annuncio} />
      {request.annuncio.messaggio && <p className="cc-message">«{request.annuncio.messaggio}»</p>}
      <ContactBlock request={request} me={me} />
      {canCancel && (
        <div className="actions">
          <ConfirmedAction
            trigger={buttonTrigger('Annulla la richiesta', 'button secondary')}
            submit={submitCancel(request.id_richiesta)}
            confirmText={`Vuoi annullare la richiesta ${toWhom(author)}?`}
            successText="Richiesta annullata."
            onSuccessClosed={onDone}
          />
        </div>
      )}
    </article>
  )
}
