// What of a person the portal shows to someone else (issue 19, 9j; docs/regole.md «Privacy: ricerche e Power»).
// The privacy choices of /impostazioni are decided here, once, for every answer that shows a person: player
// searches, the challenge board and challenges, the organiser's results. A person always sees their own data.
import { explainChange, type PowerChange } from './power.ts'

/** A person's choices in /impostazioni that limit what others see; null where they never chose. */
export type PrivacyChoices = {
  /** Found by the player searches (home, partner, opponent) and listed on the partner board. */
  visibileRicerche: boolean | null
  /** Power shown to others. */
  mostraPower: boolean | null
}

/** What a person who never chose gets (the defaults of /impostazioni): found, Power shown. */
export const PRIVACY_DEFAULTS = { visibileRicerche: true, mostraPower: true } as const

/** What of a person one viewer may see. */
export type Disclosure = { findable: boolean; power: boolean }

/**
 * What of `person` may be shown to `viewer` (null: signed out): everything to the person themselves, else what
 * they chose (the defaults where they never did). People without a portal account never chose.
 */
export function disclosure(
  person: number,
  choices: PrivacyChoices | null | undefined,
  viewer: number | null,
): Disclosure {
  if (viewer !== null && viewer === person) return { findable: true, power: true }
  return {
    findable: choices?.visibileRicerche ?? PRIVACY_DEFAULTS.visibileRicerche,
    power: choices?.mostraPower ?? PRIVACY_DEFAULTS.mostraPower,
  }
}

/** The Power of `person` as `viewer` may read it: null when the person hides it from others. */
export function shownPower(
  power: number | null,
  person: number,
  choices: PrivacyChoices | null | undefined,
  viewer: number | null,
): number | null {
  return disclosure(person, choices, viewer).power ? power : null
}

/**
 * The opponents' level (a Power, or a pair's mean) as `viewer` may read it: null when one of the opponents hides
 * their Power from the viewer (in singles it is that Power; in doubles, beside the partner's, it gives it away).
 */
export function shownLevel(
  level: number | null,
  opponents: readonly number[],
  choices: ReadonlyMap<number, PrivacyChoices>,
  viewer: number | null,
): number | null {
  return opponents.every((person) => disclosure(person, choices.get(person), viewer).power) ? level : null
}

/**
 * A match's Power changes as `viewer` may read them: another player's change only when they show their Power; in a
 * change shown, the opponents' level is left out (null, «un livello non pubblico») when one of them hides their
 * Power from the viewer (`shownLevel`). Each comes with its explanation.
 */
export function shownChanges<C extends PowerChange>(
  changes: readonly C[],
  opponentsOf: (personId: number) => readonly number[],
  choices: ReadonlyMap<number, PrivacyChoices>,
  viewer: number | null,
): (Omit<C, 'livelloAvversari'> & { livelloAvversari: number | null; spiegazione: string })[] {
  const shows = (person: number) => disclosure(person, choices.get(person), viewer).power
  return changes
    .filter((change) => shows(change.personId))
    .map((change) => {
      const livelloAvversari = shownLevel(
        change.livelloAvversari,
        opponentsOf(change.personId),
        choices,
        viewer,
      )
      return {
        ...change,
        livelloAvversari,
        spiegazione: explainChange({ ...change, livelloAvversari }, viewer),
      }
    })
}
