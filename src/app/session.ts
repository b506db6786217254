// The app-wide session actor: the machine of machines/session.ts with its effects (MSAL and the API),
// projected into the Utente and Tessere stores. Module-level because the router's loaders (the navigation
// guards) run outside React and must read it too.
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate'
import { CHANGED_CREDENTIALS_COOKIE } from '../../contract/constants.ts'
import {
  isTokenExpiring,
  sessionMachine,
  type LoginFlags,
  type RedirectResult,
  type RestoredAccount,
  type SessionAccount,
  type TokenResult,
} from '../../machines/session.ts'
import { connectSession } from '../api/client.ts'
import * as msal from '../auth/msal.ts'
import { journalInspector } from '../journal/journal.ts'
import { hasChangedCredentials } from '../../machines/navigation-guards.ts'
import { navigazioneStore } from '../stores/navigazione.ts'
import { resetStores } from '../stores/reset.ts'
import { readStored } from '../stores/storage.ts'
import { tessereStore } from '../stores/tessere.ts'
import { storedLogin, utenteStore } from '../stores/utente.ts'

const NEVER = new Promise<never>(() => undefined)

function toAccount(account: {
  homeAccountId: string
  username: string
  name?: string | undefined
}): SessionAccount {
  return { homeAccountId: account.homeAccountId, username: account.username, name: account.name }
}

function toRedirectResult(signedIn: msal.SignedIn): RedirectResult {
  return {
    idToken: signedIn.idToken,
    account: toAccount(signedIn.account),
    returnTo: signedIn.returnTo,
    cameFrom: signedIn.cameFrom,
  }
}

/** The signed-in user's calls (session-calls.ts), loaded with the first of them or at start (startSession). */
const signedInCalls = () => import('./session-calls.ts')

export const sessionLogic = sessionMachine.provide({
  actors: {
    handleRedirect: fromPromise(async () => {
      // An anonymous visitor with no trace of a sign-in never downloads MSAL.
      if (!msal.msalNeededAtStart()) return null
      const signedIn = await msal.handleRedirect()
      return signedIn ? toRedirectResult(signedIn) : null
    }),
    // The page leaves for the identity service: these never settle unless MSAL refuses to start.
    loginRedirect: fromPromise<void, { returnTo: string | null; signUp: boolean; cameFrom: string | null }>(
      async ({ input }) => {
        await msal.loginRedirect(input.returnTo, { signUp: input.signUp, cameFrom: input.cameFrom })
        await NEVER
      },
    ),
    resetPasswordRedirect: fromPromise<void, { returnTo: string | null }>(async ({ input }) => {
      await msal.resetPasswordRedirect(input.returnTo)
      await NEVER
    }),
    acquireTokenSilent: fromPromise<TokenResult, { account: SessionAccount | null; forceRefresh: boolean }>(
      async ({ input }) => {
        const signedIn = await msal.acquireTokenSilent({ forceRefresh: input.forceRefresh })
        return { idToken: signedIn.idToken, expiresAt: signedIn.expiresAt }
      },
    ),
    // The account only: its token comes from acquireTokenSilent, the next step, as after any sign-in.
    ssoSilent: fromPromise(async (): Promise<RestoredAccount> => {
      const known = (await msal.cachedAccount()) ?? (await msal.ssoSilent()).account
      return { account: toAccount(known) }
    }),
    loadLogin: fromPromise(async ({ input }: { input: { token: string | null } }) =>
      (await signedInCalls()).loadLogin(input.token),
    ),
    loadUserData: fromPromise(async ({ input }: { input: { token: string | null } }) =>
      (await signedInCalls()).loadUserData(input.token),
    ),
    loadCards: fromPromise(async ({ input }: { input: { token: string | null; id_persona: number } }) =>
      (await signedInCalls()).loadCards(input.token, input.id_persona),
    ),
    logout: fromPromise<void, { token: string | null; account: SessionAccount | null }>(async ({ input }) => {
      if (input.token) await (await signedInCalls()).logout(input.token)
      // Leave after the machine has cleared the session (and the stores, and so local storage).
      if (msal.msalLoaded() || msal.msalNeededAtStart())
        setTimeout(() => void msal.logoutRedirect().catch(() => undefined), 0)
    }),
  },
})

export const sessionActor = createActor(sessionLogic, {
  input: { storedToken: readStored('tokenAdb2c'), storedLogin: storedLogin() },
  inspect: journalInspector,
})

export type SessionSnapshot = SnapshotFrom<typeof sessionLogic>

/** Sessions states during which the token is about to change: API calls wait for them to end. */
const settling = (snapshot: SessionSnapshot) =>
  snapshot.matches('booting') ||
  snapshot.matches({ authenticating: 'restoring' }) ||
  snapshot.matches({ authenticating: 'acquiringToken' }) ||
  snapshot.matches('silentRefresh')

/** Waits (bounded) until `done` holds for the session; answers the session as it is then, either way. */
function sessionWhere(done: (snapshot: SessionSnapshot) => boolean, timeoutMs: number) {
  return waitFor(sessionActor, done, { timeout: timeoutMs }).catch(() => sessionActor.getSnapshot())
}

