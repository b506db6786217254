// Turns a machine model into a vitest suite: one test per generated path, run against a real actor, then a
// test that the executed paths covered every state and every transition of the machine.
import { describe, expect, it } from 'vitest'
import {
  type ExecutedPath,
  type MachineModel,
  coverageOf,
  planPaths,
  runPath,
  statesOf,
  transitionsOf,
} from './coverage.ts'

export function describeModel(model: MachineModel) {
  const { machine } = model
  describe(`${machine.id}: percorsi generati dal modello`, () => {
    const planned = planPaths(model)
    const executed: ExecutedPath[] = []

    it('plans at least one path per transition of the machine', () => {
      expect(planned.length).toBeGreaterThanOrEqual(transitionsOf(machine).length)
    })

    for (const path of planned) {
      // oxlint-disable-next-line vitest/valid-title -- the titles are the generated paths' descriptions
      it(path.description, async () => {
        const result = await runPath(model, path)
        // runPath asserts each step (model agreement and the spec checks) and throws on the first failure.
        expect(result.steps).toHaveLength(path.path.steps.length)
        executed.push(result)
      })
    }

    it('covers every state and every transition with the executed paths', () => {
      const coverage = coverageOf(machine, executed)
      expect(executed).toHaveLength(planned.length)
      expect(coverage.states.missing).toEqual([])
      expect(coverage.transitions.missing).toEqual([])
      expect(coverage.states.covered).toHaveLength(statesOf(machine).length)
      expect(coverage.transitions.covered).toHaveLength(transitionsOf(machine).length)
    })
  })
}
