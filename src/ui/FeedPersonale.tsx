// The signed-in player's enrolments as a calendar feed (a secret webcal:/.ics address), on a tournament's page and
// on /impostazioni: whether one is active; create or renew it (the address shows once, with «Copia collegamento»
// and the webcal: link); revoke it. Each action goes through the confirmed-action dialog.
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useCallback, useId, useState } from 'react'
import type { FeedPersonale as Feed } from '../../contract/torneo.ts'
import { utenteStore } from '../stores/utente.ts'
import { buttonTrigger } from './button-trigger.tsx'
import { useClipboard } from './clipboard.ts'
import { ConfirmedAction } from './ConfirmedAction.tsx'
import { loadFeedPersonale, submitFeedPersonale, webcalUrl } from './feed-personale.ts'
import { formatDateTime } from './format.ts'
import { LoadError } from './LoadError.tsx'
import { usePageData } from './page-data.ts'
import './feed-personale.css'

/** The personal feed's section, for a signed-in user only; `level` is its heading's level. */
export function FeedPersonale({ level }: { level: 2 | 3 }) {
  const token = useStoreSelector(utenteStore, (s) => s.context.token)
  if (!token) return null
  return <FeedPersonaleSection level={level} />
}

function FeedPersonaleSection({ level }: { level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3'
  const headingId = useId()
  const { actor, loading, failed, data, error, retry } = usePageData<Feed, void>(loadFeedPersonale, undefined)
  // The address with its secret, from the answer that made it: the only time the portal can show it.
  const [path, setPath] = useState<string | null>(null)
  const [renew] = useState(() => () => submitFeedPersonale('rinnova', setPath))
  const [revoke] = useState(() => () => submitFeedPersonale('revoca', setPath))
  // Reloaded once the result dialog is closed: the buttons that opened it change with the answer.
  const reload = useCallback(() => actor.send({ type: 'page.reload' }), [actor])

  return (
    <section className="feed-personale card" aria-labelledby={headingId}>
      <Heading id={headingId}>Le mie iscrizioni nel calendario</Heading>
      {failed ? (
        <LoadError message={error} onRetry={retry} secondary />
      ) : data ? (
        <>
          {data.attivo ? (
            <p>
              Hai un calendario personale attivo
              {data.creato_il && ` dal ${formatDateTime(data.creato_il)}`}
              {data.usato_il && `, letto l’ultima volta il ${formatDateTime(data.usato_il)}`}. Per motivi di
              sicurezza il collegamento si vede solo quando lo crei: se lo hai perso, rinnovalo (il vecchio
              smette di funzionare).
            </p>
          ) : (
            <p>
              Crea un collegamento segreto che il calendario del telefono può seguire: mostra i tornei a cui
              sei iscritto e si aggiorna da solo.
            </p>
          )}
          {data.attivo && path && <FeedLink path={path} />}
          <div className="actions">
            <ConfirmedAction
              key={data.attivo ? 'rinnova' : 'crea'}
              trigger={buttonTrigger(
                data.attivo ? 'Rinnova il collegamento' : 'Crea il collegamento',
                'button secondary',
              )}
              submit={renew}
              confirmText={
                data.attivo
                  ? 'Il collegamento attuale smetterà di funzionare e ne verrà creato uno nuovo. Sei sicuro?'
                  : 'Sei sicuro?'
              }
              successText="Collegamento creato: lo trovi sotto, copialo nel calendario del telefono."
              onSuccessClosed={reload}
            />
            {data.attivo && (
              <ConfirmedAction
                trigger={buttonTrigger('Disattiva', 'button secondary')}
                submit={revoke}
                confirmText="Il calendario del telefono smetterà di ricevere le tue iscrizioni. Sei sicuro?"
                successText="Collegamento disattivato."
                onSuccessClosed={reload}
              />
            )}
          </div>
        </>
      ) : (
        loading && <p className="field-hint">Caricamento del calendario personale…</p>
      )}
    </section>
  )
}

/** The new address, shown once: as text to copy, with «Copia collegamento», and as a webcal: link. */
function FeedLink({ path }: { path: string }) {
  const address = `${window.location.origin}${path}`
  const clipboard = useClipboard({
    copied: 'Collegamento copiato',
    failed: 'Copia non riuscita: seleziona il collegamento qui sopra e copialo.',
  })
  return (
    <div className="feed-personale-link">
      <p>
        Il tuo collegamento personale (non condividerlo: lo vedi solo ora). Aprilo nel calendario del telefono
        o copialo nell’app che usi.
      </p>
      <code>{address}</code>
      <div className="actions">
        <a className="button" href={webcalUrl(path)}>
          Apri nel calendario
        </a>
        <button type="button" className="button secondary" onClick={() => void clipboard.copy(address)}>
          Copia collegamento
        </button>
      </div>
      <p className="field-hint" role="status">
        {clipboard.message}
      </p>
    </div>
  )
}
