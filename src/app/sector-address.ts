// The sector in the address of every public page (issue 19, item 3): what the address bar shows is what a user
// copies and sends, so it names the sector (`?settore=2`) beside the page's filters, and whoever opens it (a
// phone with nothing stored included) sees that sector, never «Scegli la disciplina». Pure, so it is tested
// without a browser; src/app/guards.ts applies another sector, src/app/Root.tsx writes the stored one.
import { CHOICE_PARAMS } from '../ui/share.ts'
import { isPublicPage, routeFor } from './paths.ts'

export type SectorAddress =
  /** The address is right as it is. */
  | { type: 'keep' }
  /** The address names another sector than the stored one: the address wins (a link, Back to an older page). */
  | { type: 'apply'; settore: string }
  /** The address lacks the stored sector (or carries the discipline too): it becomes `to` (path and query). */
  | { type: 'rewrite'; to: string }

const asSector = (value: string | null): number | null => {
  const number = Number(value)
  return value !== null && Number.isInteger(number) && number > 0 ? number : null
}

/**
 * What to do with the address of a navigation, given the stored sector. Only public pages carry the sector; a
 * page of a signed-in user, the discipline choice and the sign-in pages are left alone. The discipline is not
 * written: the sector names it (the shared links of spec §2 may still carry it, and are read as before).
 */
export function sectorAddress(url: URL, storedSector: number | null): SectorAddress {
  // The menu's pages only: the discipline choice and the sign-in pages (their own layouts) are no page to share.
  if (!isPublicPage(url.pathname) || routeFor(url.pathname)?.layout !== 'main') return { type: 'keep' }
  const inAddress = url.searchParams.get(CHOICE_PARAMS.settore)
  const named = asSector(inAddress)
  if (named !== null && named !== storedSector) return { type: 'apply', settore: String(named) }
  if (storedSector === null) return { type: 'keep' }
  if (inAddress === String(storedSector) && !url.searchParams.has(CHOICE_PARAMS.disciplina))
    return { type: 'keep' }
  const search = new URLSearchParams(url.search)
  search.delete(CHOICE_PARAMS.disciplina)
  search.set(CHOICE_PARAMS.settore, String(storedSector))
  return { type: 'rewrite', to: `${url.pathname}?${search.toString()}` }
}

/** An address without the choice it carries: where a choice made elsewhere continues (the discipline page). */
export function withoutChoice(address: string): string {
  const url = new URL(address, 'https://portale.invalid')
  url.searchParams.delete(CHOICE_PARAMS.settore)
  url.searchParams.delete(CHOICE_PARAMS.disciplina)
  return `${url.pathname}${url.search}${url.hash}`
}
