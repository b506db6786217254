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
  runPath,
  statesOf,
  transitionsOf,
} from './coverage.ts'
import { models } from './models/index.ts'

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
