import { describe, expect, it } from 'vitest'
import { readSharedChoice, shareLinks, shareTitle, shareUrl } from '../../src/ui/share.ts'

const origin = 'https://portale.example'
const SITE = 'Portale Federale Racchette'

describe('shareUrl', () => {
  it('is the current path plus the stored discipline and sector (spec §2)', () => {
    expect(
      shareUrl({ origin, pathname: '/tornei/calendario-tornei', disciplina: 'padel', id_settore: 2 }),
    ).toBe('https://portale.example/tornei/calendario-tornei?disciplina=padel&settore=2')
    expect(
      shareUrl({ origin, pathname: '/classifiche/race-annuale', disciplina: 'tennis', id_settore: 9 }),
    ).toBe('https://portale.example/classifiche/race-annuale?disciplina=tennis&settore=9')
  })

  it('leaves the query out when no choice is stored, and keeps what is stored', () => {
    expect(shareUrl({ origin, pathname: '/faq', disciplina: null, id_settore: null })).toBe(
      'https://portale.example/faq',
    )
    expect(shareUrl({ origin, pathname: '/faq', disciplina: 'beach-tennis', id_settore: null })).toBe(
      'https://portale.example/faq?disciplina=beach-tennis',
    )
  })

  it('carries the page’s filters, never a sign-in answer nor a stale choice (issue 19, item 3)', () => {
    expect(
      shareUrl({
        origin,
        pathname: '/tornei/calendario-tornei',
        search: '?circuito=7&stato=iscrizioni_aperte&settore=1&disciplina=tennis&code=abc&state=xyz',
        disciplina: 'padel',
        id_settore: 2,
      }),
    ).toBe(
      'https://portale.example/tornei/calendario-tornei?circuito=7&stato=iscrizioni_aperte&disciplina=padel&settore=2',
    )
  })

  it('encodes the path and the values', () => {
    expect(
      shareUrl({
        origin,
        pathname: '/news-dettaglio/padel/eventi/finali città',
        disciplina: 'padel',
        id_settore: 2,
      }),
    ).toBe(
      'https://portale.example/news-dettaglio/padel/eventi/finali%20citt%C3%A0?disciplina=padel&settore=2',
    )
  })
})

describe('shareTitle', () => {
  it("keeps the page's part of document.title", () => {
    expect(shareTitle(`Calendario tornei · ${SITE}`, SITE)).toBe('Calendario tornei')
    expect(shareTitle(SITE, SITE)).toBe(SITE)
    expect(shareTitle('', SITE)).toBe(SITE)
  })
})

describe('shareLinks', () => {
  const url = 'https://portale.example/tornei/calendario-tornei?disciplina=padel&settore=2'
  const links = shareLinks(url, 'Calendario tornei', SITE)

  it('names the portal once when the page has no title of its own', () => {
    const homeLinks = shareLinks('https://localhost:8443/home', SITE, SITE)
    expect(decodeURIComponent(homeLinks.whatsapp)).toBe(
      `https://wa.me/?text=${SITE}: https://localhost:8443/home`,
    )
  })

  it('opens WhatsApp with the title and the address in the text', () => {
    expect(links.whatsapp.startsWith('https://wa.me/?text=')).toBe(true)
    const text = new URL(links.whatsapp).searchParams.get('text')
    expect(text).toBe(`Calendario tornei – ${SITE}: ${url}`)
  })

  it("opens Facebook's sharer and X's post intent with the address", () => {
    const facebook = new URL(links.facebook)
    expect(facebook.origin + facebook.pathname).toBe('https://www.facebook.com/sharer/sharer.php')
    expect(facebook.searchParams.get('u')).toBe(url)
    const x = new URL(links.x)
    expect(x.origin + x.pathname).toBe('https://x.com/intent/post')
    expect(x.searchParams.get('url')).toBe(url)
    expect(x.searchParams.get('text')).toBe(`Calendario tornei – ${SITE}`)
  })

  it('writes an e-mail with subject and body, spaces as %20 (RFC 6068)', () => {
    expect(links.email.startsWith('mailto:?subject=')).toBe(true)
    expect(links.email).not.toContain('+')
    const [, query] = links.email.split('?')
    const params = Object.fromEntries(
      query!.split('&').map((pair) => pair.split('=').map(decodeURIComponent) as [string, string]),
    )
    expect(params.subject).toBe(`Calendario tornei – ${SITE}`)
    expect(params.body).toContain('Calendario tornei')
    expect(params.body).toContain(url)
  })
})

describe('readSharedChoice: the choice a shared address carries', () => {
  it('reads sector and discipline, and keeps the page without them', () => {
    expect(
      readSharedChoice(new URL('https://portale.test/news?pagina=2&disciplina=padel&settore=2#fine')),
    ).toEqual({ settore: '2', disciplina: 'padel', path: '/news?pagina=2#fine' })
    expect(
      readSharedChoice(new URL('https://portale.test/news-dettaglio/27?disciplina=tennis&settore=1')),
    ).toEqual({ settore: '1', disciplina: 'tennis', path: '/news-dettaglio/27' })
  })

  it('is null without a sector, and reads back what shareUrl writes', () => {
    expect(readSharedChoice(new URL('https://portale.test/home?disciplina=padel'))).toBeNull()
    const url = shareUrl({
      origin: 'https://portale.test',
      pathname: '/faq',
      disciplina: 'padel',
      id_settore: 2,
    })
    expect(readSharedChoice(new URL(url))).toEqual({ settore: '2', disciplina: 'padel', path: '/faq' })
  })
})
