// The cards page's statechart (machines/elenco-tessere.ts) driven with doubles of its actors, step by step: the
// next pages, a card added by its code, the synchronisation, each followed by the list read again, and each
// failure told in Italian while the cards shown stay. The rules come from the machine's header and the contract
// (contract/tessere.ts), not from the machine's code. The model test (elenco-tessere.test.ts) walks the paths;
// this is the fast set `npm run mutation` runs against each mutant.
import { describe, expect, it } from 'vitest'
import {
  type AnyActorLogic,
  type AnyMachineSnapshot,
  createActor,
  fromPromise,
  initialTransition,
  transition,
} from 'xstate'
import { MAX_FETCHROWS, MESSAGES } from '../../contract/common.ts'
import type { Tessera } from '../../contract/giocatori.ts'
import { TESSERE_MESSAGES, type Sincronizzazione, type TesseraAggiunta } from '../../contract/tessere.ts'
import {
  type ElencoTessereContext,
  TESSERE_PAGE_SIZE,
  elencoTessereLabels,
  elencoTessereMachine,
} from '../../machines/elenco-tessere.ts'
import { tessera } from './models/elenco-tessere.model.ts'
import { NOT_FOUND, SERVER_FAILURE } from './models/failures.ts'

const cards = (from: number, count: number) => Array.from({ length: count }, (_, i) => tessera(from + i))
const ADDED: TesseraAggiunta = { esito: 'aggiunta', tessera: tessera(9), messaggio: 'Tessera aggiunta.' }
const ALREADY: TesseraAggiunta = {
  esito: 'gia_presente',
  tessera: tessera(1),
  messaggio: 'Già nel tuo elenco.',
}
const SYNCED: Sincronizzazione = {
  aggiunte: ['TN260000009', 'TN260000010'],
  aggiornate: [{ codice_tessera: 'TN260000001', modifiche: ['circolo'] }],
  invariate: 1,
  scadute: 0,
  messaggio: 'Sincronizzazione completata.',
}

type Answer = { output: unknown } | { error: unknown }
const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The page with doubles that answer in turn and record what each actor was asked. */
function page(input: { tessere: readonly Tessera[]; record: number }, answers: Record<string, Answer[]>) {
  const calls: [string, unknown][] = []
  const double = (name: string) =>
    fromPromise(async ({ input: asked }: { input: unknown }) => {
      calls.push([name, asked])
      const answer = answers[name]?.shift()
      if (answer === undefined) throw new Error(`${name}: no answer left`)
      if ('error' in answer) throw answer.error
      return answer.output
    })
  const machine = elencoTessereMachine.provide({
    actors: {
      loadTessere: double('loadTessere'),
      addTessera: double('addTessera'),
      syncTessere: double('syncTessere'),
    } as never,
  })
  const actor = createActor(machine, { input: { idPersona: 42, ...input } }).start()
  return {
    actor,
    calls,
    context: () => actor.getSnapshot().context as ElencoTessereContext,
    send: async (event: Parameters<typeof actor.send>[0]) => {
      actor.send(event)
      await tick()
      await tick()
    },
  }
}

