// A failed route load (a chunk missing after a deploy) reloads the page once, never in a loop (spec §8).
const KEY = 'ricarica-rotta'

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error)
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Loading chunk|Failed to fetch|Unable to preload CSS/i.test(
    message,
  )
}

/** Claims the one reload this path gets; false when it was already reloaded (then the error is shown). */
export function claimReload(pathname: string): boolean {
  try {
    if (sessionStorage.getItem(KEY) === pathname) return false
    sessionStorage.setItem(KEY, pathname)
    return true
  } catch {
    return false
  }
}

export function clearReloadMark() {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // storage unavailable: nothing to clear
  }
}
