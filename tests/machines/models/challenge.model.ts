// Model of a challenge's life (issue 12, item 1): who may do what, in which state. The rules are restated here
// from the issue and DESIGN.md §5, independently of the machine's guards, and checked on every executed step;
// a stranger and the wrong side try every event too, so a guard that lets them through fails the check.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { type ChallengeContext, challengeMachine } from '../../../machines/challenge.ts'
import type { ExecutedStep, MachineModel, Scenario } from '../coverage.ts'

export const PROPOSER = 1
export const PARTNER = 2
export const OPPONENT = 3
export const OPPONENT_2 = 4
export const STRANGER = 5

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as ChallengeContext

/** The events of the people in a scenario; the ones a state cannot take are dropped by the explorer. */
function eventsOf(people: readonly number[], invitable: readonly { persona: number; lato: 1 | 2 }[]) {
  return (): AnyEventObject[] => {
    const events: AnyEventObject[] = []
    for (const by of people) {
      events.push(
        { type: 'sfida.accetta', by },
        { type: 'sfida.rifiuta', by },
        { type: 'sfida.pubblica', by },
        { type: 'sfida.annulla', by },
        { type: 'sfida.risultato', by, vincitore: 1 },
        { type: 'sfida.conferma', by },
        { type: 'sfida.contesta', by },
      )
      for (const { persona, lato } of invitable) {
        events.push({ type: 'sfida.aggiungiGiocatore', by, persona, lato })
        events.push({ type: 'sfida.rimuoviGiocatore', by, persona })
      }
    }
    events.push(
      { type: 'sfida.scade', by: null },
      { type: 'sfida.confermaAutomatica', by: null },
      { type: 'sfida.risolvi', by: STRANGER, arbitro: false, esito: 'confermato' },
      { type: 'sfida.risolvi', by: STRANGER, arbitro: true, esito: 'confermato' },
      { type: 'sfida.risolvi', by: STRANGER, arbitro: true, esito: 'annullato' },
    )
    return events
  }
}

const sideOf = (context: ChallengeContext, persona: number | null) =>
  context.partecipanti.find((p) => p.persona === persona)?.lato

function checkChallenge({ scenario, before, event, after }: ExecutedStep) {
  const now = ctx(after)
  const size = now.doppio ? 2 : 1
  // The proposer is always in, on side 1, and has said yes.
  assert.deepEqual(
    now.partecipanti.find((p) => p.persona === PROPOSER),
    { persona: PROPOSER, lato: 1, risposta: 'accettata' },
  )
  for (const lato of [1, 2] as const)
    assert.ok(
      now.partecipanti.filter((p) => p.lato === lato).length <= size,
      'una parte non supera i suoi posti',
    )
  assert.equal(after.hasTag('inAttesa'), after.matches('proposed') || after.matches('resultEntered'))
  assert.equal(after.hasTag('conclusa'), after.status === 'done')
  // Once accepted, every place is taken by a player who said yes.
  if (
    !after.matches('proposed') &&
    !after.matches('refused') &&
    !after.matches('cancelled') &&
    !after.matches('expired')
  ) {
    assert.equal(now.partecipanti.length, 2 * size)
    assert.ok(now.partecipanti.every((p) => p.risposta === 'accettata'))
  }
  if (!before) {
    assert.ok(after.matches('proposed'))
    return
  }
  const moved = JSON.stringify(before.value) !== JSON.stringify(after.value)
  const changed = moved || JSON.stringify(before.context) !== JSON.stringify(after.context)
  const by = (event as unknown as { by: number | null }).by
  const was = ctx(before)
  // Someone who is not (yet) a player of the challenge changes nothing, but taking an open place on the board.
  if (by !== null && sideOf(was, by) === undefined && event.type !== 'sfida.risolvi') {
    const takesOwnPlace =
      event.type === 'sfida.aggiungiGiocatore' &&
      was.pubblica &&
      (event as unknown as { persona: number }).persona === by
    if (!takesOwnPlace)
      assert.equal(changed, false, `${scenario.name}: chi non gioca la sfida non cambia nulla`)
  }
  if (by === null) {
    if (moved) {
      assert.ok(
        (before.matches('proposed') && after.matches('expired')) ||
          (before.matches('resultEntered') && after.matches('confirmed')),
        'il portale agisce solo alle scadenze',
      )
    }
  }
  if (event.type === 'sfida.annulla' && moved) {
    assert.equal(by, PROPOSER, 'annulla solo chi ha proposto')
    assert.ok(after.matches('cancelled'))
  }
  if (event.type === 'sfida.pubblica' && changed) {
    assert.equal(by, PROPOSER)
    assert.equal(now.pubblica, true)
  }
  if (event.type === 'sfida.rifiuta' && moved) {
    assert.equal(
      was.partecipanti.find((p) => p.persona === by)?.risposta,
      'in_attesa',
      'rifiuta solo un invitato',
    )
    assert.ok(after.matches('refused'))
  }
  if (event.type === 'sfida.accetta' && changed) {
    assert.equal(
      was.partecipanti.find((p) => p.persona === by)?.risposta,
      'in_attesa',
      'accetta solo un invitato',
    )
  }
  if (event.type === 'sfida.risultato' && moved) {
    assert.ok(sideOf(was, by) !== undefined, 'il risultato lo inserisce un giocatore della sfida')
    assert.equal(now.risultato?.inseritoDa, by)
  }
  if ((event.type === 'sfida.conferma' || event.type === 'sfida.contesta') && moved) {
    assert.notEqual(by, was.risultato?.inseritoDa, 'chi ha inserito il risultato non lo conferma')
    assert.notEqual(sideOf(was, by), sideOf(was, was.risultato?.inseritoDa ?? null), 'conferma l’altra parte')
    assert.ok(after.matches(event.type === 'sfida.conferma' ? 'confirmed' : 'contested'))
  }
  if (event.type === 'sfida.risolvi') {
    const arbitro = (event as unknown as { arbitro: boolean }).arbitro
    assert.equal(
      moved,
      arbitro && sideOf(was, by) === undefined && before.matches('contested'),
      'decide solo la federazione, su una contestazione, e non su una sfida che gioca',
    )
  }
  // Nothing leaves a final state.
  if (before.status === 'done') assert.equal(changed, false)
}

const singles: Scenario = {
  name: 'Singolare con un avversario invitato',
  input: { creatore: PROPOSER, doppio: false, pubblica: false, avversari: [OPPONENT] },
  events: eventsOf(
    [PROPOSER, OPPONENT, STRANGER],
    [
      { persona: OPPONENT, lato: 2 },
      { persona: STRANGER, lato: 2 },
    ],
  ),
}

const doubles: Scenario = {
  name: 'Doppio con compagno e due avversari invitati',
  input: {
    creatore: PROPOSER,
    doppio: true,
    pubblica: false,
    compagno: PARTNER,
    avversari: [OPPONENT, OPPONENT_2],
  },
  events: eventsOf([PROPOSER, PARTNER, OPPONENT, OPPONENT_2, STRANGER], [{ persona: OPPONENT_2, lato: 2 }]),
}

const board: Scenario = {
  name: 'Singolare pubblicato in bacheca, senza avversario',
  input: { creatore: PROPOSER, doppio: false, pubblica: true, avversari: [] },
  events: eventsOf([PROPOSER, STRANGER], [{ persona: STRANGER, lato: 2 }]),
}

export const challengeModel: MachineModel = {
  machine: challengeMachine,
  scenarios: [singles, doubles, board],
  check: checkChallenge,
}
