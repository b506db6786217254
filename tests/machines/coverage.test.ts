// The model-based testing helper itself: it must report what is not covered, and every machine of the
// registry must have a model that covers it (DESIGN §3).
import { describe, expect, it } from 'vitest'
import { assign, fromPromise, setup } from 'xstate'
import { machines } from '../../machines/index.ts'
import {
  type MachineModel,
  coverageOf,
  done,
  exploreModel,
  planPaths,
  planTour,
  runPath,
  runTour,
  statesOf,
  transitionsOf,
} from './coverage.ts'
import { models } from './models/index.ts'
import { REQUIREMENTS, claimsOf } from './requirements.ts'

const retryMachine = setup({
  types: { context: {} as { attempts: number }, events: {} as { type: 'retry' } | { type: 'never' } },
  actors: { load: fromPromise(async () => 'ok') },
  guards: { isImpossible: () => false },
}).createMachine({
  id: 'retry',
  initial: 'loading',
  context: { attempts: 0 },
  states: {
    loading: {
      meta: { title: 'Caricamento' },
      invoke: {
        id: 'load',
        src: 'load',
        onDone: 'loaded',
        onError: { target: 'failed', actions: assign({ attempts: ({ context }) => context.attempts + 1 }) },
      },
    },
    failed: { meta: { title: 'Errore' }, on: { retry: 'loading' } },
    loaded: {
      meta: { title: 'Caricato' },
      // A transition no event list reaches, and a state only it leads to.
      on: { never: { guard: 'isImpossible', target: 'unreachable' } },
    },
    unreachable: { meta: { title: 'Mai raggiunto' } },
  },
})

const retryModel: MachineModel = {
  machine: retryMachine,
  // Attempts are data: the model state is the state value only, so the retry loop is finite.
  abstract: (snapshot) => snapshot.value,
  scenarios: [
    {
      name: 'retry',
      events: (snapshot) =>
        snapshot.matches('loading')
          ? [done('load', 'ok'), { type: 'xstate.error.actor.load', error: { message: 'x' } }]
          : [{ type: 'retry' }, { type: 'never' }],
    },
  ],
}

describe('the coverage helper', () => {
  it('lists every state (history excluded) and every transition, guarded branches apart', () => {
    expect(statesOf(retryMachine)).toEqual([
      'retry.loading',
      'retry.failed',
      'retry.loaded',
      'retry.unreachable',
    ])
    expect(transitionsOf(retryMachine).map((t) => `${t.key} [${t.guard}]`)).toEqual([
      'retry.loading xstate.done.actor.load #0 [null]',
      'retry.loading xstate.error.actor.load #0 [null]',
      'retry.failed retry #0 [null]',
      'retry.loaded never #0 [isImpossible]',
    ])
  })

  it('plans the edge back to an already reached state (the retry), which shortest paths alone miss', () => {
    const descriptions = planPaths(retryModel).map((path) => path.description)
    expect(descriptions).toContain('retry: ✘ load: x → retry')
  })

  it('names every planned path uniquely and completely: each event whole, never cut (the test names)', () => {
    const long = 'x'.repeat(150)
    const payloads: MachineModel = {
      ...retryModel,
      scenarios: [
        {
          name: 'lunghi',
          events: (snapshot) =>
            snapshot.matches('loading')
              ? [done('load', { a: long, b: 1 }), done('load', { a: long, b: 2 })]
              : snapshot.matches('failed')
                ? [{ type: 'retry' }]
                : [],
        },
      ],
    }
    const descriptions = planPaths(payloads).map((path) => path.description)
    expect(new Set(descriptions).size).toBe(descriptions.length)
    expect(descriptions.some((d) => d.includes(long) && d.includes('"b":2'))).toBe(true)
    expect(descriptions.every((d) => !d.includes('…'))).toBe(true)
    const session = planPaths(models.session!).map((path) => path.description)
    expect(new Set(session).size).toBe(session.length)
    // Planning the session's 1,254 paths takes seconds on a busy machine.
  }, 60_000)

  it('reports as missing what no executed path took, so an unreachable transition fails the suite', async () => {
    const { coverage, failures } = await exploreModel(retryModel)
    expect(failures).toEqual([])
    expect(coverage.states.missing).toEqual(['retry.unreachable'])
    expect(coverage.transitions.missing.map((t) => t.key)).toEqual(['retry.loaded never #0'])
  })

  it('counts only what was executed: no executed path, no coverage', () => {
    const coverage = coverageOf(retryMachine, [])
    expect(coverage.states.covered).toEqual([])
    expect(coverage.transitions.covered).toEqual([])
  })

  it('fails a path whose actor the machine did not start', async () => {
    const [first] = planPaths(retryModel)
    const broken = {
      ...first!,
      path: {
        ...first!.path,
        steps: [...first!.path.steps, { state: first!.path.state, event: done('elsewhere', null) }],
      },
    }
    await expect(runPath(retryModel, broken)).rejects.toThrow(/elsewhere/)
  })

  it('fails a path when the real actor diverges from the model', async () => {
    const lying: MachineModel = {
      ...retryModel,
      machine: retryMachine.provide({ guards: { isImpossible: () => true } }),
      scenarios: [{ name: 'lying', events: retryModel.scenarios[0]!.events! }],
    }
    const path = planPaths(lying).find((p) => p.description.endsWith('never'))!
    // The planner ran on the provided machine; the real actor runs the model's machine with doubles only.
    const honest: MachineModel = { ...lying, machine: retryMachine }
    await expect(runPath(honest, path)).rejects.toThrow(/diverge/)
  })
})

