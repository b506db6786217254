// The shipping address (machines/dati-spedizione.ts, with the comuni region of machines/comuni-region.ts) through
// xstate's pure transition(), against the machine's header (issue 23 item 1): province, then its comuni, then
// the comune's CAPs (the only one is filled in); the form's rules (injected) run at submit, then at every change
// and when the comuni arrive; a save stays on the page with the address as the server stored it. The fast set
// of `npm run mutation`.
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import type { DatiSpedizione } from '../../contract/profilo.ts'
import {
  type ComuneConCap,
  type DatiSpedizioneContext,
  SPEDIZIONE_FIELDS,
  SPEDIZIONE_SAVED,
  type SpedizioneRules,
  type SpedizioneValues,
  datiSpedizioneLabels,
  datiSpedizioneMachine as machine,
} from '../../machines/dati-spedizione.ts'
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

const VALUES: SpedizioneValues = {
  presso: '',
  indirizzo: 'Via Roma 12',
  provincia: 'LT',
  comune: '',
  cap: '',
}
const COMUNI: ComuneConCap[] = [
  { nome: 'Latina', cap: ['04100'] },
  { nome: 'Aprilia', cap: ['04011', '04010'] },
  { nome: 'Ventotene', cap: [] },
]
/** A stand-in for the form's rules: a comune among those loaded, and a CAP. */
const validate: SpedizioneRules = (values, comuni) => {
  const errors: ReturnType<SpedizioneRules> = {}
  if (comuni !== null && !comuni.some((c) => c.nome === values.comune)) errors.comune = 'Scegli il comune.'
  if (values.cap === '') errors.cap = 'Scegli il CAP.'
  return errors
}
const INPUT = { values: VALUES, province: [{ sigla: 'LT', nome: 'Latina' }], validate }
const STORED: DatiSpedizione = {
  presso: null,
  indirizzo: 'Via Roma 12',
  cap: '04100',
  comune: 'LATINA',
  provincia: 'LT',
}
const ctx = (step: { snapshot: { context: unknown } }) => step.snapshot.context as DatiSpedizioneContext
const change = (field: (typeof SPEDIZIONE_FIELDS)[number], value: string) =>
  ({ type: 'field.changed', field, value }) as const
const opened = (values: SpedizioneValues = VALUES) => start(machine, { ...INPUT, values })
const loaded = () => send(machine, opened().snapshot, done('loadComuni', COMUNI))
const filled = () => sendAll(machine, loaded().snapshot, [change('comune', 'Latina')])
const SUBMIT = { type: 'form.submit' } as const

describe('dati di spedizione: province, comune, CAP', () => {
  it('lists the form’s fields and has a sentence for a saved address', () => {
    expect(SPEDIZIONE_FIELDS).toEqual(Object.keys(VALUES))
    expect(SPEDIZIONE_SAVED).toMatch(/^[A-Z].*salvati\.$/)
  })

  it('opens with the address given and loads the comuni of its province', () => {
    const step = opened()
    expect(step.snapshot.value).toEqual({ form: 'editing', comuni: 'loading' })
    expect(step.snapshot.context).toEqual({
      ...INPUT,
      errors: {},
      comuni: null,
      submitted: false,
      formError: null,
      attempt: 0,
      saved: null,
    })
    expect(step.started).toEqual([{ id: 'loadComuni', src: 'loadComuni', input: { provincia: 'LT' } }])
  })

  it('waits for a province before loading comuni', () => {
    const step = opened({ ...VALUES, provincia: '' })
    expect(step.snapshot.value).toEqual({ form: 'editing', comuni: 'idle' })
    expect(step.started).toEqual([])
  })

  it('offers the comuni with their CAPs once loaded, and «Riprova» when they did not load', () => {
    const step = loaded()
    expect(step.snapshot.value).toEqual({ form: 'editing', comuni: 'loaded' })
    expect(ctx(step).comuni).toEqual(COMUNI)
    const ko = send(machine, opened().snapshot, failed('loadComuni', new Error('x')))
    expect(ko.snapshot.value).toEqual({ form: 'editing', comuni: 'failed' })
    const retry = send(machine, ko.snapshot, { type: 'comuni.retry' })
    expect(retry.snapshot.value).toEqual({ form: 'editing', comuni: 'loading' })
    expect(retry.started.map((s) => s.input)).toEqual([{ provincia: 'LT' }])
  })

  it('fills in the CAP of a comune that has only one, and leaves it to choose otherwise', () => {
    expect(ctx(filled()).values).toEqual({ ...VALUES, comune: 'Latina', cap: '04100' })
    const several = send(machine, loaded().snapshot, change('comune', 'Aprilia'))
    expect(ctx(several).values.cap).toBe('')
    const none = send(machine, loaded().snapshot, change('comune', 'Ventotene'))
    expect(ctx(none).values.cap).toBe('')
    const unknown = send(machine, loaded().snapshot, change('comune', 'Roma'))
    expect(ctx(unknown).values.cap).toBe('')
    const kept = sendAll(machine, filled().snapshot, [change('comune', 'Aprilia')])
    expect(ctx(kept).values.cap).toBe('04100')
    const beforeLoad = send(machine, opened().snapshot, change('comune', 'Latina'))
    expect(ctx(beforeLoad).values.cap).toBe('')
  })

  it('empties comune and CAP and loads the new province’s comuni when the province changes', () => {
    const step = send(machine, filled().snapshot, change('provincia', 'RM'))
    expect(step.snapshot.value).toEqual({ form: 'editing', comuni: 'loading' })
    expect(ctx(step)).toMatchObject({
      comuni: null,
      values: { ...VALUES, provincia: 'RM', comune: '', cap: '' },
    })
    expect(step.started.map((s) => s.input)).toEqual([{ provincia: 'RM' }])
  })

  it('keeps comune and comuni when another field changes', () => {
    const step = send(machine, filled().snapshot, change('presso', 'Bianchi'))
    expect(ctx(step)).toMatchObject({
      comuni: COMUNI,
      values: { ...VALUES, presso: 'Bianchi', comune: 'Latina', cap: '04100' },
    })
    expect(step.snapshot.value).toEqual({ form: 'editing', comuni: 'loaded' })
  })
})