describe('elencoTessere: the next pages', () => {
  it('starts ready with the first page and nothing to say', () => {
    const [start] = initialTransition(elencoTessereMachine, {
      idPersona: 42,
      tessere: cards(1, 2),
      record: 3,
    })
    expect(start.value).toBe('ready')
    expect(start.context).toEqual({
      idPersona: 42,
      tessere: cards(1, 2),
      record: 3,
      error: null,
      addError: null,
      syncError: null,
      outcome: null,
    })
    expect(start.hasTag('busy')).toBe(false)
  })

  it('loads the next page after the cards shown, while there are more, and appends it', async () => {
    const p = page(
      { tessere: cards(1, 2), record: 3 },
      { loadTessere: [{ output: { results: cards(3, 1), record: 3 } }] },
    )
    p.actor.send({ type: 'tessere.more' })
    expect(p.actor.getSnapshot().value).toBe('loadingMore')
    expect(p.actor.getSnapshot().hasTag('loadingMore')).toBe(true)
    expect(p.actor.getSnapshot().hasTag('busy')).toBe(true)
    await tick()
    expect(p.calls).toEqual([['loadTessere', { id: 42, rowstoskip: 2, fetchrows: TESSERE_PAGE_SIZE }]])
    expect(p.actor.getSnapshot().value).toBe('ready')
    expect(p.context()).toMatchObject({ tessere: cards(1, 3), record: 3, error: null })
    expect(p.actor.getSnapshot().can({ type: 'tessere.more' })).toBe(false)
    expect(TESSERE_PAGE_SIZE).toBe(20)
  })

  it('keeps the cards shown when a page cannot be loaded, says so, and forgets it once a page loads', async () => {
    const p = page(
      { tessere: cards(1, 2), record: 4 },
      { loadTessere: [{ error: SERVER_FAILURE }, { output: { results: cards(3, 2), record: 5 } }] },
    )
    await p.send({ type: 'tessere.more' })
    expect(p.actor.getSnapshot().value).toBe('ready')
    expect(p.context()).toMatchObject({ tessere: cards(1, 2), record: 4, error: SERVER_FAILURE.message })
    await p.send({ type: 'tessere.more' })
    expect(p.context()).toMatchObject({ tessere: cards(1, 4), record: 5, error: null })
  })

  it('asks for no page when every card is shown', () => {
    const [start] = initialTransition(elencoTessereMachine, {
      idPersona: 42,
      tessere: cards(1, 2),
      record: 2,
    })
    expect(start.can({ type: 'tessere.more' })).toBe(false)
    expect(transition(elencoTessereMachine, start, { type: 'tessere.more' })[0]).toBe(start)
  })
})

describe('elencoTessere: adding a card by its code', () => {
  it('refuses a code of the wrong form without a call, and says why', () => {
    const [start] = initialTransition(elencoTessereMachine, { idPersona: 42, tessere: [], record: 0 })
    const [refused] = transition(elencoTessereMachine, start, { type: 'tessera.add', codice: 'TN-26!' })
    expect(refused.value).toBe('ready')
    expect(refused.context.addError).toBe(TESSERE_MESSAGES.codeFormat)
    expect(refused.context.outcome).toBeNull()
    // A good code clears the refusal when the addition starts.
    const [adding] = transition(elencoTessereMachine, refused, {
      type: 'tessera.add',
      codice: 'tn 26 0000009',
    })
    expect(adding.value).toEqual({ adding: 'saving' })
    expect(adding.context.addError).toBeNull()
    expect(adding.hasTag('adding')).toBe(true)
    expect(adding.hasTag('busy')).toBe(true)
  })

  it('sends the code without spaces in capitals, then reads the list again with the added card', async () => {
    const after = [tessera(9), ...cards(1, 2)]
    const p = page(
      { tessere: cards(1, 2), record: 2 },
      { addTessera: [{ output: ADDED }], loadTessere: [{ output: { results: after, record: 3 } }] },
    )
    await p.send({ type: 'tessera.add', codice: ' tn 26\t0000009 ' })
    expect(p.calls).toEqual([
      ['addTessera', { codice_tessera: 'TN260000009' }],
      ['loadTessere', { id: 42, rowstoskip: 0, fetchrows: TESSERE_PAGE_SIZE }],
    ])
    expect(p.actor.getSnapshot().value).toBe('ready')
    expect(p.context()).toMatchObject({
      tessere: after,
      record: 3,
      error: null,
      addError: null,
      outcome: { message: 'Tessera aggiunta.', aggiunte: ['TN260000009'], aggiornate: [] },
    })
  })

  it('highlights nothing when the card was already there', async () => {
    const p = page(
      { tessere: cards(1, 2), record: 2 },
      { addTessera: [{ output: ALREADY }], loadTessere: [{ output: { results: cards(1, 2), record: 2 } }] },
    )
    await p.send({ type: 'tessera.add', codice: 'TN260000001' })
    expect(p.context().outcome).toEqual({ message: 'Già nel tuo elenco.', aggiunte: [], aggiornate: [] })
  })

  it('shows the server’s refusal by the field, and the list stays as it was', async () => {
    const p = page({ tessere: cards(1, 2), record: 2 }, { addTessera: [{ error: NOT_FOUND }] })
    await p.send({ type: 'tessera.add', codice: 'TN260000009' })
    expect(p.actor.getSnapshot().value).toBe('ready')
    expect(p.context()).toMatchObject({ addError: NOT_FOUND.message, tessere: cards(1, 2), outcome: null })
    expect(p.calls.map(([name]) => name)).toEqual(['addTessera'])
  })

  it('keeps the outcome and says the list could not be read again', async () => {
    const p = page(
      { tessere: cards(1, 2), record: 2 },
      { addTessera: [{ output: ADDED }], loadTessere: [{ error: SERVER_FAILURE }] },
    )
    await p.send({ type: 'tessera.add', codice: 'TN260000009' })
    expect(p.actor.getSnapshot().value).toBe('ready')
    expect(p.context()).toMatchObject({
      error: SERVER_FAILURE.message,
      tessere: cards(1, 2),
      outcome: ADDED_OUTCOME,
    })
  })

  it('reads again at least as many cards as were shown plus those added, never more than a call takes', async () => {
    const many = cards(1, 30)
    const p = page(
      { tessere: many, record: 40 },
      { addTessera: [{ output: ADDED }], loadTessere: [{ output: { results: many, record: 41 } }] },
    )
    await p.send({ type: 'tessera.add', codice: 'TN260000009' })
    expect(p.calls[1]).toEqual(['loadTessere', { id: 42, rowstoskip: 0, fetchrows: 31 }])
    const all = cards(1, MAX_FETCHROWS)
    const q = page(
      { tessere: all, record: 200 },
      { syncTessere: [{ output: SYNCED }], loadTessere: [{ output: { results: all, record: 202 } }] },
    )
    await q.send({ type: 'tessere.sync' })
    expect(q.calls[1]).toEqual(['loadTessere', { id: 42, rowstoskip: 0, fetchrows: MAX_FETCHROWS }])
  })
})

