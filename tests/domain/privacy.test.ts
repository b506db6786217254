// What of a person the portal shows to someone else (docs/regole.md «Privacy: ricerche e Power»): the person sees
// everything of themselves, others see what the person chose, and who never chose is found and shows the Power.
import { describe, expect, it } from 'vitest'
import type { PowerChange } from '../../server/domain/power.ts'
import {
  disclosure,
  shownChanges,
  shownLevel,
  shownPower,
  type PrivacyChoices,
} from '../../server/domain/privacy.ts'

const hidden: PrivacyChoices = { visibileRicerche: false, mostraPower: false }
const ME = 7
const OTHER = 8

describe('disclosure', () => {
  it('shows a person everything of themselves, whatever they chose', () => {
    expect(disclosure(ME, hidden, ME)).toEqual({ findable: true, power: true })
  })

  it('shows others what the person chose, each choice on its own', () => {
    expect(disclosure(ME, hidden, OTHER)).toEqual({ findable: false, power: false })
    expect(disclosure(ME, { visibileRicerche: false, mostraPower: true }, OTHER)).toEqual({
      findable: false,
      power: true,
    })
    expect(disclosure(ME, { visibileRicerche: true, mostraPower: false }, OTHER)).toEqual({
      findable: true,
      power: false,
    })
  })

  it('applies the person’s choices to a signed-out viewer too (null is nobody, not the person)', () => {
    expect(disclosure(ME, hidden, null)).toEqual({ findable: false, power: false })
  })

  it('finds and shows the Power of who never chose, or has no account', () => {
    expect(disclosure(ME, { visibileRicerche: null, mostraPower: null }, OTHER)).toEqual({
      findable: true,
      power: true,
    })
    expect(disclosure(ME, undefined, null)).toEqual({ findable: true, power: true })
  })
})

describe('shownPower', () => {
  it('is the Power when shown, null when the person hides it from the viewer', () => {
    expect(shownPower(4.2, ME, hidden, OTHER)).toBeNull()
    expect(shownPower(4.2, ME, hidden, ME)).toBe(4.2)
    expect(shownPower(4.2, ME, null, OTHER)).toBe(4.2)
  })
})

describe('shownLevel', () => {
  it('hides the opponents’ level when any one of them hides their Power (a pair’s mean gives it away)', () => {
    const choices = new Map([[OTHER, hidden]])
    expect(shownLevel(5, [9, OTHER], choices, ME)).toBeNull()
    expect(shownLevel(5, [9, 10], choices, ME)).toBe(5)
    expect(shownLevel(5, [OTHER], choices, OTHER)).toBe(5)
  })
})

describe('shownChanges', () => {
  const change = (personId: number, livelloAvversari: number): PowerChange => ({
    personId,
    matchId: 1,
    challengeId: null,
    at: new Date('2026-11-01T10:00:00Z'),
    powerPrima: 4,
    powerDopo: 4.1,
    livelloProprio: 4,
    livelloAvversari,
    atteso: 0.5,
    ottenuto: 0.6,
    gameVinti: 6,
    gamePersi: 4,
    fattoreK: 0.2,
    provvisorio: false,
  })
  const opponentsOf = (personId: number) => (personId === ME ? [OTHER] : [ME])

  it('leaves out the change of a player who hides their Power, and the level of a hiding opponent', () => {
    const choices = new Map([[OTHER, hidden]])
    const shown = shownChanges([change(ME, 4.5), change(OTHER, 4)], opponentsOf, choices, ME)
    expect(shown.map((c) => c.personId)).toEqual([ME])
    expect(shown[0]?.livelloAvversari).toBeNull()
    expect(shown[0]?.spiegazione).toContain('contro un livello non pubblico')
  })

  it('keeps every change and level when nobody hides anything, each with its explanation', () => {
    const shown = shownChanges([change(ME, 4.5), change(OTHER, 4)], opponentsOf, new Map(), null)
    expect(shown.map((c) => [c.personId, c.livelloAvversari])).toEqual([
      [ME, 4.5],
      [OTHER, 4],
    ])
    expect(shown[0]?.spiegazione).toMatch(/^Livello 4,0 contro 4,5:/)
  })
})
