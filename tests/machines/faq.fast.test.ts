// The FAQ search (machines/faq.ts) step by step through xstate's pure transition(): the rules of its header
// (search after a pause, a discipline change searches at once, «altre domande» while some are left, a failed
// page keeps what is shown) checked on states, context, the loads it starts and tags. The fast set of
// `npm run mutation`; faq.test.ts walks the same paths with a real actor.
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import type { FaqItem } from '../../contract/faq.ts'
import { faqLabels, faqMachine } from '../../machines/faq.ts'
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

const item = (id: number) =>
  ({ id_faq: id, domanda: `Domanda ${id}?`, risposta: 'Sì.' }) as unknown as FaqItem
const PAGE = { results: [item(1), item(2)], record: 3 }
const REFUSED = { _tag: 'ServerFailure', message: 'Ricerca sospesa per manutenzione' }

const started = (disciplina: 'tennis' | 'padel' | null = 'tennis', testo?: string) =>
  start(faqMachine, testo === undefined ? { disciplina } : { disciplina, testo })
const ready = () => send(faqMachine, started().snapshot, done('loadFaq', PAGE))

describe('faq: the search', () => {
  it('searches at once for the discipline and the text it opens with, trimmed, from the first question', () => {
    const { snapshot, started: loads } = started('padel', '  orari  ')
    expect(snapshot.value).toBe('loading')
    expect(snapshot.hasTag('searching')).toBe(true)
    expect(snapshot.hasTag('loadingMore')).toBe(false)
    expect(snapshot.context).toEqual({
      disciplina: 'padel',
      testo: '  orari  ',
      query: 'orari',
      items: [],
      record: 0,
      error: null,
    })
    expect(loads).toEqual([
      { id: 'loadFaq', src: 'loadFaq', input: { disciplina: 'padel', testo: 'orari', rowstoskip: 0 } },
    ])
  })

  it('opens with an empty search box when no text is given', () => {
    expect(started(null).snapshot.context).toMatchObject({ disciplina: null, testo: '', query: '' })
  })

  it('shows the questions found and how many there are', () => {
    const { snapshot } = ready()
    expect(snapshot.value).toBe('ready')
    expect(snapshot.hasTag('searching')).toBe(false)
    expect(snapshot.context).toMatchObject({ items: PAGE.results, record: 3, error: null })
  })

  it('says why the search failed, in Italian, and searches again with «Riprova»', () => {
    const failedStep = send(faqMachine, started().snapshot, failed('loadFaq', REFUSED))
    expect(failedStep.snapshot.value).toBe('failed')
    expect(failedStep.snapshot.context.error).toBe(REFUSED.message)
    expect(failedStep.snapshot.hasTag('searching')).toBe(false)
    const generic = send(faqMachine, started().snapshot, failed('loadFaq', new Error('Failed to fetch')))
    expect(generic.snapshot.context.error).toBe(MESSAGES.generic)
    const retry = send(faqMachine, failedStep.snapshot, { type: 'faq.retry' })
    expect(retry.snapshot.value).toBe('loading')
    expect(retry.snapshot.context.error).toBeNull()
    expect(retry.started.map((s) => s.input)).toEqual([{ disciplina: 'tennis', testo: '', rowstoskip: 0 }])
  })

  it('takes «Riprova» only after a failure', () => {
    for (const snapshot of [started().snapshot, ready().snapshot]) {
      expect(snapshot.can({ type: 'faq.retry' })).toBe(false)
      expect(send(faqMachine, snapshot, { type: 'faq.retry' }).snapshot).toBe(snapshot)
    }
  })

  it('waits for a pause in the typing, then searches the trimmed text from the first question', () => {
    const typed = send(faqMachine, ready().snapshot, { type: 'faq.typed', testo: ' tessera ' })
    expect(typed.snapshot.value).toBe('typing')
    expect(typed.snapshot.hasTag('searching')).toBe(true)
    expect(typed.snapshot.context).toMatchObject({ testo: ' tessera ', query: '' })
    expect(typed.started.map((s) => s.src)).toEqual(['pause'])
    const search = send(faqMachine, typed.snapshot, done('pause'))
    expect(search.snapshot.value).toBe('loading')
    expect(search.snapshot.context.query).toBe('tessera')
    expect(search.started.map((s) => s.input)).toEqual([
      { disciplina: 'tennis', testo: 'tessera', rowstoskip: 0 },
    ])
  })

  it('starts the pause over at each key, in every state', () => {
    for (const from of [started().snapshot, ready().snapshot]) {
      const typed = send(faqMachine, from, { type: 'faq.typed', testo: 'a' })
      expect(typed.snapshot.value).toBe('typing')
      const again = send(faqMachine, typed.snapshot, { type: 'faq.typed', testo: 'ab' })
      expect(again.snapshot.context.testo).toBe('ab')
      expect(again.started.map((s) => s.src)).toEqual(['pause'])
    }
  })

  it('searches again at once when the discipline changes, with the text already searched', () => {
    const typed = send(faqMachine, ready().snapshot, { type: 'faq.typed', testo: 'orari' })
    const searched = send(faqMachine, typed.snapshot, done('pause'))
    const shown = send(faqMachine, searched.snapshot, done('loadFaq', PAGE))
    const changed = send(faqMachine, shown.snapshot, { type: 'faq.disciplineChanged', disciplina: 'padel' })
    expect(changed.snapshot.value).toBe('loading')
    expect(changed.snapshot.context.disciplina).toBe('padel')
    expect(changed.started.map((s) => s.input)).toEqual([
      { disciplina: 'padel', testo: 'orari', rowstoskip: 0 },
    ])
  })
})

