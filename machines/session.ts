/**
 * The session: sign-in through the identity service (two B2C policies), the silent token, the login flags, the
 * user data and the cards, the silent renewal and the sign-out (spec §4 "Session", §8, DESIGN §3).
 *
 * Events it accepts
 * - `session.signIn` { returnTo?, signUp?, from? }  anonymous: start the sign-in redirect; returnTo is where to
 *                                    land afterwards; signUp opens the identity service on its registration page;
 *                                    from is the page a plain sign-in (no returnTo: the header's «Accedi») starts
 *                                    on, which /home offers as a link back (spec §2 lands a sign-in on /home)
 * - `session.resetPassword` { returnTo? }  anonymous: start the password-reset policy (/reset-password, and the
 *                                    first password of a member whose e-mail is on file, /crea-password)
 * - `session.signOut`                authenticated: sign out (API logout, then the identity service's logout)
 * - `session.tokenExpiring`          authenticated: the token nears expiry or an API call needs a fresh one
 * - `session.refreshProfile`         authenticated.ready: reload login flags, user data and cards (after an edit)
 * - `session.refreshCards`           authenticated.ready: reload the cards (after adding or syncing one)
 * - `session.dismissMessage`         anywhere: the view has shown `message`
 * - `session.dismissReturnLink`      authenticated, with `cameFrom`: the user followed or closed the link back
 * - `router.redirected`              anywhere: the router has navigated to `redirectTo`
 * - `api.unauthorized` { status?, message? }  authenticated: a 401 or 'Utente non autorizzato' from the API
 * - `user.flagsChanged` { flags }    authenticated: a page saved the profile, the privacy or the profilation
 *                                    consent; the flags change at once (the guards read them), before the
 *                                    session reloads them from the server. The session is the one writer of them.
 *
 * Context the views (and the store projection) read
 * - `token`, `tokenExpiresAt`  the id token sent as Bearer (persisted as `tokenAdb2c` by the store subscriber)
 * - `account`                  the identity service's account of the signed-in user
 * - `login`                    login-get flags: profilation, privacy, dati_incompleti, tessera_associata, user_id
 * - `details`, `detailsStatus` user data (with id_persona) and the status of a non-200 answer (stored only)
 * - `tessere`, `tessereRecord`, `tessereStatus`  the cards and the status of a non-200 answer (stored only)
 * - `redirectTo`               where the router should go now ('/home' or the kept return path after sign-in,
 *                              '/' after sign-out); cleared by `router.redirected`
 * - `message`                  an Italian message to show (e.g. 'Sessione Scaduta…'); cleared by dismissMessage
 * - `cameFrom`                 the page a plain sign-in started on (kept through the identity service), offered
 *                              on /home as a link back once signed in; cleared by dismissReturnLink and sign-out
 * - `error`                    the technical text of the last failure, for the journal (never shown)
 * Tags: `busy` while something is loading or redirecting.
 */
import { assign, fromCallback, setup } from 'xstate'
import { MESSAGES } from '../contract/common.ts'
import type { Tessera, UserDetails } from '../contract/giocatori.ts'
import type { LoginData } from '../contract/login.ts'
import { failureStatus, failureText, providedByTheApplication } from './actor-contracts.ts'
import { PATHS, isDestination, pathOf, safeLocalPath } from './paths.ts'
import type { MachineLabels } from './labels.ts'

/** The identity service's account (the subset of MSAL's AccountInfo the portal uses). */
export interface SessionAccount {
  homeAccountId: string
  username: string
  name?: string | undefined
}

/** What `handleRedirect` resolves with when the page comes back from the identity service. */
export interface RedirectResult {
  idToken: string
  account: SessionAccount
  /** The path kept when the sign-in started (MSAL `state`); untrusted, checked before use. */
  returnTo?: string | null | undefined
  /** The page a plain sign-in started on (MSAL `state` too); untrusted, checked before use. */
  cameFrom?: string | null | undefined
}

/** What `ssoSilent` resolves with: the account of a session kept across reloads (its token comes next). */
export interface RestoredAccount {
  account: SessionAccount
}

/** A silently acquired token; `expiresAt` in seconds since the epoch, as the token's `exp`. */
export interface TokenResult {
  idToken: string
  expiresAt: number | null
}

