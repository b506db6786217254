// The quick search of /home (machines/ricerca-rapida.ts) step by step through xstate's pure transition(),
// against its header: players and clubs at once, from SEARCH_MIN_LENGTH characters (trimmed, spaces folded, at
// most 50 sent), after a short pause; fewer characters show nothing. The fast set of `npm run mutation`.
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import type { GiocatoreTrovato } from '../../contract/home.ts'
import { SEARCH_MIN_LENGTH, type CircoloTrovato } from '../../contract/sezioni.ts'
import {
  type RicercaRapidaContext,
  ricercaRapidaLabels,
  ricercaRapidaMachine,
  searchText,
} from '../../machines/ricerca-rapida.ts'
import {
  done,
  expectLabelled,
  expectProvidedByTheApplication,
  expectStatesDescribed,
  failed,
  send,
  sendAll,
  start,
} from './fast.ts'

const FOUND = {
  giocatori: [{ id: 1 } as unknown as GiocatoreTrovato],
  circoli: [{ id: 2 } as unknown as CircoloTrovato],
}
const ctx = (step: { snapshot: { context: unknown } }) => step.snapshot.context as RicercaRapidaContext
const opened = () => start(ricercaRapidaMachine, { id_settore: 1 })
const typed = (text: string, from = opened().snapshot) =>
  send(ricercaRapidaMachine, from, { type: 'search.typed', text })
const shown = () =>
  sendAll(ricercaRapidaMachine, typed('Rossi').snapshot, [done('pause'), done('search', FOUND)])

describe('quick search', () => {
  it('sends the text trimmed, with single spaces, at most 50 characters', () => {
    expect(searchText('  Mario \t  Rossi \n')).toBe('Mario Rossi')
    expect(searchText(`${'a'.repeat(49)}  bcd`)).toBe(`${'a'.repeat(49)} `.trim())
    expect(searchText('x'.repeat(60))).toHaveLength(50)
    expect(searchText(`   ${'x'.repeat(60)}`)).toBe('x'.repeat(50))
  })

  it('shows nothing and searches nothing at first', () => {
    const step = opened()
    expect(step.snapshot.value).toBe('idle')
    expect(step.snapshot.context).toEqual({
      text: '',
      id_settore: 1,
      giocatori: [],
      circoli: [],
      error: null,
    })
    expect(step.snapshot.hasTag('busy')).toBe(false)
    expect(step.started).toEqual([])
  })

  it(`waits for a pause from ${SEARCH_MIN_LENGTH} characters on, then searches players and clubs of the sector`, () => {
    const step = typed(` ${'R'.repeat(SEARCH_MIN_LENGTH)} `)
    expect(step.snapshot.value).toBe('waiting')
    expect(step.snapshot.hasTag('busy')).toBe(true)
    expect(ctx(step).text).toBe(` ${'R'.repeat(SEARCH_MIN_LENGTH)} `)
    expect(step.started.map((s) => s.src)).toEqual(['pause'])
    const searching = send(ricercaRapidaMachine, step.snapshot, done('pause'))
    expect(searching.snapshot.value).toBe('searching')
    expect(searching.snapshot.hasTag('busy')).toBe(true)
    expect(searching.started).toEqual([
      { id: 'search', src: 'search', input: { testo: 'R'.repeat(SEARCH_MIN_LENGTH), id_settore: 1 } },
    ])
  })

  it('shows what it found', () => {
    const step = shown()
    expect(step.snapshot.value).toBe('found')
    expect(step.snapshot.hasTag('busy')).toBe(false)
    expect(ctx(step)).toMatchObject({ ...FOUND, error: null })
  })

  it('clears the results when the text becomes shorter than the minimum, spaces not counted', () => {
    const step = typed(` ${'R'.repeat(SEARCH_MIN_LENGTH - 1)}   `, shown().snapshot)
    expect(step.snapshot.value).toBe('idle')
    expect(ctx(step)).toMatchObject({ giocatori: [], circoli: [], error: null })
    expect(step.started).toEqual([])
  })

  it('starts the pause over at each key', () => {
    const step = typed('Rossi M', typed('Rossi').snapshot)
    expect(step.snapshot.value).toBe('waiting')
    expect(step.started.map((s) => s.src)).toEqual(['pause'])
    expect(step.stopped).toEqual(['pause'])
  })

  it('says why the search failed, in Italian, and searches again with «Riprova»', () => {
    const refused = sendAll(ricercaRapidaMachine, typed('Rossi').snapshot, [
      done('pause'),
      failed('search', { _tag: 'ServerFailure', message: 'Ricerca sospesa' }),
    ])
    expect(refused.snapshot.value).toBe('failed')
    expect(refused.snapshot.hasTag('busy')).toBe(false)
    expect(ctx(refused).error).toBe('Ricerca sospesa')
    const generic = sendAll(ricercaRapidaMachine, typed('Rossi').snapshot, [
      done('pause'),
      failed('search', new Error('x')),
    ])
    expect(ctx(generic).error).toBe(MESSAGES.generic)
    const retry = send(ricercaRapidaMachine, refused.snapshot, { type: 'search.retry' })
    expect(retry.snapshot.value).toBe('searching')
    expect(retry.started.map((s) => s.input)).toEqual([{ testo: 'Rossi', id_settore: 1 }])
    const fixed = send(ricercaRapidaMachine, retry.snapshot, done('search', FOUND))
    expect(ctx(fixed).error).toBeNull()
    expect(shown().snapshot.can({ type: 'search.retry' })).toBe(false)
  })

  it('searches the same text again in another sector, and only records it when the text is short', () => {
    const step = send(ricercaRapidaMachine, shown().snapshot, { type: 'search.sectorChanged', id_settore: 3 })
    expect(step.snapshot.value).toBe('waiting')
    expect(ctx(step).id_settore).toBe(3)
    const searching = send(ricercaRapidaMachine, step.snapshot, done('pause'))
    expect(searching.started.map((s) => s.input)).toEqual([{ testo: 'Rossi', id_settore: 3 }])
    const quiet = send(ricercaRapidaMachine, opened().snapshot, {
      type: 'search.sectorChanged',
      id_settore: 3,
    })
    expect(quiet.snapshot.value).toBe('idle')
    expect(ctx(quiet).id_settore).toBe(3)
  })

  it('is the machine ricercaRapida, each state titled and described, each event and guard labelled', async () => {
    expect(ricercaRapidaMachine.id).toBe('ricercaRapida')
    expectStatesDescribed(ricercaRapidaMachine)
    expectLabelled(ricercaRapidaMachine, ricercaRapidaLabels)
    await expectProvidedByTheApplication(ricercaRapidaMachine, ['search'])
  })
})
