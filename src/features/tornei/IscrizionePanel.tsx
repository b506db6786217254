// The enrolment panel of a tournament (issue 11, item 3): an invitation to sign in for visitors; for a signed-in
// player, the enrolment of IscrizioneGiocatore.tsx, loaded only for them (with the confirmed-action dialogs and
// the partner's combo box, it would weigh more than the rest of the page).
import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { sessionActor } from '../../app/session.ts'
import { SignInPrompt } from '../../app/SignInPrompt.tsx'
import './iscrizione.css'

const PlayerPanel = lazy(() =>
  import('./IscrizioneGiocatore.tsx').then((module) => ({ default: module.PlayerPanel })),
)

export type IscrizionePanelProps = {
  idTorneo: number
  /** Called after an action succeeded and its dialog closed (e.g. the page reloads its entrants). */
  onChanged?: () => void
}

/** The panel: an invitation to sign in for visitors, the player's enrolment for signed-in users. */
export function IscrizionePanel({ idTorneo, onChanged }: IscrizionePanelProps) {
  const signedIn = useSelector(sessionActor, (s) => s.matches('authenticated'))
  // While the code and then the player's enrolment load, one and the same note: nothing flashes.
  const pending = (
    <p className="iscrizione-muted" role="status" aria-busy="true">
      Caricamento dell’iscrizione…
    </p>
  )
  // Inside the detail page's «Iscrizione» section, under its heading.
  return (
    <div className="iscrizione-panel">
      {signedIn ? (
        <Suspense fallback={pending}>
          <PlayerPanel idTorneo={idTorneo} onChanged={onChanged} pending={pending} />
        </Suspense>
      ) : (
        <SignInPrompt
          text="Per iscriverti al torneo accedi con il tuo account."
          action="Accedi per iscriverti"
        />
      )}
    </div>
  )
}
