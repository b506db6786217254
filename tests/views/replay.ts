// Replays the paths generated from a machine model against a rendered view (DESIGN §3, STYLE "Tests"): the
// planner of tests/machines/coverage.ts gives the paths, TestModel.testPath runs them, each event becomes what
// the user does (a click, a key) or what the application sends, and each state becomes assertions on what the
// user sees. The machine inside the view is the real one; only its actors are doubles the path settles.
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { type ApiFailure, NetworkFailure, ServerFailure, Unauthorized } from '../../src/api/errors.ts'
import { describe, expect, it } from 'vitest'
import {
  type MachineModel,
  type PlannedPath,
  coverageOf,
  planPaths,
  runPath,
  testModelFor,
} from '../machines/coverage.ts'

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

/**
 * Doubles of the API client (src/api/client.ts `callApi`), for views whose actors call it: every call waits
 * until the path settles it, with the answer's `result` or with the failure the client would reject with.
 */
export class ApiDoubles {
  private readonly pending: {
    path: string
    body: unknown
    resolve: (value: unknown) => void
    reject: (error: unknown) => void
  }[] = []
  /** Every call made, in order. */
  readonly calls: { path: string; body: unknown }[] = []

  /** The stand-in for `callApi(endpoint, body)`. */
  readonly call = (endpoint: { path: string }, body: unknown): Promise<never> => {
    this.calls.push({ path: endpoint.path, body })
    return new Promise((resolve, reject) =>
      this.pending.push({ path: endpoint.path, body, resolve: resolve as (value: unknown) => void, reject }),
    )
  }

  /** The bodies of the calls to `path` still waiting, oldest first (to check what the view sends). */
  waiting(path: string): unknown[] {
    return this.pending.filter((request) => request.path === path).map((request) => request.body)
  }

  /**
   * Answers the latest waiting call to `path` (the one the machine's current actor waits for: earlier ones
   * belong to actors it has stopped) with `{ result: output }`, or rejects it with the failure.
   */
  settle(path: string, outcome: { output: unknown } | { error: unknown }) {
    const index = this.pending.findLastIndex((request) => request.path === path)
    if (index < 0) throw new Error(`nessuna chiamata a '${path}' in attesa: la vista non l'ha fatta`)
    const [call] = this.pending.splice(index, 1)
    if ('output' in outcome) call!.resolve({ result: outcome.output })
    else call!.reject(apiFailure(outcome.error as FailureData))
  }
}

type FailureData = { message: string; _tag?: string; status?: number }

/** A failure of tests/machines/models/failures.ts as the API client rejects it (src/api/errors.ts). */
export function apiFailure(failure: FailureData): ApiFailure {
  switch (failure._tag) {
    case 'Unauthorized':
      return new Unauthorized({ status: failure.status ?? 401, message: failure.message })
    case 'ServerFailure':
      return new ServerFailure({ status: failure.status ?? 500, message: failure.message })
    default:
      return new NetworkFailure({ cause: new TypeError(failure.message) })
  }
}

/**
 * The suite of one view: a check that the planned paths take every state and transition of the machine, then
 * one test per path, replayed on the rendered view.
 */
export function describeReplays(title: string, model: MachineModel, driver: () => ViewDriver) {
  // oxlint-disable-next-line vitest/valid-title -- each caller passes its suite's title
  describe(title, () => {
    const planned = planPaths(model)

    it('plans paths that take every transition and reach every state of the machine', async () => {
      const executed = await Promise.all(planned.map((path) => runPath(model, path)))
      const coverage = coverageOf(model.machine, executed)
      expect(coverage.states.missing).toEqual([])
      expect(coverage.transitions.missing.map((t) => t.key)).toEqual([])
    })

    for (const path of planned) {
      // oxlint-disable-next-line vitest/valid-title -- the titles are the generated paths' descriptions
      it(path.description, async () => {
        expect.hasAssertions()
        await replayOnView(model, path, driver())
      })
    }
  })
}
