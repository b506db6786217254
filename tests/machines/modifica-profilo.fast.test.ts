// The /modifica-profilo form (machines/modifica-profilo.ts, with the comuni region of machines/comuni-region.ts)
// through xstate's pure transition(), against spec §4 guard 1 and the machine's header: the comuni follow the
// chosen province (the saved comune takes the list's spelling); the form's rules (injected) run at submit, then
// at every change; a valid form checks the birthplace its codice fiscale names, then saves; a failure says why.
// The fast set of `npm run mutation`.
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import {
  BIRTHPLACE_ERROR,
  type ModificaProfiloContext,
  PROFILO_FIELDS,
  type ProfiloRules,
  type ProfiloValues,
  type SavedProfilo,
  modificaProfiloLabels,
  modificaProfiloMachine as machine,
} from '../../machines/modifica-profilo.ts'
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

const VALUES: ProfiloValues = {
  nome: 'Mario',
  cognome: 'Rossi',
  sesso: 'M',
  data_nascita: '1990-01-01',
  codice_fiscale: ' rssmra90a01h501u ',
  provincia: 'RM',
  comune: 'roma',
  telefono: '',
}
const seen: { values: ProfiloValues; comuni: readonly string[] | null; today: string }[] = []
/** A stand-in for the form's rules: a name is required, the comune must be one of the province's when listed. */
const validate: ProfiloRules = (values, { comuni, today }) => {
  seen.push({ values, comuni, today })
  const errors: ReturnType<ProfiloRules> = {}
  if (values.nome === '') errors.nome = 'Scrivi il nome.'
  if (comuni !== null && comuni.length > 0 && !comuni.includes(values.comune))
    errors.comune = 'Scegli il comune.'
  return errors
}
const INPUT = {
  values: VALUES,
  email: 'm@r.it',
  province: [{ sigla: 'RM', nome: 'Roma' }],
  today: '2026-11-27',
  validate,
}
const SAVED: SavedProfilo = { dati_incompleti: 0, id_persona: 9, persona: 'Mario Rossi', provincia: 'RM' }
const ctx = (step: { snapshot: { context: unknown } }) => step.snapshot.context as ModificaProfiloContext
const opened = (values: ProfiloValues = VALUES) => start(machine, { ...INPUT, values })
const loaded = () =>
  send(machine, opened().snapshot, done('loadComuni', { comuni: ['Roma', 'Tivoli'], comune: 'Roma' }))
const SUBMIT = { type: 'form.submit' } as const
const change = (field: (typeof PROFILO_FIELDS)[number], value: string) =>
  ({ type: 'field.changed', field, value }) as const

describe('modifica profilo: the comuni of the province', () => {
  it('lists the form’s fields', () => {
    expect(PROFILO_FIELDS).toEqual(Object.keys(VALUES))
  })

  it('opens with the data given and loads the comuni of the saved province', () => {
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
    expect(step.started).toEqual([
      { id: 'loadComuni', src: 'loadComuni', input: { provincia: 'RM', comune: 'roma' } },
    ])
  })

  it('loads nothing while no province is chosen', () => {
    const step = opened({ ...VALUES, provincia: '', comune: '' })
    expect(step.snapshot.value).toEqual({ form: 'editing', comuni: 'idle' })
    expect(step.started).toEqual([])
  })

  it('offers the comuni found, the saved one spelled as the list spells it', () => {
    const step = loaded()
    expect(step.snapshot.value).toEqual({ form: 'editing', comuni: 'loaded' })
    expect(ctx(step).comuni).toEqual(['Roma', 'Tivoli'])
    expect(ctx(step).values.comune).toBe('Roma')
  })

  it('keeps the comune as typed when the province lists none', () => {
    const step = send(machine, opened().snapshot, done('loadComuni', { comuni: [], comune: 'Roma' }))
    expect(ctx(step).comuni).toEqual([])
    expect(ctx(step).values.comune).toBe('roma')
  })

  it('offers «Riprova» when the comuni did not load, and only then', () => {
    const step = send(machine, opened().snapshot, failed('loadComuni', new Error('x')))
    expect(step.snapshot.value).toEqual({ form: 'editing', comuni: 'failed' })
    expect(step.snapshot.can({ type: 'comuni.retry' })).toBe(true)
    expect(loaded().snapshot.can({ type: 'comuni.retry' })).toBe(false)
    const retry = send(machine, step.snapshot, { type: 'comuni.retry' })
    expect(retry.snapshot.value).toEqual({ form: 'editing', comuni: 'loading' })
    expect(retry.started.map((s) => s.input)).toEqual([{ provincia: 'RM', comune: 'roma' }])
  })

  it('empties the comune and loads the new province’s comuni when the province changes', () => {
    const step = send(machine, loaded().snapshot, change('provincia', 'LT'))
    expect(step.snapshot.value).toEqual({ form: 'editing', comuni: 'loading' })
    expect(ctx(step)).toMatchObject({ comuni: null, values: { ...VALUES, provincia: 'LT', comune: '' } })
    expect(step.started).toEqual([
      { id: 'loadComuni', src: 'loadComuni', input: { provincia: 'LT', comune: '' } },
    ])
    const none = send(machine, loaded().snapshot, change('provincia', ''))
    expect(none.snapshot.value).toEqual({ form: 'editing', comuni: 'idle' })
  })

  it('keeps the comuni when another field changes', () => {
    const step = send(machine, loaded().snapshot, change('comune', 'Tivoli'))
    expect(step.snapshot.value).toEqual({ form: 'editing', comuni: 'loaded' })
    expect(ctx(step)).toMatchObject({ comuni: ['Roma', 'Tivoli'], values: { ...VALUES, comune: 'Tivoli' } })
    expect(step.started).toEqual([])
  })
})

