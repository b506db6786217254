import { StrictMode, startTransition } from 'react'
import { waitFor } from 'xstate'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { startDiscipline } from './app/discipline.ts'
import { routerReady } from './app/router.tsx'
import { sessionActor, startSession } from './app/session.ts'
import { bridgeIfInFrame, hasAuthResponse } from './auth/msal.ts'
import { journalStore } from './journal/journal.ts'
import { disciplinaStore } from './stores/disciplina.ts'
import { navigazioneStore } from './stores/navigazione.ts'
import { startStorageProjection } from './stores/projection.ts'
import { tessereStore } from './stores/tessere.ts'
import { utenteStore } from './stores/utente.ts'
import './app/global.css'

/** Lets the browser run what is waiting (input, paint) between the steps of start-up: no step blocks for long. */
function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0))
}

async function start() {
  // In MSAL's hidden frame or popup: hand the answer to the main window and stop there.
  if (await bridgeIfInFrame()) return
  await yieldToMain()
  journalStore('Utente', utenteStore)
  journalStore('Tessere', tessereStore)
  journalStore('disciplina', disciplinaStore)
  journalStore('navigazione', navigazioneStore)
  startStorageProjection()
  startDiscipline()
  startSession()
  await yieldToMain()
  // The static shell of index.html stays painted until the first page can be shown whole: a first render
  // before the session has booted and the router has its page would blank the screen in between. Coming
  // back from the identity service is the exception: then "Accesso in corso…" shows at once.
  if (!hasAuthResponse()) {
    await waitFor(sessionActor, (snapshot) => !snapshot.matches('booting'))
    await routerReady()
  }
  await yieldToMain()
  // As a transition, the first render yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page: the static shell stays responsive while the app takes over.
  const root = createRoot(document.getElementById('root')!)
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  )
}

void start()
