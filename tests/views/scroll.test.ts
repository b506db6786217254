// Where a page opens (spec §2 "Scrolling", issue 10 item 8): new visits follow the route's rule, back and
// forward restore the position the entry was left at.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { applyScroll, scrollActionFor } from '../../src/app/scroll.ts'

describe('scrollActionFor', () => {
  it('restores the saved position on back and forward', () => {
    expect(scrollActionFor({ type: 'POP', pathname: '/home', hash: '', saved: 1310 })).toEqual({
      type: 'restore',
      y: 1310,
    })
    // Even on a page whose rule is the bottom: going back is not a new visit.
    expect(
      scrollActionFor({ type: 'POP', pathname: '/tornei/calendario-tornei', hash: '', saved: 0 }),
    ).toEqual({ type: 'restore', y: 0 })
  })

  it('follows the route on a new visit: top, or bottom for calendar, circuits and championships', () => {
    expect(scrollActionFor({ type: 'PUSH', pathname: '/news', hash: '', saved: 900 })).toEqual({
      type: 'top',
    })
    expect(scrollActionFor({ type: 'REPLACE', pathname: '/home', hash: '', saved: undefined })).toEqual({
      type: 'top',
    })
    for (const pathname of [
      '/tornei/calendario-tornei',
      '/tornei/circuiti-tornei',
      '/tornei/campionati-squadre',
    ])
      expect(scrollActionFor({ type: 'PUSH', pathname, hash: '', saved: undefined })).toEqual({
        type: 'bottom',
      })
  })

  it('shows another page or filter of the same list from the list’s top, not from the pager (issue 19, item 3)', () => {
    const calendar = '/tornei/calendario-tornei'
    expect(
      scrollActionFor({
        type: 'PUSH',
        pathname: calendar,
        hash: '',
        saved: undefined,
        previousPathname: calendar,
      }),
    ).toEqual({ type: 'element', id: 'calendario-risultati' })
    const circuits = '/tornei/circuiti-tornei'
    expect(
      scrollActionFor({
        type: 'PUSH',
        pathname: circuits,
        hash: '',
        saved: undefined,
        previousPathname: circuits,
      }),
    ).toEqual({ type: 'element', id: 'circuiti-risultati' })
    // Coming from another page is a new visit; back and forward restore.
    expect(
      scrollActionFor({
        type: 'PUSH',
        pathname: calendar,
        hash: '',
        saved: undefined,
        previousPathname: '/home',
      }),
    ).toEqual({ type: 'bottom' })
    expect(
      scrollActionFor({ type: 'POP', pathname: calendar, hash: '', saved: 40, previousPathname: calendar }),
    ).toEqual({ type: 'restore', y: 40 })
    // A page without a list keeps its rule.
    expect(
      scrollActionFor({
        type: 'PUSH',
        pathname: '/news',
        hash: '',
        saved: undefined,
        previousPathname: '/news',
      }),
    ).toEqual({ type: 'top' })
  })

  it('treats the first load (POP with nothing saved) as a new visit', () => {
    expect(scrollActionFor({ type: 'POP', pathname: '/faq', hash: '', saved: undefined })).toEqual({
      type: 'top',
    })
  })

  it('opens at the element a fragment names', () => {
    expect(
      scrollActionFor({ type: 'PUSH', pathname: '/news-dettaglio/7', hash: '#commenti', saved: undefined }),
    ).toEqual({ type: 'element', id: 'commenti' })
  })
})

describe('applyScroll to a fragment’s element', () => {
  afterEach(() => {
    document.body.replaceChildren()
    vi.restoreAllMocks()
  })

  it('waits for an element that a lazy page renders later (a notice opening «Le mie richieste» of /helpdesk)', async () => {
    const scrolled: string[] = []
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id)
    }
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    const stop = applyScroll({ type: 'element', id: 'helpdesk-mie' })
    expect(scrolled).toEqual([])
    const section = document.createElement('section')
    section.id = 'helpdesk-mie'
    document.body.append(section)
    await vi.waitFor(() => expect(scrolled).toEqual(['helpdesk-mie']))
    stop()
  })

  it('stops waiting when the user scrolls first', async () => {
    const scrolled: string[] = []
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id)
    }
    vi.spyOn(window, 'scrollTo').mockImplementation(() => {})
    applyScroll({ type: 'element', id: 'commenti' })
    window.dispatchEvent(new Event('wheel'))
    const section = document.createElement('section')
    section.id = 'commenti'
    document.body.append(section)
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(scrolled).toEqual([])
  })
})
