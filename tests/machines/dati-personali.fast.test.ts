// «I miei dati» (machines/dati-personali.ts) through xstate's pure transition(), against docs/regole.md «I miei
// dati» and the machine's header: the download and the deletion side by side; the deletion asks for a
// confirmation, then the password again, and a refusal goes back to the password with its message. The fast
// set of `npm run mutation`.
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import {
  type DatiPersonaliContext,
  EXPORT_DONE,
  datiPersonaliLabels,
  datiPersonaliMachine as machine,
} from '../../machines/dati-personali.ts'
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

const ctx = (step: { snapshot: { context: unknown } }) => step.snapshot.context as DatiPersonaliContext
const TAGS = ['exporting', 'dialog', 'deleting']
const tags = (step: { snapshot: { hasTag: (t: string) => boolean } }) =>
  TAGS.filter((t) => step.snapshot.hasTag(t))
const WRONG = { _tag: 'ServerFailure', message: 'La password non è corretta' }
const password = () =>
  sendAll(machine, start(machine).snapshot, [{ type: 'elimina.apri' }, { type: 'elimina.continua' }])
const typed = () => send(machine, password().snapshot, { type: 'password.changed', password: 'segreta' })

describe('i miei dati: the download', () => {
  it('starts with both ready and nothing to say', () => {
    const step = start(machine)
    expect(step.snapshot.value).toEqual({ esportazione: 'idle', eliminazione: 'idle' })
    expect(step.snapshot.context).toEqual({
      password: '',
      exportNotice: null,
      exportError: null,
      deleteError: null,
    })
    expect(tags(step)).toEqual([])
  })

  it('downloads the file, then says it was saved', () => {
    const step = send(machine, start(machine).snapshot, { type: 'dati.esporta' })
    expect(step.snapshot.value).toEqual({ esportazione: 'exporting', eliminazione: 'idle' })
    expect(tags(step)).toEqual(['exporting'])
    expect(step.started).toEqual([{ id: 'esporta', src: 'esporta', input: undefined }])
    const saved = send(machine, step.snapshot, done('esporta'))
    expect(saved.snapshot.value).toEqual({ esportazione: 'idle', eliminazione: 'idle' })
    expect(ctx(saved)).toMatchObject({ exportNotice: EXPORT_DONE, exportError: null })
    expect(EXPORT_DONE).toMatch(/scaricato/)
  })

  it('says why the download failed, and clears both messages at the next one', () => {
    const step = sendAll(machine, start(machine).snapshot, [
      { type: 'dati.esporta' },
      failed('esporta', WRONG),
    ])
    expect(ctx(step)).toMatchObject({ exportNotice: null, exportError: WRONG.message })
    const again = send(machine, step.snapshot, { type: 'dati.esporta' })
    expect(ctx(again)).toMatchObject({ exportNotice: null, exportError: null })
    const afterSaved = sendAll(machine, start(machine).snapshot, [
      { type: 'dati.esporta' },
      done('esporta'),
      { type: 'dati.esporta' },
    ])
    expect(ctx(afterSaved).exportNotice).toBeNull()
  })

  it('takes one download at a time', () => {
    const { snapshot } = send(machine, start(machine).snapshot, { type: 'dati.esporta' })
    expect(snapshot.can({ type: 'dati.esporta' })).toBe(false)
  })
})

describe('i miei dati: deleting the account', () => {
  it('opens the confirmation, then asks for the password, in a dialog', () => {
    const confirming = send(machine, start(machine).snapshot, { type: 'elimina.apri' })
    expect(confirming.snapshot.value).toEqual({ esportazione: 'idle', eliminazione: 'confirming' })
    expect(tags(confirming)).toEqual(['dialog'])
    const step = password()
    expect(step.snapshot.value).toEqual({ esportazione: 'idle', eliminazione: 'reauthenticating' })
    expect(tags(step)).toEqual(['dialog'])
  })

  it('deletes only with a password typed, and sends it', () => {
    expect(password().snapshot.can({ type: 'elimina.conferma' })).toBe(false)
    const step = send(machine, typed().snapshot, { type: 'elimina.conferma' })
    expect(step.snapshot.value).toEqual({ esportazione: 'idle', eliminazione: 'deleting' })
    expect(tags(step)).toEqual(['dialog', 'deleting'])
    expect(step.started).toEqual([{ id: 'elimina', src: 'elimina', input: { password: 'segreta' } }])
    const gone = send(machine, step.snapshot, done('elimina'))
    expect(gone.snapshot.value).toEqual({ esportazione: 'idle', eliminazione: 'deleted' })
    expect(ctx(gone).password).toBe('')
    // Nothing follows a deleted account: the portal signs out.
    expect(machine.getStateNodeById('datiPersonali.eliminazione.deleted').type).toBe('final')
    expect(tags(gone)).toEqual([])
  })

  it('goes back to the password with the refusal’s message, cleared when the password changes', () => {
    const step = sendAll(machine, typed().snapshot, [{ type: 'elimina.conferma' }, failed('elimina', WRONG)])
    expect(step.snapshot.value).toEqual({ esportazione: 'idle', eliminazione: 'reauthenticating' })
    expect(ctx(step)).toMatchObject({ deleteError: WRONG.message, password: 'segreta' })
    const generic = sendAll(machine, typed().snapshot, [
      { type: 'elimina.conferma' },
      failed('elimina', new Error('x')),
    ])
    expect(ctx(generic).deleteError).toBe(MESSAGES.generic)
    const retyped = send(machine, step.snapshot, { type: 'password.changed', password: 'altra' })
    expect(ctx(retyped)).toMatchObject({ deleteError: null, password: 'altra' })
  })

  it('closes from the confirmation or the password, forgetting the password and the message', () => {
    const refused = sendAll(machine, typed().snapshot, [
      { type: 'elimina.conferma' },
      failed('elimina', WRONG),
    ])
    for (const from of [send(machine, start(machine).snapshot, { type: 'elimina.apri' }), typed(), refused]) {
      const step = send(machine, from.snapshot, { type: 'elimina.annulla' })
      expect(step.snapshot.value).toEqual({ esportazione: 'idle', eliminazione: 'idle' })
      expect(ctx(step)).toMatchObject({ password: '', deleteError: null })
    }
    const reopened = send(machine, send(machine, refused.snapshot, { type: 'elimina.annulla' }).snapshot, {
      type: 'elimina.apri',
    })
    expect(ctx(reopened)).toMatchObject({ password: '', deleteError: null })
  })

  it('opens the dialog afresh, without an old password or message', () => {
    const refused = sendAll(machine, typed().snapshot, [
      { type: 'elimina.conferma' },
      failed('elimina', WRONG),
    ])
    const closed = send(machine, refused.snapshot, { type: 'elimina.annulla' })
    expect(closed.snapshot.can({ type: 'elimina.apri' })).toBe(true)
    expect(refused.snapshot.can({ type: 'elimina.apri' })).toBe(false)
  })

  it('is the machine datiPersonali, each state titled and described, each event and guard labelled', async () => {
    expect(machine.id).toBe('datiPersonali')
    expectStatesDescribed(machine)
    expectLabelled(machine, datiPersonaliLabels)
    await expectProvidedByTheApplication(machine, ['esporta', 'elimina'])
  })
})
