// What the machines ask of an address (machines/paths.ts), against spec §2 and the module's comments: the pages
// the completeness guards never block, a card's public check, the path part of an address, where someone can be
// sent, and which return paths are safe to follow. The fast set of `npm run mutation` for this module.
import { describe, expect, it } from 'vitest'
import { PATHS as ROUTES } from '../../contract/pages.ts'
import {
  ALWAYS_REACHABLE,
  AUTH_PAGES,
  LEGAL_PAGES,
  PATHS,
  isAlwaysReachable,
  isCardCheck,
  isDestination,
  pathOf,
  safeLocalPath,
} from '../../machines/paths.ts'

describe('paths the machines decide about', () => {
  it('are the route table’s', () => {
    expect(PATHS).toBe(ROUTES)
  })

  it('name the authentication layout’s pages and the legal texts', () => {
    expect(AUTH_PAGES).toEqual([
      '/creazione-credenziali',
      '/verify-email',
      '/reset-password',
      '/crea-password',
    ])
    expect(LEGAL_PAGES).toEqual(['/privacy', '/cookies', '/dichiarazione-di-accessibilita'])
  })

  it('never block where the user fixes the profile or the consents, signs in, or reads the legal texts', () => {
    expect([...ALWAYS_REACHABLE].sort()).toEqual(
      ['/modifica-profilo', '/modifica-privacy', ...AUTH_PAGES, ...LEGAL_PAGES].sort(),
    )
    for (const path of ALWAYS_REACHABLE) expect(isAlwaysReachable(path)).toBe(true)
    expect(isAlwaysReachable('/verifica-tessera/0b5e')).toBe(true)
    for (const path of ['/', '/tornei', '/modifica-profilo/altro', '/verifica-tessera/'])
      expect(isAlwaysReachable(path)).toBe(false)
  })

  it('know a card’s public check: one id after /verifica-tessera/, nothing more', () => {
    expect(isCardCheck('/verifica-tessera/0b5e-11')).toBe(true)
    expect(isCardCheck('/verifica-tessera/x')).toBe(true)
    for (const path of [
      '/verifica-tessera/',
      '/verifica-tessera',
      '/verifica-tessera/a/b',
      '/tessere/a',
      '/x/verifica-tessera/a',
    ])
      expect(isCardCheck(path)).toBe(false)
  })

  it('take the path part of an address: no query, no hash, no trailing slash except the root', () => {
    expect(pathOf('/tornei?pagina=2')).toBe('/tornei')
    expect(pathOf('/tornei#fine')).toBe('/tornei')
    expect(pathOf('/tornei/')).toBe('/tornei')
    expect(pathOf('/tornei//')).toBe('/tornei')
    expect(pathOf('/')).toBe('/')
    expect(pathOf('//')).toBe('/')
    expect(pathOf('')).toBe('/')
    expect(pathOf('?x=1')).toBe('/')
    expect(pathOf('/a/b?c#d')).toBe('/a/b')
  })

  it('send someone anywhere but the root and the discipline choice', () => {
    expect(isDestination('/')).toBe(false)
    expect(isDestination('/?x=1')).toBe(false)
    expect(isDestination('/scelta-disciplina/')).toBe(false)
    expect(isDestination('/tornei')).toBe(true)
    expect(isDestination('/scelta-disciplina/x')).toBe(true)
  })

  it('follow only local return paths', () => {
    expect(safeLocalPath('/tornei?x=1')).toBe('/tornei?x=1')
    expect(safeLocalPath('/')).toBe('/')
    for (const value of ['//evil.example', '/\\evil.example', 'https://evil.example', 'tornei', '', null, 42])
      expect(safeLocalPath(value)).toBeNull()
  })
})
