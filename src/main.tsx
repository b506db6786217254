import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/App.tsx'
import { startDiscipline } from './app/discipline.ts'
import { startSession } from './app/session.ts'
import { bridgeIfInFrame } from './auth/msal.ts'
import { journalStore } from './journal/journal.ts'
import { disciplinaStore } from './stores/disciplina.ts'
import { navigazioneStore } from './stores/navigazione.ts'
import { startStorageProjection } from './stores/projection.ts'
import { tessereStore } from './stores/tessere.ts'
import { utenteStore } from './stores/utente.ts'
import './app/global.css'

async function start() {
  // In MSAL's hidden frame or popup: hand the answer to the main window and stop there.
  if (await bridgeIfInFrame()) return
  journalStore('Utente', utenteStore)
  journalStore('Tessere', tessereStore)
  journalStore('disciplina', disciplinaStore)
  journalStore('navigazione', navigazioneStore)
  startStorageProjection()
  startDiscipline()
  startSession()
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