describe('faq: «altre domande»', () => {
  it('loads the next page after the questions shown, appended to them', () => {
    const more = send(faqMachine, ready().snapshot, { type: 'faq.more' })
    expect(more.snapshot.value).toBe('loadingMore')
    expect(more.snapshot.hasTag('loadingMore')).toBe(true)
    expect(more.snapshot.hasTag('searching')).toBe(false)
    expect(more.started).toEqual([
      { id: 'loadMoreFaq', src: 'loadFaq', input: { disciplina: 'tennis', testo: '', rowstoskip: 2 } },
    ])
    const appended = send(faqMachine, more.snapshot, done('loadMoreFaq', { results: [item(3)], record: 3 }))
    expect(appended.snapshot.value).toBe('ready')
    expect(appended.snapshot.context).toMatchObject({
      items: [item(1), item(2), item(3)],
      record: 3,
      error: null,
    })
    expect(appended.snapshot.can({ type: 'faq.more' })).toBe(false)
  })

  it('is offered only while questions are left, and only once the search is shown', () => {
    expect(ready().snapshot.can({ type: 'faq.more' })).toBe(true)
    const all = send(faqMachine, started().snapshot, done('loadFaq', { results: [item(1)], record: 1 }))
    expect(all.snapshot.can({ type: 'faq.more' })).toBe(false)
    expect(send(faqMachine, all.snapshot, { type: 'faq.more' }).snapshot).toBe(all.snapshot)
    expect(started().snapshot.can({ type: 'faq.more' })).toBe(false)
  })

  it('keeps the questions shown when the next page fails, and says so', () => {
    const more = sendAll(faqMachine, ready().snapshot, [{ type: 'faq.more' }, failed('loadMoreFaq', REFUSED)])
    expect(more.snapshot.value).toBe('ready')
    expect(more.snapshot.context).toMatchObject({ items: PAGE.results, record: 3, error: REFUSED.message })
    const next = sendAll(faqMachine, more.snapshot, [
      { type: 'faq.more' },
      done('loadMoreFaq', { results: [item(3)], record: 3 }),
    ])
    expect(next.snapshot.context.error).toBeNull()
  })

  it('replaces the questions with a new search’s own, and clears an old message', () => {
    const withError = sendAll(faqMachine, ready().snapshot, [
      { type: 'faq.more' },
      failed('loadMoreFaq', REFUSED),
    ])
    const again = sendAll(faqMachine, withError.snapshot, [
      { type: 'faq.typed', testo: 'x' },
      done('pause'),
      done('loadFaq', { results: [item(9)], record: 1 }),
    ])
    expect(again.snapshot.context).toMatchObject({ items: [item(9)], record: 1, error: null })
  })
})

describe('faq: words', () => {
  it('is the machine faq, each state titled and described, each event and guard labelled', async () => {
    expect(faqMachine.id).toBe('faq')
    expectStatesDescribed(faqMachine)
    expectLabelled(faqMachine, faqLabels)
    await expectProvidedByTheApplication(faqMachine, ['loadFaq'])
  })
})
