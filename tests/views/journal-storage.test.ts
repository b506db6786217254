// The journal is kept in sessionStorage for the next page of the tab, but written once the browser is idle (or the
// page is being left), not after every event: start-up journals dozens of them.
import { beforeEach, describe, expect, it, vi } from 'vitest'

const stored = () => JSON.parse(sessionStorage.getItem('journal') ?? '[]') as { type: string }[]

beforeEach(() => {
  vi.resetModules()
  sessionStorage.clear()
})

describe('the journal in sessionStorage', () => {
  it('is written once when the browser is idle, with every entry so far', async () => {
    const { appendJournal } = await import('../../src/journal/journal.ts')
    appendJournal('test', 'primo')
    appendJournal('test', 'secondo')
    await Promise.resolve()
    expect(stored()).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(stored().map((entry) => entry.type)).toEqual(['primo', 'secondo'])
  })

  it('is written at once when the page is being left', async () => {
    const { appendJournal } = await import('../../src/journal/journal.ts')
    appendJournal('test', 'ultimo')
    window.dispatchEvent(new Event('pagehide'))
    expect(stored().map((entry) => entry.type)).toEqual(['ultimo'])
  })
})
