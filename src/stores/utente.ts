import { createStore } from '@xstate/store'
import { reset } from '@xstate/store/reset'
import type { UserDetails } from '../../contract/giocatori.ts'
import type { LoginData } from '../../contract/login.ts'
import { readStored, readStoredInt } from './storage.ts'

export type Utente = {
  /** The id token, sent as Bearer (local storage `tokenAdb2c`). */
  token: string | null
  /** Seconds since epoch when the token expires (decoded, not trusted: only for renewal timing). */
  tokenExpiresAt: number | null
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

export function tokenExpiry(token: string | null): number | null {
  if (!token) return null
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      exp?: number
    }
    return typeof payload.exp === 'number' ? payload.exp : null
  } catch {
    return null
  }
}

export function initialUtente(): Utente {
  const token = readStored('tokenAdb2c')
  return {
    token,
    tokenExpiresAt: tokenExpiry(token),
    login: storedLogin(),
    details: null,
    detailsStatus: null,
  }
}

const signedOutUtente: Utente = {
  token: null,
  tokenExpiresAt: null,
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