/** The answer of the user-data call: any status but 401 resolves; a non-200 status is only stored. */
export interface UserDataResult {
  status: number
  details: UserDetails | null
  message?: string | undefined
}

/** The answer of the card-list call, same rules as the user data. */
export interface CardsResult {
  status: number
  results: readonly Tessera[]
  record: number
  message?: string | undefined
}

export interface SessionInput {
  /** `tokenAdb2c` found in local storage at start-up, if any. */
  storedToken?: string | null | undefined
  /**
   * The login flags kept in local storage (spec §3), if any: they stand until login-get answers, so a page
   * opened directly (or reloaded) and the guards see the user's flags, not none.
   */
  storedLogin?: LoginData | null | undefined
}

/** The login flags a page may change after saving (profile, privacy, settings). */
export type LoginFlags = Partial<Pick<LoginData, 'dati_incompleti' | 'privacy' | 'profilation'>>

export interface SessionContext {
  token: string | null
  tokenExpiresAt: number | null
  account: SessionAccount | null
  login: LoginData | null
  details: UserDetails | null
  detailsStatus: number | null
  tessere: readonly Tessera[]
  tessereRecord: number
  tessereStatus: number | null
  returnTo: string | null
  /** The sign-in opens on the identity service's registration page (prompt=create). */
  signUp: boolean
  /** The page a plain sign-in started on: /home links back to it (spec §2 lands every sign-in on /home). */
  cameFrom: string | null
  redirectTo: string | null
  message: string | null
  error: string | null
}

export type SessionEvent =
  | {
      type: 'session.signIn'
      returnTo?: string | null | undefined
      signUp?: boolean | undefined
      from?: string | null | undefined
    }
  | { type: 'session.resetPassword'; returnTo?: string | null | undefined }
  | { type: 'session.signOut' }
  | { type: 'session.tokenExpiring' }
  | { type: 'session.refreshProfile' }
  | { type: 'session.refreshCards' }
  | { type: 'session.dismissMessage' }
  | { type: 'session.dismissReturnLink' }
  | { type: 'router.redirected' }
  | { type: 'api.unauthorized'; status?: number | undefined; message?: string | undefined }
  | { type: 'user.flagsChanged'; flags: LoginFlags }

/** The identity service's "forgot your password?" answer (spec §4, §8). */
export const FORGOT_PASSWORD_CODE = 'AADB2C90118'
/**
 * How long before expiry the token is renewed: the one margin of the portal (this machine's timer, the API's
 * token source and MSAL's own cache all use it). Well below the identity service's 1 h token lifetime.
 */
export const TOKEN_RENEWAL_MARGIN_MS = 5 * 60_000

/** True when a token expiring at `expiresAt` (seconds since the epoch) is within the renewal margin at `nowMs`. */
export function isTokenExpiring(expiresAt: number | null, nowMs: number): boolean {
  return expiresAt !== null && expiresAt * 1000 - nowMs < TOKEN_RENEWAL_MARGIN_MS
}
const MAX_TIMER_MS = 2_147_483_647

const signedOut = {
  token: null,
  tokenExpiresAt: null,
  account: null,
  login: null,
  details: null,
  detailsStatus: null,
  tessere: [],
  tessereRecord: 0,
  tessereStatus: null,
  returnTo: null,
  signUp: false,
  cameFrom: null,
} satisfies Partial<SessionContext>

/** A rejected actor's error, wrapped so guards and actions receive it as typed params. */
type Failure = { error: unknown }

const statusOrNull = (status: number) => (status === 200 ? null : status)
/** Details count only from a 200 answer. */
const detailsOf = (result: UserDataResult) => (result.status === 200 ? result.details : null)

/**
 * The page a sign-in without a return path started on, when a link back to it makes sense: a local page that
 * is not /home (where the sign-in lands), nor the root or the discipline choice (redirects and detours).
 */
