// Which pages are public (issue 10 item 8): the share box appears on those only. Data in src/app/paths.ts.
import { describe, expect, it } from 'vitest'
import { href, isPublicPage, routes } from '../../src/app/paths.ts'

const publicOf = (paths: string[]) => Object.fromEntries(paths.map((path) => [path, isPublicPage(path)]))

describe('isPublicPage', () => {
  it('is true for the pages anyone may open and send on', () => {
    const paths = [
      '/home',
      '/news',
      '/news-dettaglio/27',
      '/regolamenti',
      '/tornei/calendario-tornei',
      '/faq',
    ]
    expect(publicOf(paths)).toEqual(Object.fromEntries(paths.map((path) => [path, true])))
  })

  it('is false for the pages of a signed-in user and for a form of one’s own', () => {
    const paths = [
      '/impostazioni',
      '/elenco-tessere',
      '/modifica-profilo',
      '/modifica-privacy',
      '/news/add-news',
    ]
    expect(publicOf(paths)).toEqual(Object.fromEntries(paths.map((path) => [path, false])))
  })

  it('is false for an address outside the route table', () => {
    expect(isPublicPage('/non-esiste')).toBe(false)
  })

  it('follows the route table: no page that needs sign-in is public', () => {
    const params = { id: 1, disciplina: 'tennis', tipologia_news: 'news', titolo: 'x' }
    const reserved = routes
      .filter((route) => 'auth' in route && route.auth)
      .map((route) => href(route.id, params))
    expect(reserved.length).toBeGreaterThan(0)
    expect(reserved.filter(isPublicPage)).toEqual([])
  })
})
