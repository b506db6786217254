// The journal as the statechart viewer reads it: each event a machine took, with the state it reached, replayed
// with xstate's pure transition functions (src/statecharts/replay.ts); the live feed (src/journal/broadcast.ts).
import { afterEach, describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { type LookupResponse, disciplineMachine } from '../../machines/discipline.ts'
import { machines } from '../../machines/index.ts'
import { evaluateGuards } from '../../machines/navigation-guards.ts'
import { type RedirectResult, type SessionAccount, sessionMachine } from '../../machines/session.ts'
import { CHANNEL } from '../../src/journal/broadcast.ts'
import {
  appendJournal,
  clearJournal,
  journalInspector,
  readJournal,
  redact,
} from '../../src/journal/journal.ts'
import { parseCoverage, pathsCovering } from '../../src/statecharts/coverage.ts'
import { machineGraph } from '../../src/statecharts/graph.ts'
import { LIVE_CHANNEL, liveMessageEntries } from '../../src/statecharts/live.ts'
import { activeStateIds, parseJournal, replayJournal, stateWords } from '../../src/statecharts/replay.ts'

const LOOKUP: LookupResponse = {
  result: [
    {
      discipline: [
        {
          disciplina: 'tennis',
          id: 4332,
          nome: 'Tennis',
          settori: [{ id_settore: 1, settore: 'TENNIS' }],
        },
        {
          disciplina: 'padel',
          id: 172,
          nome: 'Padel',
          settori: [{ id_settore: 2, settore: 'PADEL' }],
        },
      ],
    },
  ],
}

/** The journal as exported and read back from the file. */
const exported = () => parseJournal(JSON.parse(JSON.stringify({ esportato: 'ora', eventi: readJournal() })))

afterEach(() => clearJournal())

describe('journal replay', () => {
  it('recomputes the states a live run of the registered machines reached', async () => {
    clearJournal()
    const discipline = createActor(
      disciplineMachine.provide({
        actors: { loadDisciplines: fromPromise<LookupResponse, { keys: 'ss' }>(async () => LOOKUP) },
      }),
      { input: { viewportWidth: 1280 }, inspect: journalInspector },
    ).start()
    discipline.send({ type: 'discipline.load' })
    await waitFor(discipline, (s) => s.matches('ready'))
    discipline.send({ type: 'discipline.choose', disciplina: 'padel' })

    const session = createActor(
      sessionMachine.provide({
        actors: {
          handleRedirect: fromPromise<RedirectResult | null, void>(async () => null),
          loginRedirect: fromPromise<
            void,
            { returnTo: string | null; signUp: boolean; cameFrom: string | null }
          >(async () => {
            throw new Error('Servizio di accesso non raggiungibile')
          }),
          logout: fromPromise<void, { token: string | null; account: SessionAccount | null }>(
            async () => undefined,
          ),
        },
      }),
      { input: { storedToken: null }, inspect: journalInspector },
    ).start()
    await waitFor(session, (s) => s.matches('anonymous'))
    session.send({ type: 'session.signIn', returnTo: '/home' })
    await waitFor(session, (s) => s.matches('anonymous') && s.context.message !== null)

    const decision = evaluateGuards(
      {
        from: '/home',
        to: '/profilo',
        isAuthRequired: true,
        isKnownPath: true,
        datiIncompleti: 0,
        privacy: 1,
        hasToken: false,
        hasChangedCredentialsCookie: true,
        storedSectorId: 1,
      },
      journalInspector,
    )
    expect(decision.type).toBe('login')

    const entries = exported()
    const steps = replayJournal(entries, machines)
    const checked = steps.filter((step) => step.matches !== null)
    // discipline: start, load, lookup answer, choice; session: start, answer, sign-in, failure, sign-out; guards.
    expect(checked.length).toBeGreaterThanOrEqual(9)
    expect(checked.filter((step) => step.matches !== true).map((s) => [s.entry.type, s.problem])).toEqual([])
    const last = steps.at(-1)!.states
    expect(last.discipline).toEqual(discipline.getSnapshot().value)
    expect(last.session).toEqual(session.getSnapshot().value)
    expect(last.navigationGuards).toBe('loginRequired')
    expect(steps.find((s) => s.entry.type === 'discipline.choose')?.taken).toEqual([
      'discipline.ready discipline.choose #0',
    ])
    expect(steps.find((s) => s.entry.type === 'session.signIn')?.taken).toEqual([
      'session.anonymous session.signIn #0',
    ])
    expect(entries.find((e) => e.type === 'xstate.error.actor.loginRedirect')?.payload).toMatchObject({
      error: { message: 'Servizio di accesso non raggiungibile' },
    })
  })

  it('reports a state that the replay does not reach', async () => {
    clearJournal()
    const actor = createActor(
      disciplineMachine.provide({
        actors: { loadDisciplines: fromPromise<LookupResponse, { keys: 'ss' }>(async () => LOOKUP) },
      }),
      { input: { viewportWidth: 1280 }, inspect: journalInspector },
    ).start()
    actor.send({ type: 'discipline.load' })
    await waitFor(actor, (s) => s.matches('ready'))
    const entries = exported()
    const tampered = entries.map((entry) =>
      entry.type === 'discipline.load' ? { ...entry, state: 'failed' } : entry,
    )
    const steps = replayJournal(tampered, machines)
    expect(steps.find((s) => s.entry.type === 'discipline.load')?.matches).toBe(false)
    expect(replayJournal(entries, machines).every((s) => s.matches !== false)).toBe(true)
  })

  it('refuses a file that is not an exported journal', () => {
    expect(() => parseJournal({ altro: [] })).toThrow(/eventi/)
  })

  it('names the active states of a state value', () => {
    const graph = machineGraph(sessionMachine)
    expect(activeStateIds(graph, { authenticated: 'ready' })).toEqual([
      'session.authenticated',
      'session.authenticated.ready',
    ])
    expect(stateWords(graph, { authenticated: 'ready' })).toBe('Sessione pronta')
    expect(stateWords(graph, null)).toBe('non avviata')
  })
})

describe('journal redaction', () => {
  it('hides secrets but keeps what guards ask: absent secrets, flags, error messages', () => {
    expect(
      redact({
        storedToken: null,
        hasToken: false,
        idToken: 'abc',
        token: { raw: 1 },
        error: new Error('AADB2C90118'),
      }),
    ).toEqual({
      storedToken: null,
      hasToken: false,
      idToken: '[redatto]',
      token: '[redatto]',
      error: { name: 'Error', message: 'AADB2C90118' },
    })
    expect(redact({ isAuthRequired: () => true })).toEqual({ isAuthRequired: undefined })
  })
})

describe('live feed', () => {
  it('posts the journal, then each new entry, and answers a viewer that asks', async () => {
    expect(LIVE_CHANNEL).toBe(CHANNEL)
    clearJournal()
    const viewer = new BroadcastChannel(LIVE_CHANNEL)
    const received: unknown[] = []
    viewer.onmessage = (message) => received.push(message.data)
    try {
      appendJournal(
        'session',
        'session.signIn',
        { returnTo: '/home' },
        { machine: 'session', state: 'anonymous' },
      )
      await expect.poll(() => received.length).toBeGreaterThanOrEqual(1)
      appendJournal('store:Utente', 'synced')
      viewer.postMessage('richiesta')
      await expect.poll(() => received.length).toBeGreaterThanOrEqual(3)
      const types = received.map((message) => liveMessageEntries(message).map((entry) => entry.type))
      expect(types[0]).toEqual(['session.signIn'])
      expect(types[1]).toEqual(['synced'])
      expect(types[2]).toEqual(['session.signIn', 'synced'])
      expect(liveMessageEntries(received[0])[0]).toMatchObject({ machine: 'session', state: 'anonymous' })
    } finally {
      viewer.close()
    }
  })
})

describe('coverage report', () => {
  it('reads per-machine counts, paths and the tour, and tells which paths cover a state or transition', () => {
    const report = parseCoverage({
      machines: [
        {
          id: 'discipline',
          title: 'Disciplina',
          states: { covered: 2, total: 5 },
          transitions: { covered: 1, total: 13 },
          paths: [
            {
              description: 'avvio → carica',
              states: ['discipline.idle'],
              transitions: ['discipline.idle discipline.load #1'],
            },
            'non un percorso',
          ],
          tour: {
            steps: [
              { event: 'avvio', eventText: null, titles: ['In attesa'] },
              {
                event: 'discipline.load',
                eventText: 'elenco delle discipline richiesto',
                titles: ['Caricamento'],
              },
            ],
            states: ['discipline.ready'],
            transitions: [],
          },
        },
        { nome: 'senza id' },
      ],
    })
    expect([...report.keys()]).toEqual(['discipline'])
    const discipline = report.get('discipline')!
    expect(discipline.states).toEqual({ covered: 2, total: 5 })
    expect(discipline.coveredStates).toEqual(new Set(['discipline.ready', 'discipline.idle']))
    expect(
      pathsCovering(discipline, { transition: 'discipline.idle discipline.load #1' }).map(
        (p) => p.description,
      ),
    ).toEqual(['avvio → carica'])
    expect(pathsCovering(discipline, { state: 'discipline.ready' })[0]).toMatchObject({
      tour: true,
      steps: ['avvio → In attesa', 'elenco delle discipline richiesto → Caricamento'],
    })
    expect(parseCoverage('nulla').size).toBe(0)
  })
})
