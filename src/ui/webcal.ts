/** The same path as a `webcal:` link, which phone calendars open as a subscription. */
export function webcalUrl(path: string): string {
  return `webcal://${window.location.host}${path}`
}
