// The viewer's simulate mode: a product owner steps a machine by choosing transitions (a guarded one is a
// choice of its own), sees the context the machine's actions compute, and can reach every state by clicks.
import { describe, expect, it } from 'vitest'
import { machines } from '../../machines/index.ts'
import { machineGraph } from '../../src/statecharts/graph.ts'
import { activeStateIds } from '../../src/statecharts/replay.ts'
import {
  simulationChoices,
  startSimulation,
  stepSimulation,
  type SimulationState,
} from '../../src/statecharts/simulate.ts'

const sfida = machines.find((m) => m.id === 'sfida')!
const graph = machineGraph(sfida.machine, sfida.labels, sfida.title)

describe('simulate mode on the challenge machine', () => {
  it('offers each guarded transition as a choice and takes the one chosen, with the context it computes', () => {
    const start = startSimulation(sfida.machine, sfida.example)
    expect(start.state.value).toBe('proposed')
    const choices = simulationChoices(graph, start.state)
    const accept = choices.filter((t) => t.event === 'sfida.accetta')
    // «accepts last» moves on, «is invited» stays: two choices, told by their conditions.
    expect(accept.map((t) => t.guard)).toHaveLength(2)
    expect(accept.every((t) => t.guard !== null)).toBe(true)
    const last = accept.find((t) => t.targets.length > 0)!
    const stays = accept.find((t) => t.targets.length === 0)!
    expect(stepSimulation(sfida.machine, graph, start.state, stays).state.value).toBe('proposed')
    const accepted = stepSimulation(sfida.machine, graph, start.state, last)
    expect(accepted.state.value).toBe('accepted')
    expect(accepted.approximate).toBe(false)
    // The machine's own action ran: the context shown is the one it computes.
    const published = stepSimulation(
      sfida.machine,
      graph,
      start.state,
      choices.find((t) => t.event === 'sfida.pubblica')!,
    )
    expect((published.state.context as { pubblica: boolean }).pubblica).toBe(true)
  })

  it('reaches every state of the machine by choices alone, and none once it has finished', () => {
    const all = Object.values(graph.states)
      .filter((s) => s.kind !== 'root' && s.kind !== 'history')
      .map((s) => s.id)
    const reached = new Set<string>()
    const seen = new Set<string>()
    const finished: SimulationState[] = []
    const queue: SimulationState[] = [startSimulation(sfida.machine, sfida.example).state]
    while (queue.length > 0) {
      const state = queue.shift()!
      const key = JSON.stringify(state.value)
      if (seen.has(key)) continue
      seen.add(key)
      for (const id of activeStateIds(graph, state.value)) reached.add(id)
      if (state.done) finished.push(state)
      for (const choice of simulationChoices(graph, state))
        queue.push(stepSimulation(sfida.machine, graph, state, choice).state)
    }
    expect([...reached].sort()).toEqual(all.sort())
    expect(finished.length).toBeGreaterThan(0)
    expect(finished.flatMap((state) => simulationChoices(graph, state))).toEqual([])
  })
})
