// MSAL 5 and what drives it: the session machine's effects. Only ./msal.ts imports this module, on first use,
// so MSAL comes in the same download as this code, not after it.
import {
  PublicClientApplication,
  type AccountInfo,
  type AuthenticationResult,
  type IdTokenClaims,
} from '@azure/msal-browser'
import { SIGN_IN_WAITS } from '../../contract/constants.ts'
import { TOKEN_RENEWAL_MARGIN_MS } from '../../machines/session.ts'
import { portalConfig } from '../app/config.ts'

export const SCOPES = ['openid', 'profile', 'offline_access']

/** A sign-in's outcome; `expiresAt` is the id token's `exp` (seconds since the epoch), null when it has none. */
export type SignedIn = {
  idToken: string
  expiresAt: number | null
  account: AccountInfo
  returnTo: string | null
  /** The page a sign-in without a return path started on. */
  cameFrom: string | null
}

/**
 * What a sign-in carries through the identity service in MSAL's `state`: the return path as a bare path (the
 * format of sign-ins started before the page of origin was carried too, so those still come back), or the page of
 * origin as JSON. Both are untrusted when they come back: the session machine checks them.
 */
export function signInState(returnTo: string | null, cameFrom: string | null = null): string {
  if (returnTo) return returnTo
  return cameFrom ? JSON.stringify({ cameFrom }) : ''
}

/** The return path and the page of origin read back from MSAL's `state`. */
export function readSignInState(state: string | undefined): {
  returnTo: string | null
  cameFrom: string | null
} {
  if (!state) return { returnTo: null, cameFrom: null }
  if (!state.startsWith('{')) return { returnTo: state, cameFrom: null }
  try {
    const { cameFrom } = JSON.parse(state) as { cameFrom?: unknown }
    return { returnTo: null, cameFrom: typeof cameFrom === 'string' ? cameFrom : null }
  } catch {
    return { returnTo: null, cameFrom: null }
  }
}

let instance: Promise<PublicClientApplication> | null = null

const redirectUri = () => `${window.location.origin}/`

export function loadMsal(): Promise<PublicClientApplication> {
  instance ??= (async () => {
    const config = portalConfig()
    const app = new PublicClientApplication({
      auth: {
        clientId: config.clientId,
        authority: config.authoritySignIn,
        knownAuthorities: config.knownAuthorities,
        redirectUri: redirectUri(),
        postLogoutRedirectUri: redirectUri(),
      },
      cache: { cacheLocation: 'localStorage' },
      system: {
        popupBridgeTimeout: SIGN_IN_WAITS.popup,
        iframeBridgeTimeout: SIGN_IN_WAITS.iframe,
        redirectNavigationTimeout: SIGN_IN_WAITS.redirectNavigation,
        nativeBrokerHandshakeTimeout: SIGN_IN_WAITS.nativeBroker,
        // The portal's one renewal margin, below the 1 h token lifetime (identity note, trap 3).
        tokenRenewalOffsetSeconds: TOKEN_RENEWAL_MARGIN_MS / 1000,
      },
    })
    await app.initialize()
    return app
  })()
  return instance
}

function toSignedIn(result: AuthenticationResult): SignedIn {
  return {
    idToken: result.idToken,
    // The claims MSAL decoded and validated from the id token: no second decoding here.
    expiresAt: (result.idTokenClaims as IdTokenClaims).exp ?? null,
    account: result.account,
    ...readSignInState(result.state),
  }
}

/** Completes a redirect coming back from the identity service; null when there was none. */
export async function handleRedirect(): Promise<SignedIn | null> {
  const app = await loadMsal()
  const result = await app.handleRedirectPromise()
  if (!result) return null
  app.setActiveAccount(result.account)
  return toSignedIn(result)
}

/**
 * Sends the browser to the sign-up/sign-in policy; `returnTo` comes back as the start page, or else `cameFrom`
 * as the page of origin.
 */
export async function loginRedirect(
  returnTo: string | null,
  options: { signUp?: boolean; cameFrom?: string | null } = {},
) {
  const app = await loadMsal()
  await app.loginRedirect({
    scopes: SCOPES,
    authority: portalConfig().authoritySignIn,
    state: signInState(returnTo, options.cameFrom ?? null),
    ...(options.signUp ? { prompt: 'create' } : {}),
  })
}

/** Sends the browser to the password-reset policy (after AADB2C90118). */
export async function resetPasswordRedirect(returnTo: string | null) {
  const app = await loadMsal()
  await app.loginRedirect({
    scopes: SCOPES,
    authority: portalConfig().authorityReset,
    state: signInState(returnTo),
  })
}

function currentAccount(app: PublicClientApplication): AccountInfo | null {
  return app.getActiveAccount() ?? app.getAllAccounts()[0] ?? null
}

/** A fresh id token without interaction (refresh token, then hidden frame). */
export async function acquireTokenSilent(options: { forceRefresh?: boolean } = {}): Promise<SignedIn> {
  const app = await loadMsal()
  const account = currentAccount(app)
  if (!account) throw new Error('Nessun account attivo')
  const result = await app.acquireTokenSilent({
    scopes: SCOPES,
    account,
    forceRefresh: options.forceRefresh ?? false,
  })
  app.setActiveAccount(result.account)
  return toSignedIn(result)
}

/** Silent single sign-on with the identity service's session (hidden frame, prompt=none). */
export async function ssoSilent(): Promise<SignedIn> {
  const app = await loadMsal()
  const account = currentAccount(app)
  const result = await app.ssoSilent({
    scopes: SCOPES,
    ...(account?.username ? { loginHint: account.username } : {}),
  })
  app.setActiveAccount(result.account)
  return toSignedIn(result)
}

/** Ends the identity service's session and comes back to '/'. */
export async function logoutRedirect() {
  const app = await loadMsal()
  await app.logoutRedirect({ account: currentAccount(app), postLogoutRedirectUri: redirectUri() })
}

/** The account MSAL already knows (its cache survives reloads), without any network call. */
export async function cachedAccount(): Promise<AccountInfo | null> {
  const app = await loadMsal()
  const account = currentAccount(app)
  if (account) app.setActiveAccount(account)
  return account
}