const ADDED_OUTCOME = { message: 'Tessera aggiunta.', aggiunte: ['TN260000009'], aggiornate: [] }

describe('elencoTessere: the synchronisation', () => {
  it('shows its two steps, then the list read again and what changed', async () => {
    const after = cards(9, 2).concat(cards(1, 2))
    const p = page(
      { tessere: cards(1, 2), record: 2 },
      { syncTessere: [{ output: SYNCED }], loadTessere: [{ output: { results: after, record: 4 } }] },
    )
    p.actor.send({ type: 'tessere.sync' })
    const comparing = p.actor.getSnapshot()
    expect(comparing.value).toEqual({ syncing: 'comparing' })
    expect(comparing.hasTag('syncing')).toBe(true)
    expect(comparing.hasTag('busy')).toBe(true)
    await tick()
    await tick()
    expect(p.actor.getSnapshot().value).toBe('ready')
    expect(p.calls).toEqual([
      ['syncTessere', undefined],
      ['loadTessere', { id: 42, rowstoskip: 0, fetchrows: TESSERE_PAGE_SIZE }],
    ])
    expect(p.context()).toMatchObject({
      tessere: after,
      record: 4,
      syncError: null,
      outcome: { message: SYNCED.messaggio, aggiunte: SYNCED.aggiunte, aggiornate: SYNCED.aggiornate },
    })
  })

  it('says why it failed; the next change clears the old refusal and outcome', async () => {
    const p = page(
      { tessere: cards(1, 2), record: 2 },
      {
        syncTessere: [{ error: SERVER_FAILURE }],
        addTessera: [{ error: NOT_FOUND }],
      },
    )
    await p.send({ type: 'tessera.add', codice: 'TN260000009' })
    expect(p.context().addError).toBe(NOT_FOUND.message)
    await p.send({ type: 'tessere.sync' })
    expect(p.actor.getSnapshot().value).toBe('ready')
    expect(p.context()).toMatchObject({
      syncError: SERVER_FAILURE.message,
      addError: null,
      tessere: cards(1, 2),
    })
  })

  it('reads the list again after a failed step of the list too', async () => {
    const p = page(
      { tessere: cards(1, 2), record: 2 },
      { syncTessere: [{ output: SYNCED }], loadTessere: [{ error: SERVER_FAILURE }] },
    )
    await p.send({ type: 'tessere.sync' })
    expect(p.actor.getSnapshot().value).toBe('ready')
    expect(p.context()).toMatchObject({ error: SERVER_FAILURE.message, tessere: cards(1, 2) })
  })
})

