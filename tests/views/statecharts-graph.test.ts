// The statechart viewer's graph extraction and layout (src/statecharts/graph.ts, layout.ts).
import { describe, expect, it } from 'vitest'
import { assign, createMachine, setup } from 'xstate'
import { getStateNodes } from 'xstate/graph'
import { machines } from '../../machines/index.ts'
import { graphCounts, machineGraph } from '../../src/statecharts/graph.ts'
import { type Box, layoutMachine } from '../../src/statecharts/layout.ts'

/** Counted straight from the machine's configuration, independently of the viewer's extraction. */
function configCounts(config: Record<string, unknown>): { states: number; transitions: number } {
  let states = 0
  let transitions = 0
  const candidates = (value: unknown) => (Array.isArray(value) ? value.length : value === undefined ? 0 : 1)
  const visit = (node: Record<string, unknown>, isRoot: boolean) => {
    if (!isRoot && node.type !== 'history') states++
    for (const value of Object.values((node.on ?? {}) as Record<string, unknown>))
      transitions += candidates(value)
    transitions += candidates(node.always)
    for (const value of Object.values((node.after ?? {}) as Record<string, unknown>))
      transitions += candidates(value)
    const invokes = node.invoke === undefined ? [] : Array.isArray(node.invoke) ? node.invoke : [node.invoke]
    for (const invoke of invokes as Record<string, unknown>[]) {
      transitions += candidates(invoke.onDone) + candidates(invoke.onError) + candidates(invoke.onSnapshot)
    }
    transitions += candidates(node.onDone)
    for (const child of Object.values((node.states ?? {}) as Record<string, Record<string, unknown>>)) {
      visit(child, false)
    }
  }
  visit(config, true)
  return { states, transitions }
}

const sample = setup({
  guards: { isReady: () => true, isLate: () => false },
}).createMachine({
  id: 'sample',
  initial: 'idle',
  on: { 'sample.reset': { target: '.idle' }, 'sample.touch': { actions: assign({}) } },
  states: {
    idle: {
      meta: { title: 'In attesa', spec: '§4 passo 1' },
      on: {
        'sample.go': [{ guard: 'isReady', target: 'working' }, { target: 'done' }],
      },
      after: { 5000: { target: 'working' } },
    },
    working: {
      meta: { title: 'Al lavoro' },
      type: 'parallel',
      states: {
        left: {
          initial: 'a',
          states: {
            a: { on: { 'sample.next': 'b' } },
            b: { always: { guard: 'isLate', target: '#sample.done' } },
            back: { type: 'history', history: 'deep' },
          },
        },
        right: { initial: 'c', states: { c: {} } },
      },
      on: { 'sample.stop': { target: 'done', meta: { title: 'Fermati', guard: 'sempre', spec: '§8' } } },
    },
    done: { type: 'final', meta: { title: 'Concluso' } },
  },
})

