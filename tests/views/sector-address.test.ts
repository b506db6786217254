// The sector in the address of a public page (issue 19, item 3): what a user copies from the address bar opens
// the same sector for whoever receives it.
import { describe, expect, it } from 'vitest'
import { sectorAddress, withoutChoice } from '../../src/app/sector-address.ts'

const at = (address: string) => new URL(address, 'https://portale.example')

describe('sectorAddress', () => {
  it('writes the stored sector into a public page’s address, beside its filters', () => {
    expect(sectorAddress(at('/tornei/calendario-tornei?circuito=7&stato=iscrizioni_aperte'), 2)).toEqual({
      type: 'rewrite',
      to: '/tornei/calendario-tornei?circuito=7&stato=iscrizioni_aperte&settore=2',
    })
    expect(sectorAddress(at('/faq'), 1)).toEqual({ type: 'rewrite', to: '/faq?settore=1' })
  })

  it('leaves out the discipline, which the sector names', () => {
    expect(sectorAddress(at('/news?disciplina=padel&settore=2'), 2)).toEqual({
      type: 'rewrite',
      to: '/news?settore=2',
    })
  })

  it('keeps an address that already names the stored sector', () => {
    expect(sectorAddress(at('/news?pagina=2&settore=2'), 2)).toEqual({ type: 'keep' })
  })

  it('applies another sector named by the address: a link, or Back to a page seen before another choice', () => {
    expect(sectorAddress(at('/tornei/calendario-tornei?settore=2'), 1)).toEqual({
      type: 'apply',
      settore: '2',
    })
    expect(sectorAddress(at('/home?settore=9'), null)).toEqual({ type: 'apply', settore: '9' })
  })

  it('mends a sector that is no sector, and waits for a choice when none is stored', () => {
    expect(sectorAddress(at('/home?settore=abc'), 1)).toEqual({ type: 'rewrite', to: '/home?settore=1' })
    expect(sectorAddress(at('/home'), null)).toEqual({ type: 'keep' })
  })

  it('leaves alone the pages that are not public: a signed-in user’s, the choice, the sign-in pages', () => {
    for (const path of [
      '/impostazioni',
      '/giocatori/cerca-compagno?settore=2',
      '/scelta-disciplina',
      '/verify-email',
      '/',
    ])
      expect(sectorAddress(at(path), 1)).toEqual({ type: 'keep' })
  })
})

describe('withoutChoice', () => {
  it('drops discipline and sector, keeps the rest', () => {
    expect(withoutChoice('/tornei/calendario-tornei?disciplina=padel&circuito=7&settore=2#x')).toBe(
      '/tornei/calendario-tornei?circuito=7#x',
    )
    expect(withoutChoice('/faq?settore=1')).toBe('/faq')
  })
})