function linkBackTo(from: unknown): string | null {
  const path = safeLocalPath(from)
  return path !== null && isDestination(path) && pathOf(path) !== PATHS.home ? path : null
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
    tags: {} as 'busy',
  },
  actors: {
    /** MSAL handleRedirectPromise: sets the active account and resolves with the result, or null. */
    handleRedirect: providedByTheApplication<RedirectResult | null, void>('session', 'handleRedirect'),
    /** MSAL loginRedirect with the sign-up/sign-in policy; the page leaves, so it normally never settles. */
    loginRedirect: providedByTheApplication<
      void,
      { returnTo: string | null; signUp: boolean; cameFrom: string | null }
    >('session', 'loginRedirect'),
    /** MSAL loginRedirect with the password-reset policy. */
    resetPasswordRedirect: providedByTheApplication<void, { returnTo: string | null }>(
      'session',
      'resetPasswordRedirect',
    ),
    /** MSAL acquireTokenSilent for the account (forceRefresh when renewing). */
    acquireTokenSilent: providedByTheApplication<
      TokenResult,
      { account: SessionAccount | null; forceRefresh: boolean }
    >('session', 'acquireTokenSilent'),
    /** MSAL ssoSilent with the stored token's user as hint: the account of a session kept across reloads. */
    ssoSilent: providedByTheApplication<RestoredAccount, { token: string | null }>('session', 'ssoSilent'),
    /** POST login (login-get): the flags of spec §7. Rejects on any failure, with `status` when HTTP. */
    loadLogin: providedByTheApplication<LoginData, { token: string | null }>('session', 'loadLogin'),
    /** POST giocatori/dati_utente. */
    loadUserData: providedByTheApplication<UserDataResult, { token: string | null }>(
      'session',
      'loadUserData',
    ),
    /** POST scheda_personale/elenco_tessere/list for the id_persona. */
    loadCards: providedByTheApplication<CardsResult, { token: string | null; id_persona: number }>(
      'session',
      'loadCards',
    ),
    /** POST logout, then MSAL logoutRedirect. */
    logout: providedByTheApplication<void, { token: string | null; account: SessionAccount | null }>(
      'session',
      'logout',
    ),
    /** Sends `session.tokenExpiring` a margin before the token's expiry. */
    watchTokenExpiry: fromCallback<SessionEvent, { expiresAt: number | null }>(({ input, sendBack }) => {
      if (input.expiresAt === null) return undefined
      const delay = input.expiresAt * 1000 - TOKEN_RENEWAL_MARGIN_MS - Date.now()
      const timer = setTimeout(
        () => sendBack({ type: 'session.tokenExpiring' }),
        Math.min(Math.max(delay, 0), MAX_TIMER_MS),
      )
      return () => clearTimeout(timer)
    }),
  },
  guards: {
    hasRedirectResult: (_, result: RedirectResult | null) => result !== null,
    hasStoredToken: ({ context }) => context.token !== null,
    isForgotPasswordError: (_, { error }: Failure) => failureText(error).includes(FORGOT_PASSWORD_CODE),
    isUnauthorizedError: (_, { error }: Failure) =>
      failureStatus(error) === 401 || failureText(error).includes(MESSAGES.unauthorized),
    isUnauthorizedResponse: (_, result: { status: number; message?: string | undefined }) =>
      result.status === 401 || result.message === MESSAGES.unauthorized,
    hasPersonId: (_, details: UserDetails | null) => details !== null && details.id_persona !== null,
    hasPendingRedirect: ({ context }) => context.redirectTo !== null,
    hasMessage: ({ context }) => context.message !== null,
    hasReturnLink: ({ context }) => context.cameFrom !== null,
  },
  actions: {
    // A new sign-in: the notice of the previous session has served its purpose.
    startSignIn: assign(
      (
        _,
        params: {
          returnTo?: string | null | undefined
          signUp?: boolean | undefined
          from?: string | null | undefined
        },
      ) => {
        const returnTo = safeLocalPath(params.returnTo)
        return {
          returnTo,
          // With a return path the user comes back to it: no link back is needed.
          cameFrom: returnTo === null ? linkBackTo(params.from) : null,
          signUp: params.signUp === true,
          message: null,
        }
      },
    ),
    storeRedirectResult: assign((_, result: RedirectResult) => {
      const returnTo = safeLocalPath(result.returnTo)
      return {
        account: result.account,
        returnTo: returnTo ?? PATHS.home,
        cameFrom: returnTo === null ? linkBackTo(result.cameFrom) : null,
        message: null,
      }
    }),
    storeAccount: assign((_, result: RestoredAccount) => ({ account: result.account })),
    storeToken: assign((_, result: TokenResult) => ({
      token: result.idToken,
      tokenExpiresAt: result.expiresAt,
    })),
    storeLogin: assign(({ context }, login: LoginData) => ({
      login,
      // Sign-in is complete once the flags are known, so the guards see them on the way to /home.
      redirectTo: context.returnTo ?? context.redirectTo,
      returnTo: null,
    })),
    storeDetails: assign((_, result: UserDataResult) => ({
      details: detailsOf(result),
      detailsStatus: statusOrNull(result.status),
    })),
    storeDetailsFailure: assign((_, { error }: Failure) => ({
      details: null,
      detailsStatus: failureStatus(error) ?? 0,
      error: failureText(error),
    })),
    storeCards: assign((_, result: CardsResult) =>
      result.status === 200
        ? { tessere: result.results, tessereRecord: result.record, tessereStatus: null }
        : { tessere: [], tessereRecord: 0, tessereStatus: result.status },
    ),
    storeCardsFailure: assign((_, { error }: Failure) => ({
      tessere: [],
      tessereRecord: 0,
      tessereStatus: failureStatus(error) ?? 0,
      error: failureText(error),
    })),
    expireSession: assign({ message: MESSAGES.sessionExpired }),
    failWithGenericMessage: assign((_, { error }: Failure) => ({
      message: MESSAGES.generic,
      error: failureText(error),
    })),
    failWithSessionExpired: assign((_, { error }: Failure) => ({
      message: MESSAGES.sessionExpired,
      error: failureText(error),
    })),
    clearMessage: assign({ message: null }),
    clearReturnLink: assign({ cameFrom: null }),
    // Nobody is signed in: stored flags of an earlier session do not count.
    forgetStoredLogin: assign({ login: null }),
    changeFlags: assign(({ context }, flags: LoginFlags) => ({
      login: context.login ? { ...context.login, ...flags } : context.login,
    })),
    endSession: assign({ ...signedOut, redirectTo: PATHS.root }),
    clearRedirect: assign({ redirectTo: null }),
  },
}).createMachine({
  id: 'session',
  initial: 'booting',
  context: ({ input }) => ({
    ...signedOut,
    token: input?.storedToken ?? null,
    login: input?.storedLogin ?? null,
    redirectTo: null,
    message: null,
    error: null,
  }),
  on: {
    'router.redirected': { guard: 'hasPendingRedirect', actions: 'clearRedirect' },
    'session.dismissMessage': { guard: 'hasMessage', actions: 'clearMessage' },
  },
  states: {
    booting: {
      meta: {
        title: 'Avvio della sessione',
        description: 'Il portale legge il ritorno dal servizio d’identità e il token salvato.',
      },
      tags: 'busy',
      invoke: {
        id: 'handleRedirect',
        src: 'handleRedirect',
        onDone: [
          {
            guard: { type: 'hasRedirectResult', params: ({ event }) => event.output },
            target: 'authenticating.acquiringToken',
            actions: { type: 'storeRedirectResult', params: ({ event }) => event.output! },
            meta: { spec: '§4 sessione accesso riuscito' },
          },
          { guard: 'hasStoredToken', target: 'authenticating.restoring' },
          { target: 'anonymous', actions: 'forgetStoredLogin' },
        ],
        onError: [
          {
            guard: { type: 'isForgotPasswordError', params: ({ event }) => ({ error: event.error }) },
            target: 'resetPassword',
            meta: { spec: ['§4 sessione accesso fallito', '§8 AADB2C90118'] },
          },
          {
            target: 'signingOut',
            actions: { type: 'failWithGenericMessage', params: ({ event }) => ({ error: event.error }) },
            meta: { spec: ['§4 sessione accesso fallito', '§8 altro errore'] },
          },
        ],
      },
    },
    anonymous: {
      meta: {
        title: 'Visitatore non autenticato',
        description: 'Si naviga senza accesso: le pagine riservate chiedono di accedere.',
      },
      on: {
        'session.signIn': {
          target: 'authenticating.redirecting',
          actions: {
            type: 'startSignIn',
            params: ({ event }) => ({ returnTo: event.returnTo, signUp: event.signUp, from: event.from }),
          },
        },
        'session.resetPassword': {
          target: 'resetPassword',
          actions: { type: 'startSignIn', params: ({ event }) => ({ returnTo: event.returnTo }) },
        },
      },
    },
    authenticating: {
      meta: {
        title: 'Accesso in corso',
        description: 'Il portale ottiene l’accesso dal servizio d’identità.',
      },
      tags: 'busy',
      initial: 'redirecting',
      states: {
        redirecting: {
          meta: {
            title: 'Reindirizzamento al servizio di accesso',
            description: 'Il browser va alla pagina d’accesso del servizio d’identità.',
          },
          invoke: {
            id: 'loginRedirect',
            src: 'loginRedirect',
            input: ({ context }) => ({
              returnTo: context.returnTo,
              signUp: context.signUp,
              cameFrom: context.cameFrom,
            }),
            onError: {
              target: '#session.signingOut',
              actions: { type: 'failWithGenericMessage', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        restoring: {
          meta: {
            title: 'Ripristino della sessione salvata',
            description: 'Con il token conservato il portale riprende l’accesso senza chiedere nulla.',
            spec: '§4 sessione token',
          },
          invoke: {
            id: 'ssoSilent',
            src: 'ssoSilent',
            input: ({ context }) => ({ token: context.token }),
            onDone: {
              target: 'acquiringToken',
              actions: { type: 'storeAccount', params: ({ event }) => event.output },
            },
            onError: {
              target: '#session.signingOut',
              actions: { type: 'failWithSessionExpired', params: ({ event }) => ({ error: event.error }) },
              meta: { spec: '§4 sessione token fallito' },
            },
          },
        },
        acquiringToken: {
          meta: {
            title: 'Richiesta silenziosa del token',
            description: 'Il token si chiede al servizio d’identità senza mostrare nulla.',
          },
          invoke: {
            id: 'acquireToken',
            src: 'acquireTokenSilent',
            input: ({ context }) => ({ account: context.account, forceRefresh: false }),
            onDone: {
              target: '#session.authenticated',
              actions: { type: 'storeToken', params: ({ event }) => event.output },
              meta: { spec: '§4 sessione accesso riuscito' },
            },
            onError: {
              target: '#session.signingOut',
              actions: { type: 'failWithGenericMessage', params: ({ event }) => ({ error: event.error }) },
              meta: { spec: '§4 sessione token fallito' },
            },
          },
        },
      },
    },
    authenticated: {
      meta: {
        title: 'Utente autenticato',
        description: 'L’utente ha fatto l’accesso: nell’intestazione c’è «Esci».',
      },
      initial: 'loadingLogin',
      invoke: {
        id: 'tokenExpiry',
        src: 'watchTokenExpiry',
        input: ({ context }) => ({ expiresAt: context.tokenExpiresAt }),
      },
      on: {
        'session.tokenExpiring': { target: 'silentRefresh' },
        'api.unauthorized': {
          target: 'signingOut',
          actions: 'expireSession',
          meta: { spec: ['§4 sessione 401', '§8 401', '§8 utente non autorizzato'] },
        },
        'session.signOut': { target: 'signingOut', actions: 'clearMessage' },
        'user.flagsChanged': { actions: { type: 'changeFlags', params: ({ event }) => event.flags } },
        'session.dismissReturnLink': { guard: 'hasReturnLink', actions: 'clearReturnLink' },
      },
      states: {
        loadingLogin: {
          meta: {
            title: 'Caricamento dei dati di accesso',
            description: 'Il server dà privacy, profilazione, dati incompleti e tessera associata.',
          },
          tags: 'busy',
          invoke: {
            id: 'loadLogin',
            src: 'loadLogin',
            input: ({ context }) => ({ token: context.token }),
            onDone: {
              target: 'loadingUser',
              actions: { type: 'storeLogin', params: ({ event }) => event.output },
              meta: { spec: '§4 sessione accesso riuscito' },
            },
            onError: [
              {
                guard: { type: 'isUnauthorizedError', params: ({ event }) => ({ error: event.error }) },
                target: '#session.signingOut',
                actions: 'expireSession',
                meta: { spec: ['§4 sessione 401', '§8 401', '§8 utente non autorizzato'] },
              },
              {
                target: '#session.signingOut',
                actions: { type: 'failWithGenericMessage', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        loadingUser: {
          meta: {
            title: 'Caricamento dei dati utente',
            description: 'Il server dà nome e dati della persona.',
          },
          tags: 'busy',
          invoke: {
            id: 'loadUserData',
            src: 'loadUserData',
            input: ({ context }) => ({ token: context.token }),
            onDone: [
              {
                guard: { type: 'isUnauthorizedResponse', params: ({ event }) => event.output },
                target: '#session.signingOut',
                actions: 'expireSession',
                meta: { spec: ['§4 sessione 401', '§8 401', '§8 utente non autorizzato'] },
              },
              {
                guard: { type: 'hasPersonId', params: ({ event }) => detailsOf(event.output) },
                target: 'loadingCards',
                actions: { type: 'storeDetails', params: ({ event }) => event.output },
                meta: { spec: '§4 sessione accesso riuscito' },
              },
              {
                target: 'ready',
                actions: { type: 'storeDetails', params: ({ event }) => event.output },
                meta: { spec: '§8 dati utente non 200' },
              },
            ],
            onError: [
              {
                guard: { type: 'isUnauthorizedError', params: ({ event }) => ({ error: event.error }) },
                target: '#session.signingOut',
                actions: 'expireSession',
                meta: { spec: ['§4 sessione 401', '§8 401', '§8 utente non autorizzato'] },
              },
              {
                target: 'ready',
                actions: { type: 'storeDetailsFailure', params: ({ event }) => ({ error: event.error }) },
                meta: { spec: '§8 dati utente non 200' },
              },
            ],
          },
        },
        loadingCards: {
          meta: { title: 'Caricamento delle tessere', description: 'Il server dà le tessere dell’utente.' },
          tags: 'busy',
          invoke: {
            id: 'loadCards',
            src: 'loadCards',
            input: ({ context }) => ({ token: context.token, id_persona: context.details?.id_persona ?? 0 }),
            onDone: [
              {
                guard: { type: 'isUnauthorizedResponse', params: ({ event }) => event.output },
                target: '#session.signingOut',
                actions: 'expireSession',
                meta: { spec: ['§4 sessione 401', '§8 401', '§8 utente non autorizzato'] },
              },
              {
                target: 'ready',
                actions: { type: 'storeCards', params: ({ event }) => event.output },
                meta: { spec: ['§4 sessione accesso riuscito', '§8 dati utente non 200'] },
              },
            ],
            onError: [
              {
                guard: { type: 'isUnauthorizedError', params: ({ event }) => ({ error: event.error }) },
                target: '#session.signingOut',
                actions: 'expireSession',
                meta: { spec: ['§4 sessione 401', '§8 401', '§8 utente non autorizzato'] },
              },
              {
                target: 'ready',
                actions: { type: 'storeCardsFailure', params: ({ event }) => ({ error: event.error }) },
                meta: { spec: '§8 dati utente non 200' },
              },
            ],
          },
        },
        ready: {
          meta: {
            title: 'Sessione pronta',
            description: 'Dati utente e tessere sono mostrati; le pagine riservate si aprono.',
          },
          on: {
            'session.refreshProfile': { target: 'loadingLogin' },
            'session.refreshCards': {
              guard: { type: 'hasPersonId', params: ({ context }) => context.details },
              target: 'loadingCards',
            },
          },
        },
        resume: {
          type: 'history',
          meta: {
            title: 'Ripresa dal passo interrotto',
            description: 'Con il token rinnovato riprende il caricamento lasciato a metà.',
          },
        },
      },
    },
    silentRefresh: {
      meta: {
        title: 'Rinnovo silenzioso del token',
        description: 'Il token sta per scadere: se ne chiede uno nuovo senza interrompere l’utente.',
      },
      tags: 'busy',
      invoke: {
        id: 'refreshToken',
        src: 'acquireTokenSilent',
        input: ({ context }) => ({ account: context.account, forceRefresh: true }),
        onDone: {
          // Back to the step that was running: its call starts again with the fresh token.
          target: 'authenticated.resume',
          actions: { type: 'storeToken', params: ({ event }) => event.output },
        },
        onError: {
          target: 'signingOut',
          actions: { type: 'failWithSessionExpired', params: ({ event }) => ({ error: event.error }) },
          meta: { spec: '§4 sessione token fallito' },
        },
      },
    },
    resetPassword: {
      meta: {
        title: 'Reimpostazione della password',
        description: 'Il browser va alla pagina del servizio d’identità che reimposta la password.',
      },
      tags: 'busy',
      invoke: {
        id: 'resetPasswordRedirect',
        src: 'resetPasswordRedirect',
        input: ({ context }) => ({ returnTo: context.returnTo }),
        onError: {
          target: 'signingOut',
          actions: { type: 'failWithGenericMessage', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    signingOut: {
      meta: {
        title: 'Disconnessione in corso',
        description: 'Token e dati dell’utente si cancellano; il servizio d’identità chiude la sessione.',
      },
      tags: 'busy',
      invoke: {
        id: 'logout',
        src: 'logout',
        input: ({ context }) => ({ token: context.token, account: context.account }),
        // Signed out locally whatever the server or the identity service answers.
        onDone: { target: 'anonymous', actions: 'endSession', meta: { spec: '§4 sessione token fallito' } },
        onError: { target: 'anonymous', actions: 'endSession', meta: { spec: '§4 sessione token fallito' } },
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const sessionLabels: MachineLabels = {
  events: {
    'session.signIn': 'Accedi',
    'session.resetPassword': 'Password dimenticata',
    'session.signOut': 'Esci',
    'session.tokenExpiring': 'il token sta per scadere',
    'session.refreshProfile': 'profilo da ricaricare',
    'session.refreshCards': 'tessere da ricaricare',
    'session.dismissMessage': 'messaggio mostrato',
    'session.dismissReturnLink': 'collegamento alla pagina di partenza seguito o chiuso',
    'router.redirected': 'pagina raggiunta',
    'api.unauthorized': 'il server risponde «non autorizzato»',
    'user.flagsChanged': 'profilo, privacy o profilazione salvati',
    'xstate.done.actor.handleRedirect': "ritorno dal servizio d'identità letto",
    'xstate.error.actor.handleRedirect': "ritorno dal servizio d'identità non riuscito",
    'xstate.error.actor.loginRedirect': "servizio d'identità non raggiungibile",
    'xstate.done.actor.ssoSilent': 'accesso silenzioso riuscito',
    'xstate.error.actor.ssoSilent': 'accesso silenzioso non riuscito',
    'xstate.done.actor.acquireToken': 'token ottenuto',
    'xstate.error.actor.acquireToken': 'token non ottenuto',
    'xstate.done.actor.loadLogin': 'dati di accesso caricati',
    'xstate.error.actor.loadLogin': 'dati di accesso non caricati',
    'xstate.done.actor.loadUserData': 'dati utente caricati',
    'xstate.error.actor.loadUserData': 'dati utente non caricati',
    'xstate.done.actor.loadCards': 'tessere caricate',
    'xstate.error.actor.loadCards': 'tessere non caricate',
    'xstate.done.actor.refreshToken': 'token rinnovato',
    'xstate.error.actor.refreshToken': 'token non rinnovato',
    'xstate.error.actor.resetPasswordRedirect': 'reimpostazione della password non avviata',
    'xstate.done.actor.logout': 'disconnessione completata',
    'xstate.error.actor.logout': 'disconnessione non riuscita',
  },
  guards: {
    hasPendingRedirect: "c'è una pagina verso cui andare",
    hasMessage: "c'è un messaggio da mostrare",
    hasReturnLink: "c'è una pagina di partenza da offrire",
    hasRedirectResult: "il servizio d'identità ha restituito un accesso",
    hasStoredToken: "c'è un token conservato",
    isForgotPasswordError: "l'utente ha scelto «Password dimenticata»",
    isUnauthorizedError: 'il server risponde «non autorizzato»',
    isUnauthorizedResponse: 'il server risponde «non autorizzato»',
    hasPersonId: 'ha un codice persona',
  },
  // A 401, as an event or as the answer of a load: drawn with the other failures that end the session.
  failures: ['api.unauthorized', 'isUnauthorizedError', 'isUnauthorizedResponse'],
  services: {
    handleRedirect: 'il servizio d’identità',
    loginRedirect: 'il servizio d’identità',
    ssoSilent: 'il servizio d’identità',
    acquireToken: 'il servizio d’identità',
    refreshToken: 'il servizio d’identità',
    resetPasswordRedirect: 'il servizio d’identità',
    logout: 'il servizio d’identità',
  },
  shows: (context: SessionContext) => [
    ...(context.message ? [`compare il messaggio «${context.message}»`] : []),
    ...(context.redirectTo ? [`il portale va alla pagina ${context.redirectTo}`] : []),
  ],
}
