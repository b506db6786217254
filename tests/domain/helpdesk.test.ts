// The help desk's rules (server/domain/helpdesk.ts), without HTTP or a database: who may answer and who may close
// a request, and what a closed one refuses.
import { describe, expect, it } from 'vitest'
import { HELPDESK_MESSAGES as M } from '../../contract/helpdesk.ts'
import {
  canRead,
  cardAllowed,
  cardLabel,
  categoriesOf,
  checkClose,
  checkReply,
} from '../../server/domain/helpdesk.ts'

const requester = { id: 'a', role: 'player' }
const stranger = { id: 'b', role: 'player' }
const staff = { id: 's', role: 'admin' }

describe('help-desk rules', () => {
  it('lets the requester and the staff close a request not closed yet, saying who did', () => {
    expect(checkClose(requester, { accountId: 'a', stato: 'aperta' })).toEqual({ ok: true, by: 'utente' })
    expect(checkClose(staff, { accountId: 'a', stato: 'risposta' })).toEqual({ ok: true, by: 'staff' })
    // A staff member's own request is closed as its requester.
    expect(checkClose(staff, { accountId: 's', stato: 'aperta' })).toEqual({ ok: true, by: 'utente' })
  })

  it('tells anyone else the request does not exist, and refuses to close it twice', () => {
    expect(checkClose(stranger, { accountId: 'a', stato: 'aperta' })).toEqual({
      ok: false,
      status: 404,
      message: M.notFound,
    })
    expect(checkClose(requester, { accountId: 'a', stato: 'chiusa' })).toEqual({
      ok: false,
      status: 409,
      message: M.alreadyClosed,
    })
  })

  it('lets only the staff answer, and not a closed request', () => {
    expect(checkReply('player', 'aperta')).toEqual({ ok: false, status: 403, message: M.staffOnly })
    expect(checkReply('admin', 'risposta')).toEqual({ ok: true })
    expect(checkReply('admin', 'chiusa')).toEqual({ ok: false, status: 409, message: M.closed })
  })

  it('names a card only if it is the requester’s own', () => {
    expect(cardAllowed(undefined, [])).toBe(true)
    expect(cardAllowed('T1', ['T1'])).toBe(true)
    expect(cardAllowed('T2', ['T1'])).toBe(false)
  })

  it('lets a request be read by whoever sent it and by the staff only', () => {
    expect(canRead(requester, { accountId: 'a' })).toBe(true)
    expect(canRead(staff, { accountId: 'a' })).toBe(true)
    expect(canRead(stranger, { accountId: 'a' })).toBe(false)
    expect(canRead({ id: 'e', role: 'editor' }, { accountId: 'a' })).toBe(false)
  })

  it('offers the three categories of every sector, in their order', () => {
    expect(categoriesOf()).toEqual([
      { id: 1, descrizione: 'Assistenza' },
      { id: 2, descrizione: 'Disservizi' },
      { id: 3, descrizione: 'Gold' },
    ])
  })

  it('names a card in the pick list by its code, type and discipline', () => {
    expect(cardLabel({ codice_tessera: 'T1', tipologia: 'Agonistica', disciplina: 'Tennis' })).toBe(
      'T1 – Agonistica – Tennis',
    )
  })
})
