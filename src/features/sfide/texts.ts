// Fixed words and limits of the challenge forms.

/** The longest message, reason or note the contract takes (contract/sfide.ts: `Text(500)`). */
export const MESSAGE_MAX = 500

/** At most three sets (or games): the first side to win two wins the match. */
export const MAX_SETS = 3

/** How each scoring is entered, as the form explains it (the server checks it: docs/regole.md, «Risultati»). */
export const SCORING_HINTS = {
  set:
    'Al meglio dei tre set: scrivi i giochi di ogni set (il terzo solo se si è giocato). Un set si vince a 6 ' +
    'con due giochi di scarto, oppure 7-5; sul 6-6 si gioca il tie-break e il set finisce 7-6.',
  rally:
    'Al meglio dei tre game: scrivi i punti di ogni game (il terzo solo se si è giocato). Un game si vince a ' +
    '11 punti con due punti di scarto (per esempio 11-9 o 12-10).',
} as const
