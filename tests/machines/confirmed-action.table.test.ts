// The confirmed action's statechart (machines/confirmed-action.ts) as a table: every state × every event (the
// dialog's buttons, the server's answers of every kind, a network failure) goes through xstate's pure
// `transition()`, and the result is compared with the rules written here from the spec (§4 the confirmation, §5
// what a failed answer is, §8 the result dialogs) and the machine's header, not from the machine's code. A refused
// step leaves the snapshot as it was and `can()` agrees. The model test (confirmed-action.test.ts) walks the paths
// through a real actor; this table is the fast set `npm run mutation` runs against each mutant.
import {
  type AnyActorLogic,
  type AnyMachineSnapshot,
  createActor,
  fromPromise,
  initialTransition,
  transition,
} from 'xstate'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import {
  type ConfirmedActionContext,
  type ConfirmedActionInput,
  DEFAULT_CONFIRM_TEXT,
  DEFAULT_SUCCESS_TEXT,
  type SubmitResponse,
  confirmedActionLabels,
  confirmedActionMachine,
} from '../../machines/confirmed-action.ts'

const STATES = ['idle', 'confirming', 'submitting', 'succeeded', 'failed'] as const
type State = (typeof STATES)[number]

type Event =
  | { type: 'dialog.open'; request?: unknown }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'dialog.close' }
  | { type: 'xstate.done.actor.submit'; output: SubmitResponse }
  | { type: 'xstate.error.actor.submit'; error: unknown }

const ERROR_TEXT = 'Non è stato possibile annullare la sfida'
/** A context with something in every field, so that a reset shows. */
const CONTEXT: ConfirmedActionContext = {
  confirmText: 'Vuoi annullare la sfida?',
  successText: 'Sfida annullata',
  errorText: ERROR_TEXT,
  request: { id_sfida: 1 },
  message: 'Esito precedente',
  response: { status: 200 },
}

/** Answers of every kind (spec §5): only 200 and 204 succeed, and a 200 whose body says another statusCode fails. */
const ANSWERS: { response: SubmitResponse; failed: boolean; message?: string }[] = [
  { response: { status: 200 }, failed: false },
  { response: { status: 204 }, failed: false },
  { response: { status: 200, body: { result: [] } }, failed: false },
  { response: { status: 200, body: { statusCode: 200 } }, failed: false },
  { response: { status: 200, body: { StatusCode: '200' } }, failed: false },
  { response: { status: 200, body: { statusCode: null } }, failed: false },
  { response: { status: 200, body: { statusCode: undefined } }, failed: false },
  { response: { status: 204, body: { statusCode: 500 } }, failed: false },
  { response: { status: 200, body: 'ok' }, failed: false },
  { response: { status: 200, body: null }, failed: false },
  {
    response: { status: 200, body: { statusCode: 409, message: 'La sfida è già stata accettata' } },
    failed: true,
    message: 'La sfida è già stata accettata',
  },
  { response: { status: 200, body: { StatusCode: 400 } }, failed: true },
  { response: { status: 200, body: { statusCode: 200, StatusCode: 500 } }, failed: true },
  { response: { status: 200, body: { statusCode: '0' } }, failed: true },
  { response: { status: 201 }, failed: true },
  { response: { status: 199 }, failed: true },
  { response: { status: 205 }, failed: true },
  { response: { status: 203 }, failed: true },
  {
    response: { status: 404, body: { message: 'Sfida non trovata' } },
    failed: true,
    message: 'Sfida non trovata',
  },
  // An English text from a proxy or a framework is never shown: the caller's own words are (issue 19, item 5).
  { response: { status: 500, body: { message: 'Internal Server Error' } }, failed: true },
  { response: { status: 502, body: { message: '   ' } }, failed: true },
  { response: { status: 400, body: { message: 42 } }, failed: true },
  { response: { status: 400, body: 'Dati non validi' }, failed: true },
]

const EVENTS: Event[] = [
  { type: 'dialog.open', request: { id_sfida: 7 } },
  { type: 'dialog.open' },
  { type: 'dialog.confirm' },
  { type: 'dialog.cancel' },
  { type: 'dialog.close' },
  ...ANSWERS.map(({ response }) => ({ type: 'xstate.done.actor.submit', output: response }) as const),
  { type: 'xstate.error.actor.submit', error: new TypeError('Failed to fetch') },
]

const closed = { request: undefined, message: null, response: null }

