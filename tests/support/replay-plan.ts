// What a machine's generated path asks of the API when it is replayed there (tests/server/*-percorsi.test.ts).
import type { AnyEventObject } from 'xstate'
import type { PlannedPath } from '../machines/coverage.ts'

/**
 * The events to send for one planned path, each with the state the machine is in afterwards: before each step,
 * the events the machine refuses in the state it leaves (once per state and scenario, remembered in `tried`), then
 * the step itself; at the end, the events it refuses where the path ends (an answered request takes nothing more).
 */
export function replayPlan(
  planned: PlannedPath,
  events: () => AnyEventObject[],
  tried: Set<string>,
): { event: AnyEventObject; value: unknown }[] {
  const plan: { event: AnyEventObject; value: unknown }[] = []
  const refusedIn = (state: PlannedPath['path']['state']) =>
    events()
      .filter((event) => !state.can(event))
      .map((event) => ({ event, value: state.value }))
  for (const [k, step] of planned.path.steps.entries()) {
    if (k === 0) continue
    const source = planned.path.steps[k - 1]!.state
    const key = `${planned.scenario.name} ${JSON.stringify(source.value)}`
    if (!tried.has(key)) {
      tried.add(key)
      plan.push(...refusedIn(source))
    }
    plan.push({ event: step.event, value: step.state.value })
  }
  plan.push(...refusedIn(planned.path.state))
  return plan
}
