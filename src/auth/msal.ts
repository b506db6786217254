// The session machine's identity effects. Whether MSAL is needed at all is decided here, in the first chunk;
// MSAL and the code that drives it (./msal-client.ts) are downloaded only when it is (a stored token, MSAL's own
// cache, a redirect coming back, or a sign-in), so an anonymous visitor downloads neither.
import type { AccountInfo } from '@azure/msal-browser'
import type * as Client from './msal-client.ts'

export type { SignedIn } from './msal-client.ts'

let client: Promise<typeof Client> | null = null
const msal = () => (client ??= import('./msal-client.ts'))

/** True when the URL carries an identity response (code, error or state in the hash or query). */
export function hasAuthResponse(url: Location | URL = window.location): boolean {
  const params = new URLSearchParams(`${url.search.slice(1)}&${url.hash.slice(1)}`)
  return params.has('state') && (params.has('code') || params.has('error'))
}

/** True when MSAL is needed at start: a response coming back, MSAL's cache, or a stored token. */
export function msalNeededAtStart(): boolean {
  if (hasAuthResponse()) return true
  try {
    if (localStorage.getItem('tokenAdb2c')) return true
    return Object.keys(localStorage).some((key) => key.startsWith('msal.') || key.includes('login.windows'))
  } catch {
    return false
  }
}

/** True once MSAL has been asked for in this page. */
export function msalLoaded(): boolean {
  return client !== null
}

/** Inside MSAL's hidden frame or popup: hand the response to the main window and render nothing else. */
export async function bridgeIfInFrame(): Promise<boolean> {
  const inFrame = window.parent !== window || (window.opener !== null && window.opener !== window)
  if (!inFrame || !hasAuthResponse()) return false
  const { broadcastResponseToMainFrame } = await import('@azure/msal-browser/redirect-bridge')
  await broadcastResponseToMainFrame()
  return true
}

/** Completes a redirect coming back from the identity service; null when there was none. */
export async function handleRedirect(): ReturnType<typeof Client.handleRedirect> {
  return (await msal()).handleRedirect()
}

/**
 * Sends the browser to the sign-up/sign-in policy; `returnTo` comes back as the start page, or else `cameFrom`
 * as the page of origin.
 */
export async function loginRedirect(...args: Parameters<typeof Client.loginRedirect>) {
  return (await msal()).loginRedirect(...args)
}

/** Sends the browser to the password-reset policy (after AADB2C90118). */
export async function resetPasswordRedirect(returnTo: string | null) {
  return (await msal()).resetPasswordRedirect(returnTo)
}

/** A fresh id token without interaction (refresh token, then hidden frame). */
export async function acquireTokenSilent(
  ...args: Parameters<typeof Client.acquireTokenSilent>
): ReturnType<typeof Client.acquireTokenSilent> {
  return (await msal()).acquireTokenSilent(...args)
}

/** Silent single sign-on with the identity service's session (hidden frame, prompt=none). */
export async function ssoSilent(): ReturnType<typeof Client.ssoSilent> {
  return (await msal()).ssoSilent()
}

/** Ends the identity service's session and comes back to '/'. */
export async function logoutRedirect() {
  return (await msal()).logoutRedirect()
}

/** The account MSAL already knows (its cache survives reloads), without any network call. */
export async function cachedAccount(): Promise<AccountInfo | null> {
  return (await msal()).cachedAccount()
}