describe('dati di spedizione: checking and saving', () => {
  it('stays silent before the first submit, then shows the errors and follows every change', () => {
    const quiet = send(machine, loaded().snapshot, change('cap', ''))
    expect(ctx(quiet).errors).toEqual({})
    const tried = send(machine, quiet.snapshot, SUBMIT)
    expect(tried.snapshot.value).toEqual({ form: 'editing', comuni: 'loaded' })
    expect(tried.started).toEqual([])
    expect(ctx(tried)).toMatchObject({
      submitted: true,
      attempt: 1,
      formError: null,
      errors: { comune: 'Scegli il comune.', cap: 'Scegli il CAP.' },
    })
    const comune = send(machine, tried.snapshot, change('comune', 'Latina'))
    expect(ctx(comune).errors).toEqual({})
    const cap = send(machine, comune.snapshot, change('cap', ''))
    expect(ctx(cap).errors).toEqual({ cap: 'Scegli il CAP.' })
    const province = send(machine, comune.snapshot, change('provincia', 'RM'))
    expect(ctx(province).errors).toEqual({ cap: 'Scegli il CAP.' })
  })

  it('checks again when the comuni arrive after a submit', () => {
    const tried = sendAll(machine, opened({ ...VALUES, comune: 'Roma', cap: '00100' }).snapshot, [SUBMIT])
    expect(ctx(tried).errors).toEqual({})
    const step = send(machine, tried.snapshot, done('loadComuni', COMUNI))
    expect(ctx(step).errors).toEqual({ comune: 'Scegli il comune.' })
    const quiet = send(
      machine,
      opened({ ...VALUES, comune: 'Roma', cap: '00100' }).snapshot,
      done('loadComuni', COMUNI),
    )
    expect(ctx(quiet).errors).toEqual({})
  })

  it('saves a valid address, then shows it as the server stored it and stays on the page', () => {
    const step = send(machine, filled().snapshot, SUBMIT)
    expect(step.snapshot.value).toEqual({ form: 'saving', comuni: 'loaded' })
    expect(step.snapshot.hasTag('saving')).toBe(true)
    expect(ctx(step)).toMatchObject({ submitted: true, errors: {}, formError: null, saved: null })
    expect(step.started).toEqual([
      { id: 'saveSpedizione', src: 'saveSpedizione', input: { ...VALUES, comune: 'Latina', cap: '04100' } },
    ])
    const saved = send(machine, step.snapshot, done('saveSpedizione', STORED))
    expect(saved.snapshot.value).toEqual({ form: 'editing', comuni: 'loaded' })
    expect(saved.snapshot.hasTag('saving')).toBe(false)
    expect(ctx(saved)).toMatchObject({
      saved: STORED,
      values: { ...VALUES, comune: 'LATINA', cap: '04100', presso: '' },
    })
    const withPresso = send(machine, step.snapshot, done('saveSpedizione', { ...STORED, presso: 'Bianchi' }))
    expect(ctx(withPresso).values.presso).toBe('Bianchi')
  })

  it('forgets «saved» at the next change or save', () => {
    const saved = sendAll(machine, filled().snapshot, [
      SUBMIT,
      done('saveSpedizione', { ...STORED, comune: 'Latina' }),
    ])
    expect(ctx(saved).saved).not.toBeNull()
    expect(ctx(send(machine, saved.snapshot, change('presso', 'x'))).saved).toBeNull()
    expect(ctx(send(machine, saved.snapshot, SUBMIT)).saved).toBeNull()
  })

  it('says why saving failed and counts the try; the next submit clears the message', () => {
    const step = sendAll(machine, filled().snapshot, [
      SUBMIT,
      failed('saveSpedizione', { _tag: 'Unauthorized' }),
    ])
    expect(step.snapshot.value).toEqual({ form: 'editing', comuni: 'loaded' })
    expect(ctx(step)).toMatchObject({ formError: MESSAGES.sessionExpired, attempt: 1 })
    expect(ctx(send(machine, step.snapshot, SUBMIT)).formError).toBeNull()
    const invalid = sendAll(machine, step.snapshot, [change('cap', ''), SUBMIT])
    expect(ctx(invalid)).toMatchObject({ formError: null, attempt: 2 })
  })

  it('takes no change while saving', () => {
    const { snapshot } = send(machine, filled().snapshot, SUBMIT)
    expect(snapshot.can(change('presso', 'x'))).toBe(false)
    expect(snapshot.can(SUBMIT)).toBe(false)
  })

  it('is the machine datiSpedizione, each state titled and described, each event and guard labelled', async () => {
    expect(machine.id).toBe('datiSpedizione')
    expectStatesDescribed(machine)
    expectLabelled(machine, datiSpedizioneLabels)
    await expectProvidedByTheApplication(machine, ['loadComuni', 'saveSpedizione'])
  })
})
