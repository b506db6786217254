// The card rules of server/domain/tessere.ts as plain functions: who may add a card, what a synchronisation
// changes, and what a card's public check answers (docs/regole.md «Tessere»).
import { describe, expect, it } from 'vitest'
import { giornoInParole, sincronizzazioneInParole } from '../../contract/tessere.ts'
import {
  type PortalCard,
  type RegistryCard,
  decideAdd,
  isVerificaId,
  planSync,
  verificationState,
} from '../../server/domain/tessere.ts'

const base = {
  tipologia: 'Agonistica',
  disciplineId: 4332,
  sectorId: 1,
  clubId: 10,
  stagione: 2026,
  validaDal: '2026-01-01',
  validaAl: '2026-12-31',
}
const registry = (codice: string, over: Partial<RegistryCard> = {}): RegistryCard => ({
  ...base,
  codiceTessera: codice,
  codiceFiscale: 'RSSMRA80A01H501U',
  ...over,
})
const listed = (codice: string, personId: number, over: Partial<PortalCard> = {}): PortalCard => ({
  ...base,
  codiceTessera: codice,
  personId,
  ...over,
})
const person = { id: 7, codiceFiscale: 'rssmra80a01h501u' }
const today = '2026-06-15'

describe('decideAdd', () => {
  it('adds a registry card of the person’s codice fiscale (in any case) that has not expired', () => {
    const card = registry('TN1')
    expect(decideAdd({ person, portal: undefined, registry: card, today })).toEqual({ kind: 'add', card })
    const next = registry('TN2', { stagione: 2027, validaDal: '2027-01-01', validaAl: '2027-12-31' })
    expect(decideAdd({ person, portal: undefined, registry: next, today }).kind).toBe('add')
  })

  it('refuses an unknown code, someone else’s card and an expired one; says when it is already listed', () => {
    expect(decideAdd({ person, portal: undefined, registry: undefined, today })).toEqual({ kind: 'unknown' })
    const others = registry('TN1', { codiceFiscale: 'BNCLCU88E14H501X' })
    expect(decideAdd({ person, portal: undefined, registry: others, today })).toEqual({ kind: 'someoneElse' })
    expect(decideAdd({ person, portal: listed('TN1', 8), registry: registry('TN1'), today })).toEqual({
      kind: 'someoneElse',
    })
    expect(decideAdd({ person, portal: listed('TN1', 7), registry: undefined, today })).toEqual({
      kind: 'alreadyYours',
    })
    const old = registry('TN1', { validaAl: '2026-06-14' })
    expect(decideAdd({ person, portal: undefined, registry: old, today })).toEqual({
      kind: 'expired',
      validaAl: '2026-06-14',
    })
    // The last day of validity still counts.
    const lastDay = registry('TN1', { validaAl: today })
    expect(decideAdd({ person, portal: undefined, registry: lastDay, today }).kind).toBe('add')
  })
})

describe('planSync', () => {
  it('adds, updates with what changed, counts the unchanged and the expired, skips someone else’s', () => {
    const plan = planSync({
      personId: 7,
      today,
      portal: [listed('SAME', 7), listed('MOVED', 7), listed('THEIRS', 8)],
      registry: [
        registry('SAME'),
        registry('MOVED', { clubId: 11, validaAl: '2026-12-30', validaDal: '2026-01-02' }),
        registry('THEIRS'),
        registry('NEW'),
        registry('OLD', { stagione: 2024, validaDal: '2024-01-01', validaAl: '2024-12-31' }),
      ],
    })
    expect(plan.insert.map((c) => c.codiceTessera)).toEqual(['NEW'])
    expect(plan.update.map((u) => [u.card.codiceTessera, u.modifiche])).toEqual([
      ['MOVED', ['circolo', 'validità']],
    ])
    expect(plan.unchanged).toBe(1)
    expect(plan.expired).toBe(1)
  })
})

describe('planSync names each field the registry changed', () => {
  it.each([
    [{ tipologia: 'Amatoriale' }, ['tipologia']],
    [{ disciplineId: 4333 }, ['disciplina']],
    [{ sectorId: 2 }, ['settore']],
    [{ clubId: 11 }, ['circolo']],
    [{ stagione: 2027 }, ['stagione']],
    [{ validaDal: '2026-02-01' }, ['validità']],
    [{ validaAl: '2026-11-30' }, ['validità']],
  ] as const)('%o is told as %o', (change, words) => {
    const plan = planSync({ personId: 7, today, portal: [listed('C', 7)], registry: [registry('C', change)] })
    expect(plan.update.map((u) => u.modifiche)).toEqual([words])
    expect(plan.unchanged).toBe(0)
  })
})

describe('isVerificaId', () => {
  it('takes a whole UUID only, nothing before or after it', () => {
    const id = '3f2b8c1e-9a4d-4e2f-8b7a-1c2d3e4f5a6b'
    expect(isVerificaId(id)).toBe(true)
    expect(isVerificaId(id.toUpperCase())).toBe(true)
    expect(isVerificaId(`x${id}`)).toBe(false)
    expect(isVerificaId(`${id}x`)).toBe(false)
  })
})

describe('the public check', () => {
  it('accepts only UUIDs as ids, and tells valid, expired, future and unknown cards', () => {
    expect(isVerificaId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true)
    for (const text of ['TN260000004', "' or 1=1 --", '0f8fad5b-d9cb-469f-a165-70867728950', '']) {
      expect(isVerificaId(text)).toBe(false)
    }
    expect(verificationState(base, today)).toBe('valida')
    expect(verificationState(base, '2027-01-01')).toBe('scaduta')
    expect(verificationState(base, '2025-12-31')).toBe('futura')
    expect(verificationState(undefined, today)).toBe('non_riconosciuta')
  })
})

describe('words', () => {
  it('writes dates and the synchronisation summary in Italian', () => {
    expect(giornoInParole('2026-12-31')).toBe('31 dicembre 2026')
    expect(giornoInParole('2027-01-01')).toBe('1° gennaio 2027')
    expect(sincronizzazioneInParole({ aggiunte: ['A'], aggiornate: [], invariate: 2, scadute: 0 })).toBe(
      'Sincronizzazione completata: 1 tessera aggiunta e 2 già aggiornate.',
    )
    expect(sincronizzazioneInParole({ aggiunte: [], aggiornate: [], invariate: 0, scadute: 0 })).toBe(
      'Il registro federale non ha tessere intestate al tuo codice fiscale.',
    )
  })
})
