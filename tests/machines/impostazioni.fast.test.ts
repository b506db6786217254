// The /impostazioni form (machines/impostazioni.ts) through xstate's pure transition(), against docs/regole.md
// «Impostazioni e uscita» and the machine's header: «Salva impostazioni» only when something changed; only the
// changed settings are sent, the profilation consent with its own request; the topics follow the e-mail switch
// and the sector follows e-mails or newsletter; after a save the form shows what the server holds. The fast set
// of `npm run mutation`.
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import type { ImpostazioniView } from '../../contract/impostazioni.ts'
import type { Consensi } from '../../contract/profilo.ts'
import {
  type ImpostazioniContext,
  type ImpostazioniValues,
  changedSettings,
  hasChanges,
  impostazioniLabels,
  impostazioniMachine as machine,
  sectorEnabled,
  topicsEnabled,
} from '../../machines/impostazioni.ts'
import {
  done,
  expectLabelled,
  expectProvidedByTheApplication,
  expectStatesDescribed,
  failed,
  send,
  sendAll,
  start,
} from './fast.ts'

const VIEW: ImpostazioniView = {
  notifiche_email: true,
  notifiche_tornei: true,
  notifiche_sfide: false,
  newsletter: false,
  visibile_ricerche: true,
  mostra_power: true,
  id_settore: null,
  aggiornato_il: '2026-01-01T10:00:00Z',
}
const { aggiornato_il: _when, ...SETTINGS } = VIEW
const VALUES: ImpostazioniValues = { ...SETTINGS, profilation: false }
const ctx = (step: { snapshot: { context: unknown } }) => step.snapshot.context as ImpostazioniContext
const opened = () => start(machine, { settings: VIEW, profilation: false })
const change = (field: keyof ImpostazioniValues, value: boolean | number | null) =>
  ({ type: 'field.changed', field, value }) as const
const SUBMIT = { type: 'form.submit' } as const

describe('impostazioni: what changed', () => {
  it('lists only the settings that differ, never the profilation', () => {
    expect(changedSettings(VALUES, VALUES)).toEqual({})
    expect(
      changedSettings({ ...VALUES, newsletter: true, id_settore: 3, profilation: true }, VALUES),
    ).toEqual({
      newsletter: true,
      id_settore: 3,
    })
  })

  it('has changes when a setting or the profilation differs', () => {
    expect(hasChanges(VALUES, VALUES)).toBe(false)
    expect(hasChanges({ ...VALUES, profilation: true }, VALUES)).toBe(true)
    expect(hasChanges({ ...VALUES, mostra_power: false }, VALUES)).toBe(true)
  })

  it('offers the topics only with e-mails on, and the sector with e-mails or the newsletter', () => {
    expect(topicsEnabled({ notifiche_email: true })).toBe(true)
    expect(topicsEnabled({ notifiche_email: false })).toBe(false)
    expect(sectorEnabled({ notifiche_email: false, newsletter: false })).toBe(false)
    expect(sectorEnabled({ notifiche_email: true, newsletter: false })).toBe(true)
    expect(sectorEnabled({ notifiche_email: false, newsletter: true })).toBe(true)
  })
})

