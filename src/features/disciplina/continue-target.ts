import { href } from '../../app/paths.ts'
import { withoutChoice } from '../../app/sector-address.ts'

const NOT_A_DESTINATION = new Set(['/', '/scelta-disciplina'])

/**
 * After choosing: back where the user was going, or /home; without the sector that address carried, which the
 * choice just made replaces (the router writes the new one).
 */
export function continueTarget(lastLocation: string | null): string {
  if (!lastLocation || !lastLocation.startsWith('/') || lastLocation.startsWith('//')) return href('home')
  const path = lastLocation.split(/[?#]/)[0] ?? ''
  return NOT_A_DESTINATION.has(path) ? href('home') : withoutChoice(lastLocation)
}
