// The personal feed's content (FeedPersonale.tsx holds the section): whether one is active; create or renew it
// (the address shows once, with «Copia collegamento» and the webcal: link); revoke it. Each action goes through
// the confirmed-action dialog.
import { useCallback, useState, type ReactNode } from 'react'
import type { FeedPersonale as Feed } from '../../contract/torneo.ts'
import { buttonTrigger } from './button-trigger.tsx'
import { useClipboard } from './clipboard.ts'
import { ConfirmedAction } from './ConfirmedAction.tsx'
import { loadFeedPersonale, submitFeedPersonale } from './feed-personale.ts'
import { formatDateTimeWith } from './format.ts'
import { LoadError } from './LoadError.tsx'
import { usePageData } from './page-data.ts'
import { webcalUrl } from './webcal.ts'

/** What the section holds, under its heading; `pending` shows while the feed loads. */
export function FeedPersonaleContent({ pending }: { pending: ReactNode }) {
  const { actor, loading, failed, data, error, retry } = usePageData<Feed, void>(loadFeedPersonale, undefined)
  // The address with its secret, from the answer that made it: the only time the portal can show it.
  const [path, setPath] = useState<string | null>(null)
  const [renew] = useState(() => () => submitFeedPersonale('rinnova', setPath))
  const [revoke] = useState(() => () => submitFeedPersonale('revoca', setPath))
  // Reloaded once the result dialog is closed: the buttons that opened it change with the answer.
  const reload = useCallback(() => actor.send({ type: 'page.reload' }), [actor])

  return failed ? (
    <LoadError message={error} onRetry={retry} secondary />
  ) : data ? (
    <>
      {data.attivo ? (
        <p>
          Hai un calendario personale attivo
          {data.creato_il && ` ${formatDateTimeWith('dal', data.creato_il)}`}
          {data.usato_il && `, letto l’ultima volta ${formatDateTimeWith('il', data.usato_il)}`}. Per motivi
          di sicurezza il collegamento si vede solo quando lo crei: se lo hai perso, rinnovalo (il vecchio
          smette di funzionare).
        </p>
      ) : (
        <p>
          Crea un collegamento segreto che il calendario del telefono può seguire: mostra i tornei a cui sei
          iscritto e le tue partite all’ora in programma, e si aggiorna da solo.
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
    loading && pending
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
