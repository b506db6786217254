// The help desk's rules (issue 23 item 3, docs/ruoli.md «Staff dell'assistenza»): which categories a sector
// offers, how a card is named in the pick list, who may read a request and who may answer it.
import {
  HELPDESK_CATEGORY_LABELS,
  HELPDESK_MESSAGES as M,
  type CategoriaRichiesta,
  type RichiestaChiusaDa,
  type RichiestaStato,
} from '../../contract/helpdesk.ts'
import { HELPDESK_CATEGORIES } from '../../contract/constants.ts'

/** Every sector offers the three categories of spec §6, in their order. */
export function categoriesOf(): CategoriaRichiesta[] {
  return Object.values(HELPDESK_CATEGORIES).map((id) => ({ id, descrizione: HELPDESK_CATEGORY_LABELS[id]! }))
}

/** The pick list's label of a card (spec §3): its code, type and discipline. */
export function cardLabel(card: { codice_tessera: string; tipologia: string; disciplina: string }): string {
  return `${card.codice_tessera} – ${card.tipologia} – ${card.disciplina}`
}

/** A request names a card only if it is one of the requester's own. */
export function cardAllowed(codice: string | undefined, ownCodes: readonly string[]): boolean {
  return codice === undefined || ownCodes.includes(codice)
}

/** The federation's staff answers the help desk: the admin role (docs/ruoli.md). */
export function isHelpdeskStaff(role: string): boolean {
  return role === 'admin'
}

/** A request is read by whoever sent it and by the staff. */
export function canRead(caller: { id: string; role: string }, request: { accountId: string }): boolean {
  return caller.id === request.accountId || isHelpdeskStaff(caller.role)
}

export type ReplyCheck = { ok: true } | { ok: false; status: 403 | 409; message: string }

/** The staff answers a request not closed yet (a second reply replaces the first and tells the user again). */
export function checkReply(role: string, stato: RichiestaStato): ReplyCheck {
  if (!isHelpdeskStaff(role)) return { ok: false, status: 403, message: M.staffOnly }
  if (stato === 'chiusa') return { ok: false, status: 409, message: M.closed }
  return { ok: true }
}

export type CloseCheck =
  { ok: true; by: RichiestaChiusaDa } | { ok: false; status: 404 | 409; message: string }

/**
 * Who may close a request: its requester («utente») or the staff («staff»); anyone else learns nothing of it
 * (the same 404 as for a missing one). A closed request stays closed.
 */
export function checkClose(
  caller: { id: string; role: string },
  request: { accountId: string; stato: RichiestaStato },
): CloseCheck {
  if (!canRead(caller, request)) return { ok: false, status: 404, message: M.notFound }
  if (request.stato === 'chiusa') return { ok: false, status: 409, message: M.alreadyClosed }
  // Staff closing their own request close it as its requester.
  return { ok: true, by: caller.id === request.accountId ? 'utente' : 'staff' }
}
