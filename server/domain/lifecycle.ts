// What the lifecycles decided with a machine (challenge, enrolment, partner request) share when the machine says
// no (docs/regole.md «Rifiuti: 403 e 409»): whose step it was. A step the state takes from another party of the
// record is not this person's (403); a step the state takes from nobody now is a conflict with the state (409).

/** The status of a refused event: 403 when another party could take this step now, 409 when nobody could. */
export function refusalStatus<E extends { by: number | null }>(
  can: (event: E) => boolean,
  event: E,
  parties: readonly number[],
): 403 | 409 {
  return parties.some((by) => by !== event.by && can({ ...event, by })) ? 403 : 409
}

/** A refusal the route answers as `{ statusCode, message }`. */
export type RefusalReason = { status: 400 | 403 | 404 | 409; message: string }
