// «I miei dati» (issue 23 item 6, docs/regole.md «I miei dati»): what the export is called, the name an erased
// person keeps where others' results need a row, and the texts of others in which the name is replaced.
import { personName, sortedPersonName } from '../../contract/words.ts'

/**
 * An erased person keeps their row where draws, scores, rankings and team ties of others point at it, under this
 * name: «Giocatore non più iscritto» in either order (name first or surname first), since `nome` is empty.
 */
export const PERSONA_ANONIMA = { nome: '', cognome: 'Giocatore non più iscritto' } as const

/** The export's file name, with the day it was made: i-miei-dati-2026-11-27.json. */
export function exportFileName(now: Date): string {
  return `i-miei-dati-${now.toISOString().slice(0, 10)}.json`
}

/**
 * The ways the person's name is written in texts that others received (notices, e-mails, histories): «Giulia
 * Rossi» and «Rossi Giulia». Names of fewer than 3 letters in all are not searched (they would match inside other
 * words).
 */
export function nameForms(person: { nome: string; cognome: string }): string[] {
  const forms = new Set([personName(person), sortedPersonName(person)])
  return [...forms].filter((form) => form.replace(/\s/g, '').length >= 3)
}

/** The password check's refusal: the account is not deleted. */
export const PASSWORD_ERRATA = 'La password non è corretta: l’account non è stato eliminato.'

/** An account signed in through an external identity provider has no password here: it must sign in again. */
export const ACCESSO_RECENTE =
  'Per eliminare l’account accedi di nuovo al portale e riprova entro 10 minuti dall’accesso.'

/** How recent a sign-in must be to delete an account without a password (external identity providers). */
export const FRESH_SIGN_IN_SECONDS = 600

/** Whether a token issued at `issuedAt` (seconds) counts as a fresh sign-in at `now` (milliseconds). */
export function isFreshSignIn(issuedAt: number | undefined, now: number): boolean {
  return issuedAt !== undefined && now / 1000 - issuedAt <= FRESH_SIGN_IN_SECONDS
}

/**
 * What the federation and the club's organisers are told when a team's captain deletes their account: the team
 * keeps its ties and results, but nobody can act for it until the federation names a new captain.
 */
export function capitanoUscito(squadra: string, torneo: string): string {
  return `Il capitano della squadra «${squadra}» (${torneo}) ha eliminato il suo account: la squadra non ha più un capitano che possa proporre date, schierare la formazione o confermare i risultati. Contatta la federazione per indicarne uno nuovo.`
}
