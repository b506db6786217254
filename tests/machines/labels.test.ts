// Every registered machine speaks Italian to product owners: each event its transitions listen to (done and
// error events of invoked actors, delays) and each named guard (inside and/or/not too) has a label in the
// machine's vocabulary, and the vocabulary names nothing the machine does not have.
import { type AnyStateMachine, and, assign, createMachine, fromPromise, not, or, setup } from 'xstate'
import { describe, expect, it } from 'vitest'
import { machines } from '../../machines/index.ts'
import { eventLabelKey, type MachineLabels } from '../../machines/labels.ts'
import { guardLeaves } from '../../src/statecharts/graph.ts'

type AnyStateNode = AnyStateMachine['root']

/** The event types (label keys) and named guards of a machine's transitions, eventless ones included. */
function vocabularyOf(machine: AnyStateMachine): { events: Set<string>; guards: Set<string> } {
  const events = new Set<string>()
  const guards = new Set<string>()
  const visit = (node: AnyStateNode) => {
    for (const [event, list] of node.transitions.entries()) {
      events.add(eventLabelKey(event, node.id))
      for (const t of list) for (const name of guardLeaves(t.guard)) guards.add(name)
    }
    for (const t of node.always ?? []) for (const name of guardLeaves(t.guard)) guards.add(name)
    for (const child of Object.values(node.states ?? {}) as AnyStateNode[]) visit(child)
  }
  visit(machine.root)
  return { events, guards }
}

interface Gaps {
  missingEvents: string[]
  missingGuards: string[]
  staleEvents: string[]
  staleGuards: string[]
}

function gapsOf(machine: AnyStateMachine, labels: MachineLabels): Gaps {
  const { events, guards } = vocabularyOf(machine)
  const labelled = (words: Readonly<Record<string, string>>, key: string) => (words[key] ?? '').trim() !== ''
  return {
    missingEvents: [...events].filter((event) => !labelled(labels.events, event)).sort(),
    missingGuards: [...guards].filter((guard) => !labelled(labels.guards, guard)).sort(),
    staleEvents: Object.keys(labels.events)
      .filter((event) => !events.has(event))
      .sort(),
    staleGuards: Object.keys(labels.guards)
      .filter((guard) => !guards.has(guard))
      .sort(),
  }
}

const NO_GAPS: Gaps = { missingEvents: [], missingGuards: [], staleEvents: [], staleGuards: [] }

describe('the Italian vocabulary of the machines', () => {
  it.each(machines.map((entry) => [entry.id, entry] as const))(
    '%s labels every event and named guard, and nothing else',
    (_, entry) => {
      expect(gapsOf(entry.machine, entry.labels)).toEqual(NO_GAPS)
    },
  )

  it('gives every one of the 26 registered machines a vocabulary', () => {
    expect(machines).toHaveLength(26)
    for (const entry of machines) {
      expect(
        Object.keys(entry.labels.events).length + Object.keys(entry.labels.guards).length,
      ).toBeGreaterThan(0)
    }
  })

  it('finds the done and error events of the session sign-in and the guard on the user data', () => {
    const session = vocabularyOf(machines.find((entry) => entry.id === 'session')!.machine)
    expect(session.events).toContain('xstate.done.actor.loadLogin')
    expect(session.events).toContain('xstate.error.actor.loadLogin')
    expect(session.guards).toContain('hasPersonId')
  })

  it('finds events and guards missing a label, inside combinators and delays, and stale labels', () => {
    const sample = setup({
      types: { events: {} as { type: 'go' } | { type: 'stop' } },
      guards: { isReady: () => true, isOpen: () => true, isLate: () => false, isFar: () => false },
      actors: { load: fromPromise(async () => 1) },
    }).createMachine({
      id: 'sample',
      initial: 'idle',
      states: {
        idle: {
          on: { go: { guard: and(['isReady', not('isOpen')]), target: 'loading' }, stop: 'done' },
          always: { guard: or(['isLate', 'isFar']), target: 'done' },
        },
        loading: {
          invoke: { id: 'load', src: 'load', onDone: 'done', onError: 'idle' },
          after: { 2000: 'idle' },
        },
        done: { type: 'final' },
      },
    })
    const labels: MachineLabels = {
      events: {
        go: 'Vai',
        'xstate.done.actor.load': 'caricato',
        'xstate.after.2000': 'dopo 2 secondi',
        old: 'x',
      },
      guards: { isReady: 'è pronto', isLate: 'è tardi', oldGuard: 'x' },
    }
    expect(gapsOf(sample, labels)).toEqual({
      missingEvents: ['stop', 'xstate.error.actor.load'],
      missingGuards: ['isFar', 'isOpen'],
      staleEvents: ['old'],
      staleGuards: ['oldGuard'],
    })
  })

  it('does not take an inline guard for a named one', () => {
    const inline = createMachine({
      id: 'inline',
      context: { n: 0 },
      initial: 'a',
      states: { a: { on: { tick: { guard: ({ context }) => context.n > 0, actions: assign({ n: 1 }) } } } },
    })
    expect(vocabularyOf(inline).guards).toEqual(new Set(['condizione']))
  })
})
