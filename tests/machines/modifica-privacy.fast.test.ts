// The /modifica-privacy form (machines/modifica-privacy.ts) through xstate's pure transition(), against spec §4
// guard 2 and the machine's header: the notice must be accepted and profilation answered yes or no (nothing
// preselected for who never chose); the starting answers are the server's; errors show after the first try and
// then follow every change. The fast set of `npm run mutation`.
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import type { Consensi } from '../../contract/profilo.ts'
import {
  type PrivacyContext,
  modificaPrivacyLabels,
  modificaPrivacyMachine as machine,
  privacyValuesFrom,
  validatePrivacy,
} from '../../machines/modifica-privacy.ts'
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

const NOTICE = "Per usare il portale devi accettare l'informativa sulla privacy."
const CHOOSE = 'Indica se acconsenti alla profilazione.'
const SAVED = { privacy: 1, profilation: 0 } as unknown as Consensi
const ctx = (step: { snapshot: { context: unknown } }) => step.snapshot.context as PrivacyContext
const never = () => start(machine, { values: { privacy: false, profilation: null } })
const SUBMIT = { type: 'form.submit' } as const

describe('modifica privacy: the answers', () => {
  it('requires the notice accepted and a yes or no on profilation', () => {
    expect(validatePrivacy({ privacy: false, profilation: null })).toEqual({
      privacy: NOTICE,
      profilation: CHOOSE,
    })
    expect(validatePrivacy({ privacy: true, profilation: false })).toEqual({})
    expect(validatePrivacy({ privacy: true, profilation: true })).toEqual({})
    expect(validatePrivacy({ privacy: false, profilation: true })).toEqual({ privacy: NOTICE })
  })

  it('starts from the consents the server holds, with no profilation answer for who never chose', () => {
    expect(privacyValuesFrom({ privacy: 1, profilation: 1 })).toEqual({ privacy: true, profilation: true })
    expect(privacyValuesFrom({ privacy: 1, profilation: 0 })).toEqual({ privacy: true, profilation: false })
    expect(privacyValuesFrom({ privacy: 0, profilation: null })).toEqual({
      privacy: false,
      profilation: null,
    })
    expect(privacyValuesFrom({ privacy: 1, profilation: null })).toEqual({ privacy: true, profilation: null })
  })
})

describe('modifica privacy: the form', () => {
  it('opens with the answers given and no errors', () => {
    const step = never()
    expect(step.snapshot.value).toBe('editing')
    expect(step.snapshot.context).toEqual({
      values: { privacy: false, profilation: null },
      errors: {},
      submitted: false,
      formError: null,
      attempt: 0,
      saved: null,
    })
  })

  it('keeps each answer, silent until the first try', () => {
    const step = sendAll(machine, never().snapshot, [
      { type: 'privacy.changed', value: true },
      { type: 'profilation.changed', value: false },
    ])
    expect(ctx(step)).toMatchObject({ values: { privacy: true, profilation: false }, errors: {} })
    const untick = send(machine, step.snapshot, { type: 'privacy.changed', value: false })
    expect(ctx(untick)).toMatchObject({ values: { privacy: false, profilation: false }, errors: {} })
  })

  it('shows the errors at a try with something missing, counts it, and follows each change after it', () => {
    const tried = send(machine, never().snapshot, SUBMIT)
    expect(tried.snapshot.value).toBe('editing')
    expect(tried.started).toEqual([])
    expect(ctx(tried)).toMatchObject({
      submitted: true,
      attempt: 1,
      errors: { privacy: NOTICE, profilation: CHOOSE },
    })
    const ticked = send(machine, tried.snapshot, { type: 'privacy.changed', value: true })
    expect(ctx(ticked).errors).toEqual({ profilation: CHOOSE })
    const chosen = send(machine, ticked.snapshot, { type: 'profilation.changed', value: true })
    expect(ctx(chosen).errors).toEqual({})
  })

  it('saves the accepted notice and the profilation answer', () => {
    for (const profilation of [true, false]) {
      const step = sendAll(machine, never().snapshot, [
        { type: 'privacy.changed', value: true },
        { type: 'profilation.changed', value: profilation },
        SUBMIT,
      ])
      expect(step.snapshot.value).toBe('saving')
      expect(step.snapshot.hasTag('saving')).toBe(true)
      expect(ctx(step)).toMatchObject({ submitted: true, errors: {}, formError: null })
      expect(step.started).toEqual([
        { id: 'savePrivacy', src: 'savePrivacy', input: { privacy: true, profilation } },
      ])
    }
    expect(never().snapshot.hasTag('saving')).toBe(false)
  })

  it('is done with the consents the server answered', () => {
    const step = sendAll(
      machine,
      start(machine, { values: { privacy: true, profilation: false } }).snapshot,
      [SUBMIT, done('savePrivacy', SAVED)],
    )
    expect(step.snapshot.value).toBe('saved')
    expect(step.snapshot.status).toBe('done')
    expect(ctx(step).saved).toEqual(SAVED)
  })

  it('says why saving failed, keeps the answers and counts the try; the next try clears the message', () => {
    const opened = start(machine, { values: { privacy: true, profilation: true } })
    const step = sendAll(machine, opened.snapshot, [SUBMIT, failed('savePrivacy', { _tag: 'Unauthorized' })])
    expect(step.snapshot.value).toBe('editing')
    expect(ctx(step)).toMatchObject({
      values: { privacy: true, profilation: true },
      formError: MESSAGES.sessionExpired,
      attempt: 1,
    })
    const invalid = sendAll(machine, step.snapshot, [{ type: 'privacy.changed', value: false }, SUBMIT])
    expect(ctx(invalid)).toMatchObject({ formError: null, attempt: 2 })
    const again = send(machine, step.snapshot, SUBMIT)
    expect(ctx(again).formError).toBeNull()
  })

  it('is the machine modificaPrivacy, each state titled and described, each event and guard labelled', async () => {
    expect(machine.id).toBe('modificaPrivacy')
    expectStatesDescribed(machine)
    expectLabelled(machine, modificaPrivacyLabels)
    await expectProvidedByTheApplication(machine, ['savePrivacy'])
  })
})