// Two ends no transition leads back from: the tour must restart to take the second.
const forkMachine = setup({
  types: { events: {} as { type: 'left' } | { type: 'right' } },
}).createMachine({
  id: 'fork',
  initial: 'choosing',
  states: {
    choosing: { meta: { title: 'Scelta' }, on: { left: 'leftEnd', right: 'rightEnd' } },
    leftEnd: { type: 'final', meta: { title: 'Sinistra' } },
    rightEnd: { type: 'final', meta: { title: 'Destra' } },
  },
})
const forkModel: MachineModel = {
  machine: forkMachine,
  scenarios: [{ name: 'fork', events: () => [{ type: 'left' }, { type: 'right' }] }],
}

describe('the tour', () => {
  it('takes every reachable transition in one walk, the retry loop included, with no restart', async () => {
    const { executed } = await exploreModel(retryModel)
    const tour = planTour(retryModel, executed)
    expect(tour.restarts).toBe(0)
    // Start, fail, retry, succeed: the shortest walk taking the three reachable transitions.
    expect(tour.length).toBe(4)
    const ran = await runTour(retryModel, tour)
    expect(ran.transitions.toSorted()).toEqual(
      [
        'retry.loading xstate.done.actor.load #0',
        'retry.loading xstate.error.actor.load #0',
        'retry.failed retry #0',
      ].toSorted(),
    )
  })

  it('restarts from the initial state when a final state leaves transitions untaken, and says so', async () => {
    const { executed } = await exploreModel(forkModel)
    const tour = planTour(forkModel, executed)
    expect(tour.segments).toHaveLength(2)
    expect(tour.restarts).toBe(1)
    expect(tour.length).toBe(4)
    const ran = await runTour(forkModel, tour)
    expect(ran.steps.filter((step) => step.start !== undefined)).toHaveLength(2)
    expect(ran.steps.filter((step) => step.restart === true)).toHaveLength(1)
    expect(coverageOf(forkMachine, ran.segments).transitions.missing).toEqual([])
  })

  it('plans nothing for transitions no executed path took', async () => {
    const tour = planTour(retryModel, [])
    expect(tour.segments).toEqual([])
    expect(tour.planned).toEqual([])
  })
})

describe('the requirement trace (meta.spec)', () => {
  it('names only items of tests/machines/requirements.ts, each id once', () => {
    const ids = REQUIREMENTS.map((r) => r.id)
    expect(new Set(ids).size).toBe(ids.length)
    const unknown = machines
      .flatMap(({ machine }) => claimsOf(machine))
      .filter((claim) => !ids.includes(claim.requirement))
    expect(unknown).toEqual([])
  })

  it('reads claims on transitions and on states', () => {
    const tagged = setup({}).createMachine({
      id: 'tagged',
      initial: 'a',
      states: {
        a: {
          meta: { spec: '§4 guardia 4' },
          on: { go: { target: 'b', meta: { spec: ['§4 guardia 5', '§8 401'] } } },
        },
        b: {},
      },
    })
    expect(claimsOf(tagged).map((c) => `${c.kind} ${c.target} ${c.requirement}`)).toEqual([
      'state tagged.a §4 guardia 4',
      'transition tagged.a go #0 §4 guardia 5',
      'transition tagged.a go #0 §8 401',
    ])
  })
})

describe('the coverage gate: every registered machine', () => {
  for (const entry of machines) {
    it(`${entry.id}: its generated paths cover every state and transition, and its tour takes every transition`, async () => {
      const model = models[entry.id]
      expect(model, `nessun modello per ${entry.id}`).toBeDefined()
      const { executed, failures, coverage } = await exploreModel(model!)
      expect(failures).toEqual([])
      expect(coverage.states.missing).toEqual([])
      expect(coverage.transitions.missing).toEqual([])
      const ran = await runTour(model!, planTour(model!, executed))
      const toured = coverageOf(entry.machine, ran.segments)
      expect(toured.transitions.missing).toEqual([])
      expect(toured.states.missing).toEqual([])
    }, 60_000)
  }
})

describe('the registry (machines/index.ts)', () => {
  it('lists each machine once, with an Italian description and a model', () => {
    const ids = machines.map((entry) => entry.id)
    expect(new Set(ids).size).toBe(ids.length)
    expect(ids).toEqual(
      expect.arrayContaining(['session', 'navigationGuards', 'discipline', 'confirmedAction']),
    )
    for (const entry of machines) {
      expect(entry.machine.id).toBe(entry.id)
      expect(entry.description.length).toBeGreaterThan(30)
    }
    expect(machines.filter((entry) => models[entry.id]?.machine !== entry.machine).map((e) => e.id)).toEqual(
      [],
    )
  })

  it('gives every state an Italian title for the viewer and the report', () => {
    const untitled = machines.flatMap(({ machine }) =>
      statesOf(machine).filter(
        (id) => !(machine.getStateNodeById(id).meta as { title?: string } | undefined)?.title,
      ),
    )
    expect(untitled).toEqual([])
  })

  it('gives every invoke an explicit id, so its done/error events have stable names', () => {
    const invokes = machines.flatMap(({ machine }) =>
      [machine.root, ...statesOf(machine).map((id) => machine.getStateNodeById(id))].flatMap((node) =>
        node.invoke.map((invoke) => invoke.id),
      ),
    )
    expect(invokes.length).toBeGreaterThan(5)
    expect(invokes.filter((id) => /^\d+\./.test(id))).toEqual([])
  })
})
