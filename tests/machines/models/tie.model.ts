// Model of a tie's life (issue 21, item 3): who may do what, in which state. The rules are restated here from the
// issue, DESIGN.md §5 and docs/regole.md «Campionati a squadre», independently of the machine's guards, and
// checked on every executed step; a player of the team who is not its captain and the federation try every event
// too, so a guard that lets them through fails the check.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { type TieContext, tieMachine } from '../../../machines/tie.ts'
import type { ExecutedStep, MachineModel, Scenario } from '../coverage.ts'

export const HOME_CAPTAIN = 1
export const AWAY_CAPTAIN = 2
/** A player of the home team who is not its captain. */
export const HOME_PLAYER = 3
/** A federation account (it decides contested ties). */
export const FEDERATION = 4

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as TieContext

const PEOPLE = [HOME_CAPTAIN, AWAY_CAPTAIN, HOME_PLAYER, FEDERATION]

function events(): AnyEventObject[] {
  const list: AnyEventObject[] = []
  for (const by of PEOPLE)
    for (const type of [
      'incontro.proponiData',
      'incontro.accettaData',
      'incontro.rifiutaData',
      'incontro.schieramento',
      'incontro.generaPartite',
      'incontro.risultato',
      'incontro.conferma',
      'incontro.contesta',
    ])
      list.push({ type, by })
  list.push(
    { type: 'incontro.scadenzaSchieramenti', by: null },
    { type: 'incontro.confermaAutomatica', by: null },
    { type: 'incontro.risolvi', by: HOME_CAPTAIN, arbitro: false, esito: 'confermato' },
    { type: 'incontro.risolvi', by: HOME_CAPTAIN, arbitro: true, esito: 'confermato' },
    { type: 'incontro.risolvi', by: FEDERATION, arbitro: true, esito: 'confermato' },
    { type: 'incontro.risolvi', by: FEDERATION, arbitro: true, esito: 'annullato' },
  )
  return list
}

const captainSide = (by: number | null) =>
  by === HOME_CAPTAIN ? 'casa' : by === AWAY_CAPTAIN ? 'ospiti' : undefined

function checkTie({ scenario, before, event, after }: ExecutedStep) {
  const now = ctx(after)
  assert.deepEqual(now.capitani, { casa: HOME_CAPTAIN, ospiti: AWAY_CAPTAIN }, 'i capitani non cambiano')
  assert.equal(
    after.hasTag('inAttesa'),
    ['unscheduled', 'proposed', 'scheduled', 'resultEntered'].some((s) => after.matches(s)),
  )
  assert.equal(after.hasTag('concluso'), after.status === 'done')
  // A proposal waits for an answer only in «proposed».
  assert.equal(now.proposta !== null, after.matches('proposed'))
  // From «lineupsSubmitted» on (walkover aside) both lineups are in.
  if (
    ['lineupsSubmitted', 'playing', 'resultEntered', 'confirmed', 'contested', 'resolved'].some((s) =>
      after.matches(s),
    )
  )
    assert.deepEqual(now.schieramenti, { casa: true, ospiti: true }, 'si gioca con entrambi gli schieramenti')
  if (!before) {
    assert.ok(after.matches('unscheduled'))
    return
  }
  const was = ctx(before)
  const moved = JSON.stringify(before.value) !== JSON.stringify(after.value)
  const changed = moved || JSON.stringify(was) !== JSON.stringify(now)
  const by = (event as unknown as { by: number | null }).by
  const side = captainSide(by)
  // Nobody but the two captains changes anything, except the federation deciding and the portal's deadlines.
  if (by !== null && side === undefined && event.type !== 'incontro.risolvi')
    assert.equal(changed, false, `${scenario.name}: chi non è capitano nell’incontro non cambia nulla`)
  if (by === null && moved)
    assert.ok(
      (before.matches('scheduled') && after.matches('walkedOver')) ||
        (before.matches('resultEntered') && after.matches('confirmed')),
      'il portale agisce solo alle scadenze',
    )
  if (event.type === 'incontro.proponiData' && changed) {
    if (before.matches('unscheduled'))
      assert.equal(side, 'casa', 'la prima data la propone il capitano di casa')
    else assert.notEqual(side, was.proposta, 'una controproposta viene da chi doveva rispondere')
    assert.equal(now.proposta, side)
  }
  if ((event.type === 'incontro.accettaData' || event.type === 'incontro.rifiutaData') && changed) {
    assert.ok(side !== undefined && side !== was.proposta, 'risponde il capitano che non ha proposto')
    assert.ok(after.matches(event.type === 'incontro.accettaData' ? 'scheduled' : 'unscheduled'))
  }
  if (event.type === 'incontro.schieramento' && changed) {
    assert.ok(side !== undefined)
    assert.equal(now.schieramenti[side], true)
    assert.equal(after.matches('lineupsSubmitted'), now.schieramenti.casa && now.schieramenti.ospiti)
  }
  if (after.matches('walkedOver') && moved) {
    const expected = was.schieramenti.casa ? 'casa' : was.schieramenti.ospiti ? 'ospiti' : null
    assert.equal(now.vincitore, expected, 'vince a tavolino chi ha inviato lo schieramento')
  }
  if (event.type === 'incontro.risultato' && moved) assert.equal(now.risultato, side)
  if ((event.type === 'incontro.conferma' || event.type === 'incontro.contesta') && moved) {
    assert.ok(
      side !== undefined && side !== was.risultato,
      'conferma o contesta il capitano dell’altra squadra',
    )
    assert.ok(after.matches(event.type === 'incontro.conferma' ? 'confirmed' : 'contested'))
  }
  if (event.type === 'incontro.risolvi') {
    const arbitro = (event as unknown as { arbitro: boolean }).arbitro
    assert.equal(
      moved,
      arbitro && side === undefined && before.matches('contested'),
      'decide solo la federazione, su una contestazione, e non su un incontro di cui è capitano',
    )
  }
  if (before.status === 'done') assert.equal(changed, false, 'nulla esce da uno stato finale')
}

const tie: Scenario = {
  name: 'Incontro tra due squadre',
  input: { casa: HOME_CAPTAIN, ospiti: AWAY_CAPTAIN },
  events,
}

export const tieModel: MachineModel = {
  machine: tieMachine,
  scenarios: [tie],
  check: checkTie,
}