describe('modifica profilo: checking and saving', () => {
  it('stays silent before the first submit, then shows the errors and follows every change', () => {
    const quiet = send(machine, loaded().snapshot, change('nome', ''))
    expect(ctx(quiet).errors).toEqual({})
    const tried = send(machine, quiet.snapshot, SUBMIT)
    expect(tried.snapshot.value).toEqual({ form: 'editing', comuni: 'loaded' })
    expect(ctx(tried)).toMatchObject({ submitted: true, attempt: 1, errors: { nome: 'Scrivi il nome.' } })
    expect(seen.at(-1)).toEqual({
      values: ctx(quiet).values,
      comuni: ['Roma', 'Tivoli'],
      today: '2026-11-27',
    })
    const wrong = send(machine, tried.snapshot, change('comune', 'Latina'))
    expect(ctx(wrong).errors).toEqual({ nome: 'Scrivi il nome.', comune: 'Scegli il comune.' })
    const province = send(machine, wrong.snapshot, change('provincia', 'LT'))
    expect(ctx(province).errors).toEqual({ nome: 'Scrivi il nome.' })
    const fixed = send(machine, province.snapshot, change('nome', 'Mario'))
    expect(ctx(fixed).errors).toEqual({})
  })

  it('checks the birthplace of the codice fiscale, trimmed and in capitals, before saving', () => {
    const step = send(machine, loaded().snapshot, SUBMIT)
    expect(step.snapshot.value).toEqual({ form: 'checkingPlace', comuni: 'loaded' })
    expect(step.snapshot.hasTag('saving')).toBe(true)
    expect(ctx(step)).toMatchObject({ submitted: true, errors: {}, formError: null, attempt: 0 })
    expect(step.started).toEqual([
      { id: 'checkBirthPlace', src: 'checkBirthPlace', input: { codice_fiscale: 'RSSMRA90A01H501U' } },
    ])
    expect(loaded().snapshot.hasTag('saving')).toBe(false)
  })

  it('saves the values once the birthplace exists, or when it could not be checked (the server checks it)', () => {
    const checking = send(machine, loaded().snapshot, SUBMIT).snapshot
    for (const answer of [done('checkBirthPlace', true), failed('checkBirthPlace', new Error('x'))]) {
      const step = send(machine, checking, answer)
      expect(step.snapshot.value).toEqual({ form: 'saving', comuni: 'loaded' })
      expect(step.snapshot.hasTag('saving')).toBe(true)
      expect(step.started).toEqual([
        { id: 'saveProfilo', src: 'saveProfilo', input: { ...VALUES, comune: 'Roma' } },
      ])
    }
  })

  it('refuses a birthplace that did not exist, beside the codice fiscale, and counts the try', () => {
    const step = sendAll(machine, loaded().snapshot, [SUBMIT, done('checkBirthPlace', false)])
    expect(step.snapshot.value).toEqual({ form: 'editing', comuni: 'loaded' })
    expect(ctx(step)).toMatchObject({ errors: { codice_fiscale: BIRTHPLACE_ERROR }, attempt: 1 })
    expect(BIRTHPLACE_ERROR).toMatch(/^Il luogo di nascita indicato dal codice fiscale non esiste/)
  })

  it('is done with what the server saved', () => {
    const step = sendAll(machine, loaded().snapshot, [
      SUBMIT,
      done('checkBirthPlace', true),
      done('saveProfilo', SAVED),
    ])
    expect(step.snapshot.value).toEqual({ form: 'saved', comuni: 'loaded' })
    expect(ctx(step).saved).toEqual(SAVED)
    // Nothing follows a saved form: the page goes back where the user came from.
    expect(machine.getStateNodeById('modificaProfilo.form.saved').type).toBe('final')
  })

  it('says why saving failed and counts the try; the next submit clears the message', () => {
    const step = sendAll(machine, loaded().snapshot, [
      SUBMIT,
      done('checkBirthPlace', true),
      failed('saveProfilo', { _tag: 'ServerFailure', message: 'Codice fiscale già usato' }),
    ])
    expect(step.snapshot.value).toEqual({ form: 'editing', comuni: 'loaded' })
    expect(ctx(step)).toMatchObject({ formError: 'Codice fiscale già usato', attempt: 1 })
    const generic = sendAll(machine, loaded().snapshot, [
      SUBMIT,
      done('checkBirthPlace', true),
      failed('saveProfilo', new Error('x')),
    ])
    expect(ctx(generic).formError).toBe(MESSAGES.generic)
    expect(ctx(send(machine, step.snapshot, SUBMIT)).formError).toBeNull()
    const invalid = sendAll(machine, step.snapshot, [change('nome', ''), SUBMIT])
    expect(ctx(invalid)).toMatchObject({ formError: null, attempt: 2 })
  })

  it('takes no change while checking or saving', () => {
    const checking = send(machine, loaded().snapshot, SUBMIT).snapshot
    expect(checking.can(change('nome', 'x'))).toBe(false)
    expect(checking.can(SUBMIT)).toBe(false)
  })

  it('is the machine modificaProfilo, each state titled and described, each event and guard labelled', async () => {
    expect(machine.id).toBe('modificaProfilo')
    expectStatesDescribed(machine)
    expectLabelled(machine, modificaProfiloLabels)
    await expectProvidedByTheApplication(machine, ['loadComuni', 'checkBirthPlace', 'saveProfilo'])
  })
})