/** Waits (bounded) until the session knows who the user is. */
export function sessionSettled(timeoutMs = 20_000): Promise<SessionSnapshot> {
  return sessionWhere((snapshot) => !settling(snapshot), timeoutMs)
}

/**
 * Waits (bounded) until the session also holds the server's flags (privacy, complete data): the guards decide
 * on them (spec §4, step 2 and after startup), and the copy kept from the last visit may be missing or stale.
 */
export function sessionFlagsKnown(timeoutMs = 20_000): Promise<SessionSnapshot> {
  return sessionWhere(
    (snapshot) => !settling(snapshot) && !snapshot.matches({ authenticated: 'loadingLogin' }),
    timeoutMs,
  )
}

/**
 * The API's token source, read from the session (the one source of the token): renews a token about to expire
 * first, with the session's own margin, so a form being filled is never lost.
 */
async function currentToken(): Promise<string | null> {
  let snapshot = await sessionSettled()
  if (snapshot.matches('authenticated') && isTokenExpiring(snapshot.context.tokenExpiresAt, Date.now())) {
    sessionActor.send({ type: 'session.tokenExpiring' })
    snapshot = await sessionSettled()
  }
  return snapshot.matches('authenticated') ? snapshot.context.token : null
}

let started = false

/** Starts the session once: projections into the stores, the API's token source, the journal. */
export function startSession() {
  if (started) return
  started = true
  let last: SessionSnapshot['context'] | null = null
  let wasSigningOut = false
  sessionActor.subscribe((snapshot) => {
    // Signing out (spec §3, §4): the signed-in user's notices and last location go; Utente and Tessere are
    // cleared below from the session's own context, and the chosen discipline stays.
    const signingOut = snapshot.matches('signingOut')
    if (signingOut && !wasSigningOut) resetStores({ keepUserData: true })
    wasSigningOut = signingOut
    // A browser that has signed in with the new identity service has its new credentials (guard step 5).
    if (snapshot.matches('authenticated') && !hasChangedCredentials(document.cookie))
      rememberChangedCredentials()
    const context = snapshot.context
    const previous = last
    last = context
    // assign() replaces exactly the fields it sets, so identity tells what changed.
    if (
      context.token !== previous?.token ||
      context.login !== previous?.login ||
      context.details !== previous?.details
    ) {
      utenteStore.trigger.synced({
        state: {
          token: context.token,
          login: context.login,
          details: context.details,
          detailsStatus: context.detailsStatus,
        },
      })
    }
    if (context.tessere !== previous?.tessere) {
      tessereStore.trigger.loaded({
        results: [...context.tessere],
        record: context.tessereRecord,
        status: context.tessereStatus ?? 200,
      })
    }
    if (context.message && context.message !== previous?.message) {
      // Every session message comes with a sign-out, whose redirect reloads the page: the notice waits for it.
      navigazioneStore.trigger.noticeShown({ message: context.message, acrossPageLoad: true })
      sessionActor.send({ type: 'session.dismissMessage' })
    }
  })
  connectSession({
    token: currentToken,
    unauthorized: () => sessionActor.send({ type: 'api.unauthorized' }),
    anonymous: () => sessionActor.getSnapshot().matches('anonymous'),
  })
  // A sign-in to resume (the same trace that brings MSAL at start): its calls' code arrives beside MSAL's.
  if (msal.msalNeededAtStart()) void signedInCalls()
  sessionActor.start()
}

/**
 * Signs in and comes back to `returnTo`; without one, lands on /home (spec §2), which links back to `from`, the
 * page the sign-in started on.
 */
export function signIn(returnTo?: string | null, from?: string | null) {
  sessionActor.send({ type: 'session.signIn', returnTo: returnTo ?? null, from: from ?? null })
}

/** The user followed or closed the link back to the page the sign-in started on. */
export function dismissReturnLink() {
  sessionActor.send({ type: 'session.dismissReturnLink' })
}

/** Registration: the identity service opens on its sign-up page. */
export function signUp(returnTo?: string | null) {
  sessionActor.send({ type: 'session.signIn', returnTo: returnTo ?? null, signUp: true })
}

/** The password-reset policy (forgotten password, or the first password of a member). */
export function resetPassword(returnTo?: string | null) {
  sessionActor.send({ type: 'session.resetPassword', returnTo: returnTo ?? null })
}

export function signOut() {
  sessionActor.send({ type: 'session.signOut' })
}

/** After the profile or the privacy preferences are saved: reload the flags from the server. */
export function refreshProfile() {
  sessionActor.send({ type: 'session.refreshProfile' })
}

/** After a card was added or synchronised on /elenco-tessere: reload the cards (tessera_associata). */
export function refreshCards() {
  sessionActor.send({ type: 'session.refreshCards' })
}

/**
 * A page saved flags of the user (profile completed, privacy, profilation): the session takes them at once,
 * so the guards see them, and projects them into the Utente store. Pages never write the store themselves.
 */
export function reportFlagsChanged(flags: LoginFlags) {
  sessionActor.send({ type: 'user.flagsChanged', flags })
}

/** The cookie of guard step 5: set once the user has signed in (or chosen to) with the new credentials. */
export function rememberChangedCredentials() {
  document.cookie = `${CHANGED_CREDENTIALS_COOKIE}; path=/; max-age=31536000; SameSite=Lax; Secure`
}
