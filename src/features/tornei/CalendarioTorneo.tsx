// The tournament's files: the poster and the prints (PDF), «Aggiungi al calendario» (.ics), subscribable feeds
// (webcal:) of the club's and circuit's tournaments, and the player's own enrolments as a feed.
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useCallback, useRef, useState } from 'react'
import { endpoints } from '../../../contract/endpoints.ts'
import {
  calendarioFeedPath,
  stampaTorneoPath,
  torneoIcsPath,
  type StampaTorneo,
} from '../../../contract/stampe.ts'
import type { FeedPersonale, TorneoDettaglio } from '../../../contract/torneo.ts'
import { submitRaw } from '../../api/client.ts'
import { utenteStore } from '../../stores/utente.ts'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { LoadError } from '../../ui/LoadError.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { formatInstant } from './format.ts'
import { loadFeedPersonale } from './torneo-actors.ts'

/** The same path as a `webcal:` link, which phone calendars open as a subscription. */
export function webcalUrl(path: string): string {
  return `webcal://${window.location.host}${path}`
}

export function StampeTorneo({ torneo }: { torneo: TorneoDettaglio }) {
  const drawn = (tipo: string) => torneo.tabelloni.some((t) => t.tipo === tipo && t.sorteggiato)
  const prints: { stampa: StampaTorneo; label: string; show: boolean }[] = [
    { stampa: 'locandina', label: 'Locandina', show: true },
    { stampa: 'tabellone', label: 'Tabellone', show: drawn('eliminazione') },
    { stampa: 'gironi', label: 'Gironi e classifiche', show: drawn('gironi') },
    {
      stampa: 'calendario',
      label: 'Calendario delle partite',
      show: torneo.tabelloni.some((t) => t.sorteggiato),
    },
  ]
  return (
    <section className="torneo-section" aria-labelledby="torneo-stampe">
      <h2 id="torneo-stampe">Stampe e calendario</h2>
      <ul className="torneo-files">
        {prints
          .filter((p) => p.show)
          .map((p) => (
            <li key={p.stampa}>
              <a href={stampaTorneoPath(torneo.id, p.stampa)} target="_blank" rel="noopener">
                {p.label} <span className="torneo-muted">(PDF)</span>
              </a>
            </li>
          ))}
        <li>
          <a href={torneoIcsPath(torneo.id)} download>
            Aggiungi al calendario <span className="torneo-muted">(file .ics)</span>
          </a>
        </li>
        {torneo.circolo && (
          <li>
            <a
              href={webcalUrl(
                calendarioFeedPath({ id_settore: torneo.id_settore, id_circolo: torneo.circolo.id }),
              )}
            >
              Segui i tornei di {torneo.circolo.nome}{' '}
              <span className="torneo-muted">(calendario in abbonamento)</span>
            </a>
          </li>
        )}
        {torneo.circuito && (
          <li>
            <a
              href={webcalUrl(
                calendarioFeedPath({ id_settore: torneo.id_settore, id_circuito: torneo.circuito.id }),
              )}
            >
              Segui le tappe del circuito {torneo.circuito.nome}{' '}
              <span className="torneo-muted">(calendario in abbonamento)</span>
            </a>
          </li>
        )}
      </ul>
      <p className="torneo-muted">
        I calendari in abbonamento si aggiornano da soli sul telefono quando cambiano le date di un torneo.
      </p>
      <FeedPersonaleBox />
    </section>
  )
}

/** The button that opens a confirmed action's dialog. */
function openButton(label: string) {
  return function OpenButton(open: () => void) {
    return (
      <button type="button" className="button secondary" onClick={open}>
        {label}
      </button>
    )
  }
}

/** The signed-in player's enrolments as a feed: made, renewed or revoked through the confirmed-action dialog. */
function FeedPersonaleBox() {
  const token = useStoreSelector(utenteStore, (s) => s.context.token)
  if (!token) return null
  return <FeedPersonaleLoaded />
}

function FeedPersonaleLoaded() {
  const { actor, failed, data, error, retry } = usePageData<FeedPersonale, void>(loadFeedPersonale, undefined)
  // The secret comes only in the answer that makes it (it is stored hashed): kept here to show it once.
  const [shown, setShown] = useState<string | null>(null)
  const made = useRef<string | null>(null)
  const reload = useCallback(() => {
    setShown(made.current)
    actor.send({ type: 'page.reload' })
  }, [actor])
  const submit = (path: typeof endpoints.feedPersonaleRinnova) => async () => {
    const answer = await submitRaw(path, {})
    const url = (answer.body as { result?: { url?: string | null } } | null)?.result?.url ?? null
    made.current = url
    return answer
  }
  if (failed) return <LoadError message={error} onRetry={retry} secondary />
  if (!data) return null
  return (
    <div className="torneo-feed card">
      <h3>Le mie iscrizioni nel calendario</h3>
      {data.attivo ? (
        <p>
          Hai un calendario personale attivo dal {formatInstant(data.creato_il!)}
          {data.usato_il ? `, letto l’ultima volta il ${formatInstant(data.usato_il)}` : ''}. Per motivi di
          sicurezza il collegamento si vede solo quando lo crei: se lo hai perso, rinnovalo (il vecchio smette
          di funzionare).
        </p>
      ) : (
        <p>
          Crea un collegamento segreto che il calendario del telefono può seguire: mostra i tornei a cui sei
          iscritto e si aggiorna da solo.
        </p>
      )}
      {shown && data.attivo && (
        <div className="torneo-feed-link" role="status">
          <p>
            Il tuo collegamento (non condividerlo): <a href={webcalUrl(shown)}>Apri nel calendario</a>
          </p>
          <code>{`${window.location.origin}${shown}`}</code>
        </div>
      )}
      <div className="actions">
        <ConfirmedAction
          trigger={openButton(data.attivo ? 'Rinnova il collegamento' : 'Crea il collegamento')}
          submit={submit(endpoints.feedPersonaleRinnova)}
          confirmText={
            data.attivo
              ? 'Il collegamento attuale smetterà di funzionare e ne verrà creato uno nuovo. Sei sicuro?'
              : 'Sei sicuro?'
          }
          successText="Collegamento creato: lo trovi sotto, copialo nel calendario del telefono."
          onSuccess={reload}
        />
        {data.attivo && (
          <ConfirmedAction
            trigger={openButton('Disattiva')}
            submit={submit(endpoints.feedPersonaleRevoca)}
            confirmText="Il calendario del telefono smetterà di ricevere le tue iscrizioni. Sei sicuro?"
            successText="Collegamento disattivato."
            onSuccess={reload}
          />
        )}
      </div>
    </div>
  )
}
