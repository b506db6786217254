// Which pages are public (issue 10 item 8): the share box appears on those only. Data in src/app/paths.ts.
import { describe, expect, it } from 'vitest'
import { href, isPublicPage, routes } from '../../src/app/paths.ts'

describe('isPublicPage', () => {
  it('is true for the pages anyone may open and send on', () => {
    for (const path of [
      '/home',
      '/news',
      '/news-dettaglio/27',
      '/regolamenti',
      '/tornei/calendario-tornei',
      '/faq',
    ])
      expect(isPublicPage(path), path).toBe(true)
  })

  it('is false for the pages of a signed-in user and for a form of one’s own', () => {
    for (const path of [
      '/impostazioni',
      '/elenco-tessere',
      '/modifica-profilo',
      '/modifica-privacy',
      '/news/add-news',
    ])
      expect(isPublicPage(path), path).toBe(false)
  })

  it('is false for an address outside the route table', () => {
    expect(isPublicPage('/non-esiste')).toBe(false)
  })

  it('follows the route table: every page that needs sign-in is not public', () => {
    for (const route of routes) {
      const path = href(route.id, { id: 1, disciplina: 'tennis', tipologia_news: 'news', titolo: 'x' })
      if ('auth' in route && route.auth) expect(isPublicPage(path), path).toBe(false)
    }
  })
})