/** The rules, one state at a time: where an event leads and what the dialog then holds, or null when refused. */
function rules(value: State, event: Event): { value: State; context: ConfirmedActionContext } | null {
  const go = (to: State, change: Partial<ConfirmedActionContext> = {}) => ({
    value: to,
    context: { ...CONTEXT, ...change },
  })
  // Asking again starts over with the new request and no result.
  const open = () =>
    event.type === 'dialog.open'
      ? go('confirming', { request: event.request, message: null, response: null })
      : null
  switch (value) {
    case 'idle':
      return open()
    case 'confirming':
      if (event.type === 'dialog.confirm') return go('submitting')
      if (event.type === 'dialog.cancel') return go('idle', closed)
      return null
    case 'submitting': {
      if (event.type === 'xstate.error.actor.submit')
        return go('failed', { response: null, message: ERROR_TEXT })
      if (event.type !== 'xstate.done.actor.submit') return null
      const answer = ANSWERS.find(({ response }) => response === event.output)!
      return answer.failed
        ? go('failed', { response: event.output, message: answer.message ?? ERROR_TEXT })
        : go('succeeded', { response: event.output, message: CONTEXT.successText })
    }
    case 'succeeded':
      // Chiudi, or Annulla / Esc / a click outside.
      if (event.type === 'dialog.close' || event.type === 'dialog.cancel') return go('idle', closed)
      return open()
    case 'failed':
      // Only Chiudi closes the error: a click outside does not (§8).
      if (event.type === 'dialog.close') return go('idle', closed)
      return open()
  }
}

const describeEvent = (event: Event) =>
  event.type === 'xstate.done.actor.submit'
    ? `the server answers ${JSON.stringify(event.output)}`
    : event.type === 'xstate.error.actor.submit'
      ? 'the request fails on the network'
      : `${event.type}${'request' in event ? ' with a request' : ''}`

const snapshotOf = (value: State): AnyMachineSnapshot =>
  confirmedActionMachine.resolveState({ value, context: CONTEXT })

describe('confirmedAction: every state × every event, against the rules', () => {
  for (const value of STATES) {
    describe(`${value}`, () => {
      const snapshot = snapshotOf(value)
      // The actor's error comes only from the request it runs: elsewhere xstate itself would stop the machine.
      const events =
        value === 'submitting' ? EVENTS : EVENTS.filter((e) => e.type !== 'xstate.error.actor.submit')
      for (const event of events) {
        const expected = rules(value, event)
        it(`${describeEvent(event)}: ${expected === null ? 'refused' : `→ ${expected.value}`}`, () => {
          const [next] = transition(confirmedActionMachine, snapshot, event as never)
          expect(snapshot.can(event as never)).toBe(expected !== null)
          expect(next === snapshot ? null : { value: next.value, context: next.context }).toEqual(expected)
        })
      }
    })
  }

  it('starts closed, asking «Sei sicuro?» and telling «Operazione completata» or the generic message by default', () => {
    const [start] = initialTransition(confirmedActionMachine, {})
    expect(start.value).toBe('idle')
    expect(start.context).toEqual({
      confirmText: DEFAULT_CONFIRM_TEXT,
      successText: DEFAULT_SUCCESS_TEXT,
      errorText: MESSAGES.generic,
      request: undefined,
      message: null,
      response: null,
    })
    expect(DEFAULT_CONFIRM_TEXT).toBe('Sei sicuro?')
    expect(DEFAULT_SUCCESS_TEXT).toBe('Operazione completata')
  })

  it('starts with the defaults when the caller gives no input at all', () => {
    expect(
      initialTransition(confirmedActionMachine, undefined as unknown as ConfirmedActionInput)[0].context,
    ).toMatchObject({
      confirmText: DEFAULT_CONFIRM_TEXT,
      successText: DEFAULT_SUCCESS_TEXT,
      errorText: MESSAGES.generic,
    })
  })

  it('takes the caller’s words for the question, the success and the failure', () => {
    const input = {
      confirmText: 'Ritiri l’iscrizione?',
      successText: 'Iscrizione ritirata',
      errorText: ERROR_TEXT,
    }
    expect(initialTransition(confirmedActionMachine, input)[0].context).toMatchObject(input)
  })
})

