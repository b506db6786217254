import { href } from '../../app/paths.ts'

const NOT_A_DESTINATION = new Set(['/', '/scelta-disciplina'])

/** After choosing: back where the user was going, or /home. */
export function continueTarget(lastLocation: string | null): string {
  if (!lastLocation || !lastLocation.startsWith('/') || lastLocation.startsWith('//')) return href('home')
  const path = lastLocation.split(/[?#]/)[0] ?? ''
  return NOT_A_DESTINATION.has(path) ? href('home') : lastLocation
}
