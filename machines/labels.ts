// The Italian vocabulary of a machine, for product owners: what each event means and what each named guard
// checks, written once beside the machine and read by the statechart viewer and the flow report.
// tests/machines/labels.test.ts fails when an event or guard of a machine has no label, or a label is stale.

export interface MachineLabels {
  /**
   * Event type → what happens, e.g. `session.signIn` → 'Accedi'. Done and error events of invoked actors by
   * their full type (`xstate.done.actor.loadLogin`); delayed events by `xstate.after.<delay>`, without the
   * id of the state that waits (see `eventLabelKey`).
   */
  events: Readonly<Record<string, string>>
  /** Named guard → the condition it checks, e.g. `hasPersonId` → 'ha un codice persona'. */
  guards: Readonly<Record<string, string>>
}

const AFTER = 'xstate.after.'

/** The key of an event in `MachineLabels.events`: `xstate.after.5000.session.x` → `xstate.after.5000`. */
export function eventLabelKey(event: string, sourceId: string): string {
  if (!event.startsWith(AFTER)) return event
  return event.endsWith(`.${sourceId}`) ? event.slice(0, -sourceId.length - 1) : event
}
