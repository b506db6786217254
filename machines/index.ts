// The registry of the client's statecharts, for the statechart viewer and the model-based test generator
// (DESIGN §3). Every machine listed here must have a model in tests/machines/models and full coverage.
import type { AnyStateMachine } from 'xstate'
import { confirmedActionMachine } from './confirmed-action.ts'
import { disciplineMachine } from './discipline.ts'
import { navigationGuardsMachine } from './navigation-guards.ts'
import { sessionMachine } from './session.ts'

export interface MachineEntry {
  id: string
  machine: AnyStateMachine
  /** What the machine decides, in Italian, for product owners. */
  description: string
}

export const machines: readonly MachineEntry[] = [
  {
    id: sessionMachine.id,
    machine: sessionMachine,
    description:
      "Sessione dell'utente: accesso tramite il servizio di identità, token silenzioso, dati di accesso, dati " +
      'utente e tessere, rinnovo del token, reimpostazione della password e disconnessione.',
  },
  {
    id: navigationGuardsMachine.id,
    machine: navigationGuardsMachine,
    description:
      'Controlli di navigazione, nell’ordine della specifica: dati incompleti, privacy, ritorno dal servizio ' +
      "d'accesso, ultima posizione, credenziali aggiornate, token, settore scelto, scorciatoia verso la home.",
  },
  {
    id: disciplineMachine.id,
    machine: disciplineMachine,
    description:
      'Scelta della disciplina e del settore: elenco caricato una sola volta, disciplina predefinita al primo ' +
      'accesso, scelta ricordata, settore indicato nell’indirizzo.',
  },
  {
    id: confirmedActionMachine.id,
    machine: confirmedActionMachine,
    description:
      'Azione confermata: richiesta di conferma, invio con indicatore di caricamento, esito positivo o errore ' +
      'con il messaggio del server.',
  },
]

/** The registry entry of a machine id. */
export function machineById(id: string): MachineEntry | undefined {
  return machines.find((entry) => entry.id === id)
}