describe('confirmedAction: what each state shows', () => {
  const OPEN: State[] = ['confirming', 'submitting', 'succeeded', 'failed']
  it.each(STATES)(
    '%s shows a dialog only when open, the loader only while submitting, and says so in Italian',
    (value) => {
      const snapshot = snapshotOf(value)
      expect(snapshot.hasTag('open')).toBe(OPEN.includes(value))
      expect(snapshot.hasTag('busy')).toBe(value === 'submitting')
      const meta = confirmedActionMachine.states[value]?.meta
      expect(String(meta?.title)).toMatch(/^[A-Z][a-z ]{5,}[a-z]$/)
      expect(String(meta?.description)).toMatch(/^[A-ZÀ-Ý].{20,}\.$/s)
    },
  )

  it('titles the states as a product owner reads them', () => {
    expect(
      Object.fromEntries(STATES.map((value) => [value, confirmedActionMachine.states[value]?.meta?.title])),
    ).toEqual({
      idle: 'Nessuna finestra aperta',
      confirming: 'Richiesta di conferma',
      submitting: 'Invio in corso',
      succeeded: 'Operazione riuscita',
      failed: 'Operazione non riuscita',
    })
  })

  it('is the machine confirmedAction, and names the requirement of each step (meta.spec)', () => {
    expect(confirmedActionMachine.id).toBe('confirmedAction')
    const claimed = STATES.flatMap((value) => {
      const node = confirmedActionMachine.states[value]!
      return [...node.transitions.entries()].flatMap(([event, list]) =>
        list.map((t) => [`${value} ${event}`, (t.meta as { spec?: unknown } | undefined)?.spec]),
      )
    })
    expect(claimed).toEqual([
      ['idle dialog.open', '§4 azione confermata'],
      ['confirming dialog.confirm', '§4 azione confermata'],
      ['confirming dialog.cancel', undefined],
      ['submitting xstate.done.actor.submit', ['§4 azione confermata', '§8 richiesta confermata fallita']],
      ['submitting xstate.done.actor.submit', ['§4 azione confermata', '§8 richiesta confermata riuscita']],
      ['submitting xstate.error.actor.submit', ['§4 azione confermata', '§8 richiesta confermata fallita']],
      ['succeeded dialog.close', '§8 richiesta confermata riuscita'],
      ['succeeded dialog.cancel', undefined],
      ['succeeded dialog.open', undefined],
      ['failed dialog.close', '§8 richiesta confermata fallita'],
      ['failed dialog.open', undefined],
    ])
    expect(confirmedActionMachine.states.failed?.meta?.spec).toBe('§8 richiesta confermata fallita')
  })

  it('names its events and its guard in Italian', () => {
    expect(confirmedActionLabels.events).toEqual({
      'dialog.open': 'azione richiesta',
      'dialog.confirm': 'Conferma',
      'dialog.cancel': 'Annulla',
      'dialog.close': 'Chiudi',
      'xstate.done.actor.submit': 'risposta del server',
      'xstate.error.actor.submit': 'invio non riuscito',
    })
    expect(confirmedActionLabels.guards).toEqual({ isFailedResponse: 'il server segnala un errore' })
  })
})

describe('confirmedAction: the request it submits', () => {
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

  it('hands the request of dialog.open to `submit`, and a fresh one on the next opening', async () => {
    const requests: unknown[] = []
    const machine = confirmedActionMachine.provide({
      actors: {
        submit: fromPromise(async ({ input }: { input: { request: unknown } }) => {
          requests.push(input)
          return { status: 204 }
        }),
      },
    })
    const actor = createActor(machine, { input: {} }).start()
    actor.send({ type: 'dialog.open', request: { id_sfida: 7 } })
    actor.send({ type: 'dialog.confirm' })
    await tick()
    expect(actor.getSnapshot().value).toBe('succeeded')
    actor.send({ type: 'dialog.open' })
    actor.send({ type: 'dialog.confirm' })
    await tick()
    expect(requests).toEqual([{ request: { id_sfida: 7 } }, { request: undefined }])
    actor.stop()
  })

  it('fails loudly when the application did not provide `submit`: the error dialog, never a hang', async () => {
    const actor = createActor(confirmedActionMachine, { input: { errorText: ERROR_TEXT } }).start()
    actor.send({ type: 'dialog.open' })
    actor.send({ type: 'dialog.confirm' })
    await tick()
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.message).toBe(ERROR_TEXT)
    actor.stop()
    // The failure names the machine and the actor to provide, for whoever reads the journal.
    const missing = createActor(confirmedActionMachine.implementations.actors.submit as AnyActorLogic, {
      input: {},
    })
    missing.subscribe({ error: () => {} })
    missing.start()
    await tick()
    expect(String((missing.getSnapshot() as { error?: unknown }).error)).toMatch(
      /confirmedAction: l'attore 'submit' deve essere fornito/,
    )
  })
})
