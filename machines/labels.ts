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
  /**
   * Named guard → its negation said positively, for the guards a machine uses inside `not()`: `hasToken` →
   * 'manca il token' instead of 'non è vero che c’è un token' (no double negatives).
   */
  negated?: Readonly<Record<string, string>>
  /**
   * Events and named guards whose transitions are failures, besides the error events of invoked actors
   * (e.g. a 401 answer): the statechart viewer draws the failures that lead to one state as a single edge.
   */
  failures?: readonly string[]
  /**
   * Who answers for each invoked actor (by invoke id), e.g. `ssoSilent` → 'il servizio d’identità'; an id
   * mapped to null is no one (a pause). Unlisted ids answer as 'il server'. Read by the flow report's steps.
   */
  services?: Readonly<Record<string, string | null>>
  /**
   * Action → what it does that must then be true, in Italian, e.g. `avvisaInvito` →
   * 'l’invitato riceve un avviso' (what the server stores and tells, for the flow report's steps).
   */
  actions?: Readonly<Record<string, string>>
  /**
   * Who does an event, named by role from the context and the event (e.g. `by` compared with the context's
   * people): 'il giocatore che ha proposto', 'l’avversario'; null when the event names no one.
   * `does` replaces the event's label when the payload says more (whom a player invites).
   */
  roles?: (context: never, event: never) => { who: string | null; does?: string } | null
  /** What the user then sees that the state's title does not say (a message, the page reached), in Italian. */
  shows?: (context: never) => readonly string[]
}

const AFTER = 'xstate.after.'

/** The key of an event in `MachineLabels.events`: `xstate.after.5000.session.x` → `xstate.after.5000`. */
export function eventLabelKey(event: string, sourceId: string): string {
  if (!event.startsWith(AFTER)) return event
  return event.endsWith(`.${sourceId}`) ? event.slice(0, -sourceId.length - 1) : event
}
