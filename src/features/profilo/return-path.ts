import { AUTH_PAGES, PATHS, pathOf, safeLocalPath } from '../../../machines/paths.ts'

/** Pages that are gates, not destinations: coming back to them after saving would make no sense. */
const GATES: readonly string[] = [
  PATHS.root,
  PATHS.sceltaDisciplina,
  PATHS.modificaProfilo,
  PATHS.modificaPrivacy,
  ...AUTH_PAGES,
]

/** After saving the profile or the privacy choices: the page the user wanted (lastLocation), or /home. */
export function returnPath(lastLocation: string | null): string {
  const path = safeLocalPath(lastLocation)
  if (!path || GATES.includes(pathOf(path))) return PATHS.home
  return path
}
