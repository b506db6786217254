// A menu item as the pages read it: one shape, and an absolute http(s) address leaves the portal.
import { describe, expect, it } from 'vitest'
import { isExternalPath, toMenuEntry } from '../../server/domain/menu.ts'

describe('isExternalPath', () => {
  it('takes an absolute http or https address, in any case, as leaving the portal', () => {
    expect(isExternalPath('https://www.federazione.it/regolamenti')).toBe(true)
    expect(isExternalPath('http://example.org')).toBe(true)
    expect(isExternalPath('HTTPS://EXAMPLE.ORG')).toBe(true)
  })

  it('takes anything else as one of the portal’s paths', () => {
    expect(isExternalPath('/calendario')).toBe(false)
    expect(isExternalPath('/link/https://example.org')).toBe(false)
    expect(isExternalPath('ftp://example.org')).toBe(false)
    expect(isExternalPath('https:example.org')).toBe(false)
  })
})

describe('toMenuEntry', () => {
  it('gives every field of the row under the contract’s Italian name', () => {
    expect(
      toMenuEntry({
        id: 7,
        label: 'Calendario',
        path: '/calendario',
        icon: 'calendar',
        description: 'I tornei in arrivo',
        requiresAuth: true,
      }),
    ).toEqual({
      id: 7,
      etichetta: 'Calendario',
      percorso: '/calendario',
      esterno: false,
      icona: 'calendar',
      descrizione: 'I tornei in arrivo',
      richiede_accesso: true,
    })
  })

  it('marks an outside address as external', () => {
    const row = {
      id: 1,
      label: 'Sito',
      path: 'https://x.it',
      icon: null,
      description: null,
      requiresAuth: false,
    }
    expect(toMenuEntry(row).esterno).toBe(true)
  })
})