describe('impostazioni: the form', () => {
  it('opens with the settings and the consent as the server holds them', () => {
    const step = opened()
    expect(step.snapshot.value).toBe('editing')
    expect(step.snapshot.context).toEqual({
      values: VALUES,
      saved: VALUES,
      aggiornatoIl: VIEW.aggiornato_il,
      formError: null,
      attempt: 0,
      saves: 0,
      consensi: null,
    })
  })

  it('saves only when something changed', () => {
    const { snapshot } = opened()
    expect(snapshot.can(SUBMIT)).toBe(false)
    const back = sendAll(machine, snapshot, [change('newsletter', true), change('newsletter', false)])
    expect(back.snapshot.can(SUBMIT)).toBe(false)
    expect(send(machine, back.snapshot, SUBMIT).snapshot).toBe(back.snapshot)
  })

  it('sends the changed settings, and no profilation when it did not change', () => {
    const step = sendAll(machine, opened().snapshot, [
      change('newsletter', true),
      change('id_settore', 2),
      SUBMIT,
    ])
    expect(step.snapshot.value).toBe('saving')
    expect(step.snapshot.hasTag('saving')).toBe(true)
    expect(step.started).toEqual([
      {
        id: 'saveImpostazioni',
        src: 'saveImpostazioni',
        input: { changes: { newsletter: true, id_settore: 2 }, profilation: null },
      },
    ])
    expect(opened().snapshot.hasTag('saving')).toBe(false)
  })

  it('sends the new profilation consent, yes or no, with no settings when only it changed', () => {
    const yes = sendAll(machine, opened().snapshot, [change('profilation', true), SUBMIT])
    expect(yes.started.map((s) => s.input)).toEqual([{ changes: {}, profilation: true }])
    const no = sendAll(machine, start(machine, { settings: VIEW, profilation: true }).snapshot, [
      change('profilation', false),
      SUBMIT,
    ])
    expect(no.started.map((s) => s.input)).toEqual([{ changes: {}, profilation: false }])
  })

  it('shows what the server saved, when, and the consents it answered', () => {
    const after = { ...VIEW, newsletter: true, aggiornato_il: '2026-11-27T10:00:00Z' }
    const consensi = { privacy: 1, profilation: 1 } as unknown as Consensi
    const step = sendAll(machine, opened().snapshot, [
      change('newsletter', true),
      change('profilation', true),
      SUBMIT,
      done('saveImpostazioni', { view: after, consensi }),
    ])
    expect(step.snapshot.value).toBe('editing')
    const saved = { ...VALUES, newsletter: true, profilation: true }
    expect(step.snapshot.context).toEqual({
      values: saved,
      saved,
      aggiornatoIl: '2026-11-27T10:00:00Z',
      formError: null,
      attempt: 0,
      saves: 1,
      consensi,
    })
    expect(step.snapshot.can(SUBMIT)).toBe(false)
  })

  it('keeps the settings and the date when only the consent was saved, and reads it from the answer', () => {
    const refused = { privacy: 1, profilation: 0 } as unknown as Consensi
    const step = sendAll(machine, opened().snapshot, [
      change('profilation', true),
      SUBMIT,
      done('saveImpostazioni', { view: null, consensi: refused }),
    ])
    expect(ctx(step)).toMatchObject({
      values: VALUES,
      saved: VALUES,
      aggiornatoIl: VIEW.aggiornato_il,
      saves: 1,
      consensi: refused,
    })
  })

  it('keeps the saved consent when the answer has none', () => {
    const step = sendAll(machine, start(machine, { settings: VIEW, profilation: true }).snapshot, [
      change('newsletter', true),
      SUBMIT,
      done('saveImpostazioni', { view: null, consensi: null }),
    ])
    expect(ctx(step).saved).toEqual({ ...VALUES, profilation: true })
  })

  it('says why saving failed, keeps the changes and counts the try; the next save clears the message', () => {
    const step = sendAll(machine, opened().snapshot, [
      change('newsletter', true),
      SUBMIT,
      failed('saveImpostazioni', { _tag: 'Unauthorized' }),
    ])
    expect(step.snapshot.value).toBe('editing')
    expect(ctx(step)).toMatchObject({
      values: { ...VALUES, newsletter: true },
      saved: VALUES,
      formError: MESSAGES.sessionExpired,
      attempt: 1,
      saves: 0,
    })
    expect(ctx(send(machine, step.snapshot, SUBMIT)).formError).toBeNull()
  })

  it('takes no change while saving', () => {
    const { snapshot } = sendAll(machine, opened().snapshot, [change('newsletter', true), SUBMIT])
    expect(snapshot.can(change('mostra_power', false))).toBe(false)
  })

  it('is the machine impostazioni, each state titled and described, each event and guard labelled', async () => {
    expect(machine.id).toBe('impostazioni')
    expectStatesDescribed(machine)
    expectLabelled(machine, impostazioniLabels)
    await expectProvidedByTheApplication(machine, ['saveImpostazioni'])
  })
})
