// The share widget's URLs (spec §2): the current path plus the stored discipline and sector, and the links of
// each service. Pure functions, so they are tested without a browser.

export type ShareContext = {
  /** window.location.origin, e.g. https://portale.example */
  origin: string
  /** The current path, e.g. /tornei/calendario-tornei */
  pathname: string
  /** The current query, e.g. ?circuito=3&stato=iscrizioni_aperte: the page's filters travel with it (issue 19). */
  search?: string
  disciplina: string | null
  id_settore: number | null
}

/**
 * What an identity service writes into the address it sends the browser back to (OAuth 2.0 and OpenID Connect
 * responses, MSAL's client_info): never shared, whatever page it lands on.
 */
const SIGN_IN_PARAMS = new Set([
  'code',
  'state',
  'session_state',
  'client_info',
  'id_token',
  'access_token',
  'error',
  'error_description',
  'error_uri',
  'iss',
])

/**
 * The address to share: absolute, the current path with the page's own query (its filters, its page), and
 * `?disciplina=…&settore=…` when a choice is stored, so whoever opens it sees the same discipline, sector and
 * filters. Left out: a sign-in response's parameters and the fragment (where MSAL may put one).
 */
export function shareUrl({ origin, pathname, search = '', disciplina, id_settore }: ShareContext): string {
  const url = new URL(pathname || '/', origin)
  for (const [key, value] of new URLSearchParams(search))
    if (!SIGN_IN_PARAMS.has(key) && key !== CHOICE_PARAMS.disciplina && key !== CHOICE_PARAMS.settore)
      url.searchParams.append(key, value)
  if (disciplina) url.searchParams.set(CHOICE_PARAMS.disciplina, disciplina)
  if (id_settore !== null && Number.isFinite(id_settore))
    url.searchParams.set(CHOICE_PARAMS.settore, String(id_settore))
  return url.toString()
}

/** The query parameters a shared address carries the choice in (spec §2), written and read here only. */
export const CHOICE_PARAMS = { disciplina: 'disciplina', settore: 'settore' } as const

export type SharedChoice = {
  settore: string
  disciplina: string | undefined
  /** The shared address without the choice: path, the other query parameters and the fragment. */
  path: string
}

/** The choice a shared address carries (`?settore=…&disciplina=…`), or null when it names no sector. */
export function readSharedChoice(url: URL): SharedChoice | null {
  const settore = url.searchParams.get(CHOICE_PARAMS.settore)
  if (!settore) return null
  const disciplina = url.searchParams.get(CHOICE_PARAMS.disciplina) ?? undefined
  const rest = new URLSearchParams(url.search)
  rest.delete(CHOICE_PARAMS.settore)
  rest.delete(CHOICE_PARAMS.disciplina)
  const query = rest.toString()
  return { settore, disciplina, path: `${url.pathname}${query ? `?${query}` : ''}${url.hash}` }
}

export type ShareLinks = { whatsapp: string; facebook: string; x: string; email: string }

/** The page title for messages: without the portal's name that follows «·» in document.title. */
export function shareTitle(documentTitle: string, fallback: string): string {
  const page = documentTitle.split(' · ')[0]?.trim()
  return page || fallback
}

/** Links that open each service's own share screen with the page's address (and title, where it takes one). */
export function shareLinks(url: string, title: string, site: string): ShareLinks {
  // A page that has not named itself yet shares the portal's name once, not twice.
  const text = title === site ? site : `${title} – ${site}`
  const subject = `${title} – ${site}`
  const body = `Ti segnalo questa pagina del ${site}:\n\n${title}\n${url}`
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text}: ${url}`)}`,
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
    x: `https://x.com/intent/post?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`,
    // encodeURIComponent writes spaces as %20 and new lines as %0A, as mail programs expect (RFC 6068).
    email: `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`,
  }
}
