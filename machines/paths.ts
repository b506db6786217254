// The few portal paths the machines decide about (spec §2), from the route table (contract/pages.ts), and what
// the machines ask of an address.
import { PATHS } from '../contract/pages.ts'

export { PATHS }

/** Children of the authentication layout (spec §2). */
export const AUTH_PAGES: readonly string[] = [
  PATHS.creazioneCredenziali,
  PATHS.verifyEmail,
  PATHS.resetPassword,
  PATHS.creaPassword,
]

export const LEGAL_PAGES: readonly string[] = [
  PATHS.privacy,
  PATHS.cookies,
  PATHS.dichiarazioneDiAccessibilita,
]

/**
 * Pages the completeness guards never block: where the user fixes the problem, signs in, or reads the legal
 * texts. Without this list an incomplete profile would redirect forever.
 */
export const ALWAYS_REACHABLE: readonly string[] = [
  PATHS.modificaProfilo,
  PATHS.modificaPrivacy,
  ...AUTH_PAGES,
  ...LEGAL_PAGES,
]

/**
 * Whether the completeness and sector guards let this path through: ALWAYS_REACHABLE, and a card's public check
 * (/verifica-tessera/{id}), which a club desk opens from a QR code on a phone that never chose a sector.
 */
export function isAlwaysReachable(path: string): boolean {
  return ALWAYS_REACHABLE.includes(path) || isCardCheck(path)
}

const CARD_CHECK_PREFIX = PATHS.verificaTessera.replace(/:\w+$/, '')

/** Whether the path is a card's public check, /verifica-tessera/{id}. */
export function isCardCheck(path: string): boolean {
  return (
    path.startsWith(CARD_CHECK_PREFIX) &&
    path.length > CARD_CHECK_PREFIX.length &&
    !path.slice(CARD_CHECK_PREFIX.length).includes('/')
  )
}

/** The path part of an address: no query, no hash, no trailing slash (except the root). */
export function pathOf(address: string): string {
  // `split` always gives a first part; trailing slashes go, and what is left of the root (or of nothing) is '/'.
  return address.split(/[?#]/, 1)[0]!.replace(/\/+$/, '') || '/'
}

/**
 * Whether an address is a page someone can be sent to: not the root (a redirect) nor the discipline choice (a
 * detour). A shared link to one of these carries only a discipline; one to any other path carries a page.
 */
export function isDestination(address: string): boolean {
  const path = pathOf(address)
  return path !== PATHS.root && path !== PATHS.sceltaDisciplina
}

/**
 * A return path that is safe to navigate to: local (one leading slash, not `//host` nor `/\host`), otherwise
 * null. It comes back from the identity service in the URL, so it is not trusted.
 */
export function safeLocalPath(value: unknown): string | null {
  if (typeof value !== 'string') return null
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  return value
}
