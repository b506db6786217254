import { createStore } from '@xstate/store'
import { reset } from '@xstate/store/reset'
import type { UserDetails } from '../../contract/giocatori.ts'
import type { LoginData } from '../../contract/login.ts'
import { readStored, readStoredInt } from './storage.ts'

export type Utente = {
  /** The session's id token, projected here for local storage (`tokenAdb2c`) and the views; its expiry and
   * renewal are the session's alone (machines/session.ts). */
  token: string | null
  login: LoginData | null
  details: UserDetails | null
  /** Status of the last user-data call when not 200: stored only, never shown (spec §8). */
  detailsStatus: number | null
}

/** The login flags kept in local storage (spec §3), as the session starts from them. */
export function storedLogin(): LoginData | null {
  const user_id = readStored('user_id')
  if (!user_id) return null
  return {
    user_id,
    profilation: readStoredInt('profilation') ?? 0,
    privacy: readStoredInt('privacy') ?? 0,
    dati_incompleti: readStoredInt('dati_incompleti') ?? 0,
    tessera_associata: readStoredInt('tessera_associata') ?? 0,
  }
}

export function initialUtente(): Utente {
  return {
    token: readStored('tokenAdb2c'),
    login: storedLogin(),
    details: null,
    detailsStatus: null,
  }
}

const signedOutUtente: Utente = {
  token: null,
  login: null,
  details: null,
  detailsStatus: null,
}

export const utenteStore = createStore({
  context: initialUtente(),
  on: {
    /**
     * The session's outcome, projected by src/app/session.ts: the session machine is the one writer of the
     * user's state (pages that change flags send `user.flagsChanged` to it, see `reportFlagsChanged`).
     */
    synced: (_context, event: { state: Utente }) => event.state,
    cleared: () => signedOutUtente,
  },
  // Reset to signed out, not to what this page load read from storage.
}).with(reset({ to: () => signedOutUtente }))
