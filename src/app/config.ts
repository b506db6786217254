// Identity settings, embedded by the server in index.html (so a B2C tenant needs no rebuild).
export type PortalConfig = {
  clientId: string
  authoritySignIn: string
  authorityReset: string
  knownAuthorities: string[]
}

const LOCAL: PortalConfig = {
  clientId: 'b6a1c0de-7f3e-4c52-9a10-5e7a0c1b2d34',
  authoritySignIn: 'https://localhost:8443/idp/portale/B2C_1_signupsignin',
  authorityReset: 'https://localhost:8443/idp/portale/B2C_1_passwordreset',
  knownAuthorities: ['localhost:8443'],
}

let cached: PortalConfig | null = null

export function portalConfig(): PortalConfig {
  if (cached) return cached
  const element = typeof document === 'undefined' ? null : document.getElementById('portal-config')
  try {
    cached = element?.textContent
      ? { ...LOCAL, ...(JSON.parse(element.textContent) as Partial<PortalConfig>) }
      : LOCAL
  } catch {
    cached = LOCAL
  }
  return cached
}