describe('statechart graph', () => {
  it.each(machines.map((entry) => [entry.id, entry]))('%s: every state and transition', (_id, entry) => {
    const graph = machineGraph(entry.machine)
    const counts = graphCounts(graph)
    expect(counts).toEqual(configCounts(entry.machine.config as unknown as Record<string, unknown>))
    expect(counts.states).toBe(getStateNodes(entry.machine.root).filter((n) => n.type !== 'history').length)
    expect(new Set(graph.transitions.map((t) => t.key)).size).toBe(graph.transitions.length)
  })

  it('reads eventless, delayed, targetless, guarded and fallback transitions, and every kind of state', () => {
    const graph = machineGraph(sample)
    expect(graphCounts(graph)).toEqual({ states: 8, transitions: 8 })
    expect(graphCounts(graph)).toEqual(configCounts(sample.config as unknown as Record<string, unknown>))
    const kinds = Object.fromEntries(Object.values(graph.states).map((s) => [s.id, s.kind]))
    expect(kinds).toMatchObject({
      sample: 'root',
      'sample.idle': 'atomic',
      'sample.working': 'parallel',
      'sample.working.left': 'compound',
      'sample.working.left.back': 'history',
      'sample.done': 'final',
    })
    expect(graph.states['sample.working.left.back']!.deep).toBe(true)
    expect(graph.states['sample.working.left']!.initial).toBe('sample.working.left.a')
    expect(graph.states['sample.idle']).toMatchObject({ title: 'In attesa', spec: '§4 passo 1' })
    const byKey = Object.fromEntries(graph.transitions.map((t) => [t.key, t]))
    expect(byKey['sample.idle sample.go #0']).toMatchObject({ guard: 'isReady', otherwise: false })
    expect(byKey['sample.idle sample.go #1']).toMatchObject({ guard: null, otherwise: true })
    const delayed = graph.transitions.find((t) => t.kind === 'after')!
    expect(delayed).toMatchObject({ label: 'dopo 5 s', source: 'sample.idle', targets: ['sample.working'] })
    expect(byKey['sample.working.left.b (always) #0']).toMatchObject({
      kind: 'always',
      label: 'subito (automatica)',
      guard: 'isLate',
      targets: ['sample.done'],
    })
    expect(byKey['sample.working sample.stop #0']).toMatchObject({
      label: 'Fermati',
      guard: 'sempre',
      spec: '§8',
    })
    expect(byKey['sample sample.touch #0']!.targets).toEqual([])
  })

  it('writes combined guards in words', () => {
    const guards = machineGraph(machines.find((m) => m.id === 'navigationGuards')!.machine)
    const first = guards.transitions.find((t) => t.key === 'navigationGuards.incompleteData (always) #0')!
    expect(first.guard).toBe('hasIncompleteData e non isAlwaysReachable')
    expect(first.guardName).toBe('and(hasIncompleteData, not(isAlwaysReachable))')
  })

  it('labels events and guards with the machine vocabulary, meta first', () => {
    const graph = machineGraph(sample, {
      events: {
        'sample.go': 'Vai',
        'sample.stop': 'Stop',
        'xstate.after.5000': 'dopo 5 secondi di attesa',
      },
      guards: { isReady: 'è pronto', isLate: 'è in ritardo' },
    })
    const byKey = Object.fromEntries(graph.transitions.map((t) => [t.key, t]))
    expect(byKey['sample.idle sample.go #0']).toMatchObject({
      label: 'Vai',
      guard: 'è pronto',
      guardName: 'isReady',
    })
    expect(byKey['sample.working.left.b (always) #0']).toMatchObject({
      label: 'subito (automatica)',
      guard: 'è in ritardo',
    })
    expect(graph.transitions.find((t) => t.kind === 'after')!.label).toBe('dopo 5 secondi di attesa')
    // meta wins over the vocabulary
    expect(byKey['sample.working sample.stop #0']).toMatchObject({ label: 'Fermati', guard: 'sempre' })
    // an event the vocabulary does not name keeps its technical name
    expect(byKey['sample sample.reset #0']!.label).toBe('sample.reset')
  })

  it('the registered machines show their Italian vocabulary, combined guards in words', () => {
    const session = machines.find((m) => m.id === 'session')!
    const userData = machineGraph(session.machine, session.labels).transitions.find(
      (t) => t.event === 'xstate.done.actor.loadUserData' && t.guardName === 'hasPersonId',
    )!
    expect(userData).toMatchObject({ label: 'dati utente caricati', guard: 'ha un codice persona' })
    const signIn = machineGraph(session.machine, session.labels).transitions.find(
      (t) => t.event === 'session.signIn',
    )!
    expect(signIn.label).toBe('Accedi')
    const guards = machines.find((m) => m.id === 'navigationGuards')!
    const first = machineGraph(guards.machine, guards.labels).transitions.find(
      (t) => t.key === 'navigationGuards.incompleteData (always) #0',
    )!
    expect(first.guard).toBe("l'utente ha dati incompleti e la pagina non è tra quelle sempre raggiungibili")
    expect(first.guardName).toBe('and(hasIncompleteData, not(isAlwaysReachable))')
  })

  it('a machine made only of eventless transitions still has all its edges (toDirectedGraph drops them)', () => {
    const machine = createMachine({
      id: 'chain',
      initial: 'a',
      states: {
        a: { always: 'b' },
        b: { always: [{ target: 'c', guard: () => false }, { target: 'c' }] },
        c: {},
      },
    })
    expect(graphCounts(machineGraph(machine))).toEqual({ states: 3, transitions: 3 })
  })
})

const within = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

const near = (p: { x: number; y: number }, box: Box) =>
  p.x >= box.x - 2 && p.x <= box.x + box.width + 2 && p.y >= box.y - 2 && p.y <= box.y + box.height + 2

describe('statechart layout', () => {
  it.each([...machines.map((entry) => [entry.id, entry.machine] as const), ['sample', sample] as const])(
    '%s: boxes nested in their parents, siblings apart, every transition drawn once',
    (_id, machine) => {
      const graph = machineGraph(machine)
      const layout = layoutMachine(graph)
      expect(Object.keys(layout.states).sort()).toEqual(Object.keys(graph.states).sort())
      const outside = Object.values(layout.states)
        .filter(
          ({ state }) => state.parent && !within(layout.states[state.id]!, layout.states[state.parent]!),
        )
        .map(({ state }) => state.id)
      expect(outside).toEqual([])
      const overlapping = Object.values(graph.states).flatMap((state) => {
        const siblings = state.children.map((id) => layout.states[id]!)
        return siblings.flatMap((a, i) =>
          siblings
            .slice(i + 1)
            .filter((b) => overlap(a, b))
            .map((b) => `${a.state.id} / ${b.state.id}`),
        )
      })
      expect(overlapping).toEqual([])
      const onEdges = new Set(layout.edges.flatMap((e) => e.transitions.map((t) => t.key)))
      const inBoxes = layout.loops.map((l) => l.transition.key)
      expect(new Set([...onEdges, ...inBoxes])).toEqual(new Set(graph.transitions.map((t) => t.key)))
      expect(inBoxes.filter((key) => onEdges.has(key))).toEqual([])
      expect(new Set(inBoxes).size).toBe(inBoxes.length)
      const boxOf = (id: string): Box => {
        const junction = layout.junctions.find((j) => j.id === id)
        return junction ? { x: junction.x - 6, y: junction.y - 6, width: 12, height: 12 } : layout.states[id]!
      }
      const detached = layout.edges
        .filter(
          (edge) =>
            !near(edge.points[0]!, boxOf(edge.source)) || !near(edge.points.at(-1)!, boxOf(edge.target)),
        )
        .map((edge) => edge.transition.key)
      expect(detached).toEqual([])
      const compound = Object.values(graph.states).filter((s) => s.initial !== null && s.kind !== 'parallel')
      expect(layout.initials.map((i) => i.parent).sort()).toEqual(compound.map((s) => s.id).sort())
    },
    60_000,
  )
})
