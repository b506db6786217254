// Replays the paths generated from a machine model against a rendered view (DESIGN §3, STYLE "Tests"): the
// planner of tests/machines/coverage.ts gives the paths, TestModel.testPath runs them, each event becomes what
// the user does (a click, a key) or what the application sends, and each state becomes assertions on what the
// user sees. The machine inside the view is the real one; only its actors are doubles the path settles.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { type MachineModel, type PlannedPath, testModelFor } from '../machines/coverage.ts'

export interface ViewDriver {
  /** Renders the view for the path's scenario (the `xstate.init` step). */
  start: (input: unknown) => Promise<void> | void
  /** Does what the user (or the application) does for an event, given the state it is sent in. */
  act: (event: AnyEventObject, before: AnyMachineSnapshot) => Promise<void>
  /** Asserts what the user sees in a state of the model. */
  see: (expected: AnyMachineSnapshot) => Promise<void>
}

export async function replayOnView(model: MachineModel, planned: PlannedPath, driver: ViewDriver) {
  const { testModel } = testModelFor(model, planned.scenario)
  let current: AnyMachineSnapshot | null = null
  const types = new Set(planned.path.steps.map((step) => step.event.type))
  await testModel.testPath(planned.path, {
    events: Object.fromEntries(
      [...types].map((type) => [
        type,
        async (step: { event: AnyEventObject }) => {
          if (step.event.type === 'xstate.init') await driver.start(planned.scenario.input)
          else await driver.act(step.event, current!)
        },
      ]),
    ),
    states: {
      '*': async (expected: AnyMachineSnapshot) => {
        await driver.see(expected)
        current = expected
      },
    },
  })
}
