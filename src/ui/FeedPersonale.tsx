// The signed-in player's enrolments as a calendar feed (a secret webcal:/.ics address), on a tournament's page and
// on /impostazioni: the section, whose content (FeedPersonaleContent.tsx, with its confirmed-action dialogs) is
// loaded only for a signed-in user.
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { lazy, Suspense, useId } from 'react'
import { utenteStore } from '../stores/utente.ts'
import './feed-personale.css'

const FeedPersonaleContent = lazy(() =>
  import('./FeedPersonaleContent.tsx').then((module) => ({ default: module.FeedPersonaleContent })),
)

/** The personal feed's section, for a signed-in user only; `level` is its heading's level. */
export function FeedPersonale({ level }: { level: 2 | 3 }) {
  const token = useStoreSelector(utenteStore, (s) => s.context.token)
  const headingId = useId()
  if (!token) return null
  const Heading = level === 2 ? 'h2' : 'h3'
  // While the code and then the feed load, one and the same note: nothing flashes.
  const pending = <p className="field-hint">Caricamento del calendario personale…</p>
  return (
    <section className="feed-personale card" aria-labelledby={headingId}>
      <Heading id={headingId}>Le mie iscrizioni nel calendario</Heading>
      <Suspense fallback={pending}>
        <FeedPersonaleContent pending={pending} />
      </Suspense>
    </section>
  )
}