describe('elencoTessere: what each state takes and says', () => {
  const resolve = (value: AnyMachineSnapshot['value']) =>
    elencoTessereMachine.resolveState({
      value,
      context: {
        idPersona: 42,
        tessere: [],
        record: 5,
        error: null,
        addError: null,
        syncError: null,
        outcome: null,
      },
    })
  const BUSY = [
    'loadingMore',
    { adding: 'saving' },
    { adding: 'refreshing' },
    { syncing: 'comparing' },
    { syncing: 'refreshing' },
  ]

  it.each(BUSY.map((value) => [JSON.stringify(value), value] as const))(
    '%s takes no new request',
    (_, value) => {
      const snapshot = resolve(value)
      expect(snapshot.hasTag('busy')).toBe(true)
      for (const event of [
        { type: 'tessere.more' },
        { type: 'tessera.add', codice: 'TN260000009' },
        { type: 'tessere.sync' },
      ] as const)
        expect(transition(elencoTessereMachine, snapshot, event)[0]).toBe(snapshot)
    },
  )

  it('titles each state in Italian for the statechart viewer', () => {
    const titles = (node: typeof elencoTessereMachine.root): [string, unknown][] =>
      Object.values(node.states).flatMap((child) => [
        [child.id, child.meta?.title] as [string, unknown],
        ...titles(child),
      ])
    expect(titles(elencoTessereMachine.root)).toEqual([
      ['elencoTessere.ready', 'Tessere mostrate'],
      ['elencoTessere.loadingMore', 'Caricamento di altre tessere'],
      ['elencoTessere.adding', 'Aggiunta di una tessera'],
      ['elencoTessere.adding.saving', 'Ricerca della tessera'],
      ['elencoTessere.adding.refreshing', 'Aggiornamento dell’elenco'],
      ['elencoTessere.syncing', 'Sincronizzazione'],
      ['elencoTessere.syncing.comparing', '1 di 2: lettura del registro federale'],
      ['elencoTessere.syncing.refreshing', '2 di 2: aggiornamento dell’elenco'],
    ])
    const descriptions = (node: typeof elencoTessereMachine.root): string[] =>
      Object.values(node.states).flatMap((child) => [String(child.meta?.description), ...descriptions(child)])
    for (const description of descriptions(elencoTessereMachine.root))
      expect(description).toMatch(/^[«A-ZÀ-Ý].{10,}\.$/)
    expect(resolve('ready').hasTag('busy')).toBe(false)
    expect(resolve('loadingMore').hasTag('adding')).toBe(false)
  })

  it('names its guards in Italian', () => {
    expect(elencoTessereLabels.guards).toEqual({
      hasMore: 'ci sono altre tessere',
      isCardCode: 'il codice ha la forma di un codice tessera',
    })
  })
})

describe('elencoTessere: the actors the application must provide', () => {
  it('fails loudly when one is missing: the page says so and takes requests again', async () => {
    const actor = createActor(elencoTessereMachine, {
      input: { idPersona: 42, tessere: [], record: 2 },
    }).start()
    actor.send({ type: 'tessere.more' })
    await tick()
    expect(actor.getSnapshot().value).toBe('ready')
    expect(actor.getSnapshot().context.error).toBe(MESSAGES.generic)
    actor.stop()
    const names = ['loadTessere', 'addTessera', 'syncTessere']
    const messages = await Promise.all(
      names.map(async (name) => {
        const logic = (elencoTessereMachine.implementations.actors as Record<string, unknown>)[name]
        const missing = createActor(logic as AnyActorLogic, { input: {} })
        missing.subscribe({ error: () => {} })
        missing.start()
        await tick()
        return String((missing.getSnapshot() as { error?: Error }).error?.message)
      }),
    )
    expect(messages).toEqual(
      names.map((name) => `elencoTessere: l'attore '${name}' deve essere fornito con machine.provide()`),
    )
  })
})
