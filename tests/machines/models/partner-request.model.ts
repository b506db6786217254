// Model of a partner request's life (issue 12, items 4 and 5): who may do what, in which state. The rules are
// restated here from the issue, independently of the machine's guards, and checked on every executed step; the
// other party, a stranger and the portal try every event too, so a guard that lets them through fails the check.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { type PartnerRequestContext, partnerRequestMachine } from '../../../machines/partner-request.ts'
import type { ExecutedStep, MachineModel } from '../coverage.ts'

/** The model's people: the listing's author, the player who asks, someone else. */
export const AUTHOR = 1
export const REQUESTER = 2
export const STRANGER = 3

/** Every event each person (and the portal) could send: the model explores them all, the API replay too. */
export function partnerRequestEvents(): AnyEventObject[] {
  const events: AnyEventObject[] = []
  for (const by of [AUTHOR, REQUESTER, STRANGER]) {
    for (const type of ['richiesta.invia', 'richiesta.conferma', 'richiesta.rifiuta', 'richiesta.cancella'])
      events.push({ type, by })
  }
  events.push({ type: 'richiesta.decade', by: null })
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as PartnerRequestContext
const FINAL = ['confirmed', 'refused', 'cancelled']

function checkPartnerRequest({ scenario, before, event, after }: ExecutedStep) {
  const input = scenario.input as { autore: number; richiedente: number }
  // The two parties never change.
  assert.deepEqual(ctx(after), { autore: input.autore, richiedente: input.richiedente })
  assert.equal(after.hasTag('inAttesa'), after.matches('sent'))
  assert.equal(
    after.status === 'done',
    FINAL.some((state) => after.matches(state)),
  )
  if (after.matches('nuova')) {
    // Only the requester sends, and never to a listing of their own.
    for (const by of [AUTHOR, REQUESTER, STRANGER])
      assert.equal(
        after.can({ type: 'richiesta.invia', by }),
        by === input.richiedente && input.richiedente !== input.autore,
        `invio da ${by}`,
      )
  }
  if (after.matches('sent')) {
    // Only the author answers, only the requester cancels, nobody else does anything.
    assert.equal(after.can({ type: 'richiesta.conferma', by: AUTHOR }), true)
    assert.equal(after.can({ type: 'richiesta.conferma', by: REQUESTER }), false, 'chi chiede non conferma')
    assert.equal(after.can({ type: 'richiesta.rifiuta', by: REQUESTER }), false, 'chi chiede non rifiuta')
    assert.equal(
      after.can({ type: 'richiesta.cancella', by: AUTHOR }),
      false,
      'l’autore rifiuta, non annulla',
    )
    assert.equal(after.can({ type: 'richiesta.cancella', by: REQUESTER }), true)
    assert.equal(after.can({ type: 'richiesta.invia', by: REQUESTER }), false, 'una sola richiesta in attesa')
  }
  if (!before) {
    assert.ok(after.matches('nuova'))
    return
  }
  const moved = JSON.stringify(before.value) !== JSON.stringify(after.value)
  const by = (event as unknown as { by: number | null }).by
  if (by === STRANGER) assert.equal(moved, false, 'un estraneo non cambia nulla')
  if (!moved) return
  switch (event.type) {
    case 'richiesta.invia':
      assert.equal(by, input.richiedente)
      assert.notEqual(input.richiedente, input.autore, 'nessuno risponde al proprio annuncio')
      assert.ok(after.matches('sent'))
      break
    case 'richiesta.conferma':
      assert.equal(by, AUTHOR)
      assert.ok(after.matches('confirmed'))
      break
    case 'richiesta.rifiuta':
      assert.equal(by, AUTHOR)
      assert.ok(after.matches('refused'))
      break
    case 'richiesta.cancella':
      assert.equal(by, REQUESTER)
      assert.ok(after.matches('cancelled'))
      break
    case 'richiesta.decade':
      assert.equal(by, null, 'decade solo per decisione del portale')
      assert.ok(after.matches('cancelled'))
      break
    default:
      assert.fail(`evento inatteso ${event.type}`)
  }
}

export const partnerRequestModel: MachineModel = {
  machine: partnerRequestMachine,
  scenarios: [
    {
      name: 'Un giocatore risponde all’annuncio di un altro',
      input: { autore: AUTHOR, richiedente: REQUESTER },
      events: partnerRequestEvents,
    },
    {
      name: 'L’autore prova a rispondere al proprio annuncio',
      input: { autore: AUTHOR, richiedente: AUTHOR },
      events: partnerRequestEvents,
    },
  ],
  check: checkPartnerRequest,
}
