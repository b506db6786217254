// Model of an enrolment's life (issue 11, item 3): who may do what, in which state. The rules are restated here
// from the issue, independently of the machine's guards, and checked on every executed step; strangers and the
// wrong person try every event too, so a guard that lets them through fails the check.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { type IscrizioneContext, iscrizioneMachine } from '../../../machines/iscrizione.ts'
import type { ExecutedStep, MachineModel } from '../coverage.ts'

const PLAYER = 1
const PARTNER = 2
const STRANGER = 3

/** Every event each person could send: the model explores them all, the API replay tries the refused ones. */
export function iscrizioneEvents(): AnyEventObject[] {
  const events: AnyEventObject[] = []
  for (const by of [PLAYER, PARTNER, STRANGER]) {
    for (const postiLiberi of [0, 1]) {
      for (const compagno of [null, PARTNER, PLAYER]) {
        events.push({ type: 'iscrizione.richiedi', by, compagno, postiLiberi })
      }
      events.push({ type: 'iscrizione.accetta', by, postiLiberi })
    }
    // A person never makes an invitation expire: only the portal's deadline does.
    events.push(
      { type: 'iscrizione.rifiuta', by },
      { type: 'iscrizione.ritira', by },
      { type: 'iscrizione.scade', by },
    )
  }
  events.push({ type: 'iscrizione.promuovi', by: null }, { type: 'iscrizione.scade', by: null })
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as IscrizioneContext
const ACTIVE = ['attesaCompagno', 'iscritta', 'listaAttesa']

function checkIscrizione({ scenario, before, event, after }: ExecutedStep) {
  const doppio = (scenario.input as { doppio: boolean }).doppio
  const now = ctx(after)
  assert.equal(now.giocatore, PLAYER)
  assert.equal(
    after.hasTag('attiva'),
    ACTIVE.some((state) => after.matches(state)),
  )
  // Nobody but the invited partner answers an invitation; a stranger never changes anything.
  if (after.matches('attesaCompagno')) {
    assert.equal(after.can({ type: 'iscrizione.accetta', by: PLAYER, postiLiberi: 1 }), false)
    assert.equal(after.can({ type: 'iscrizione.accetta', by: STRANGER, postiLiberi: 1 }), false)
    assert.equal(after.can({ type: 'iscrizione.accetta', by: PARTNER, postiLiberi: 0 }), true)
    assert.equal(
      after.can({ type: 'iscrizione.ritira', by: PARTNER }),
      false,
      'il compagno rifiuta, non ritira',
    )
    assert.equal(after.can({ type: 'iscrizione.scade', by: null }), true, 'l’invito senza risposta scade')
    for (const by of [PLAYER, PARTNER, STRANGER]) {
      assert.equal(after.can({ type: 'iscrizione.scade', by }), false, 'solo il portale fa scadere un invito')
    }
  }
  if (after.matches('iscritta') || after.matches('listaAttesa')) {
    assert.equal(after.can({ type: 'iscrizione.ritira', by: PLAYER }), true)
    assert.equal(after.can({ type: 'iscrizione.ritira', by: STRANGER }), false)
    assert.equal(after.can({ type: 'iscrizione.ritira', by: PARTNER }), doppio)
  }
  if (after.status === 'done')
    assert.ok(after.matches('ritirata') || after.matches('rifiutata') || after.matches('scaduta'))
  if (!before) {
    assert.ok(after.matches('nonIscritto'))
    return
  }
  const moved = JSON.stringify(before.value) !== JSON.stringify(after.value)
  const by = (event as unknown as { by: number | null }).by
  if (by === STRANGER) assert.equal(moved, false, 'un estraneo non cambia nulla')
  if (event.type === 'iscrizione.richiedi') {
    const { compagno, postiLiberi } = event as unknown as { compagno: number | null; postiLiberi: number }
    if (doppio) {
      assert.equal(after.matches('attesaCompagno'), by === PLAYER && compagno === PARTNER)
      if (after.matches('attesaCompagno')) assert.equal(now.compagno, PARTNER)
    } else {
      const expected =
        by !== PLAYER || compagno !== null ? 'nonIscritto' : postiLiberi > 0 ? 'iscritta' : 'listaAttesa'
      assert.ok(after.matches(expected), `singolare: atteso ${expected}`)
    }
  }
  if (event.type === 'iscrizione.accetta' && moved) {
    assert.equal(by, PARTNER)
    const { postiLiberi } = event as unknown as { postiLiberi: number }
    assert.ok(
      after.matches(postiLiberi > 0 ? 'iscritta' : 'listaAttesa'),
      'a posti esauriti in lista d’attesa',
    )
  }
  if (event.type === 'iscrizione.rifiuta' && moved) {
    assert.equal(by, PARTNER)
    assert.ok(after.matches('rifiutata'))
  }
  if (event.type === 'iscrizione.ritira' && moved) assert.ok(after.matches('ritirata'))
  if (event.type === 'iscrizione.scade') {
    assert.equal(
      moved,
      by === null && before.matches('attesaCompagno'),
      'scade solo un invito in attesa di risposta, e solo per il portale',
    )
    if (moved) assert.ok(after.matches('scaduta'))
  }
  if (event.type === 'iscrizione.promuovi') {
    assert.equal(moved, before.matches('listaAttesa'), 'sale solo chi è in lista d’attesa')
    if (moved) assert.ok(after.matches('iscritta'))
  }
}

export const iscrizioneModel: MachineModel = {
  machine: iscrizioneMachine,
  abstract: (snapshot) => ({ value: snapshot.value, compagno: ctx(snapshot).compagno }),
  scenarios: [
    { name: 'Torneo di singolare', input: { giocatore: PLAYER, doppio: false }, events: iscrizioneEvents },
    { name: 'Torneo di doppio', input: { giocatore: PLAYER, doppio: true }, events: iscrizioneEvents },
  ],
  check: checkIscrizione,
}
