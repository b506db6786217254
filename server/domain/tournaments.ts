// Rules about tournaments and their matches that more than one read shares.

/** Tournaments still to come or running (cancelled and finished ones are left out). */
export const UPCOMING_STATUSES = ['programmato', 'iscrizioni_aperte', 'iscrizioni_chiuse', 'in_corso']

/** Tournaments still to start (running, finished and cancelled ones are left out). */
export const NOT_STARTED_STATUSES = ['programmato', 'iscrizioni_aperte', 'iscrizioni_chiuse']

/** Match outcomes that count as played: a retirement was played, a walkover was not. */
export const PLAYED_OUTCOMES = ['giocata', 'ritiro']
