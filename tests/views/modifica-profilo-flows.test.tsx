// The paths generated from the profile machine (machines/modifica-profilo.ts), replayed on the rendered
// /modifica-profilo page (src/features/profilo/ModificaProfiloPage.tsx): choosing a province, choosing or typing
// the comune, «Salva» and «Riprova a caricare i comuni» are what the user does; the page's actors
// (src/features/profilo/profilo-actors.ts: the comuni, the birthplace, the save) are doubles each path settles.
// Each state is checked on what the user sees: the province and the comune control (list, typed, waiting),
// the Italian error next to each field, the error summary (focused after a refused submit), the button, and
// after saving the notice on the page the user comes back to.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router'
import { afterEach, expect, vi } from 'vitest'
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate'
import { todayInItaly } from '../../contract/dates.ts'
import {
  type ModificaProfiloContext,
  type ModificaProfiloInput,
  PROFILO_FIELDS,
} from '../../machines/modifica-profilo.ts'
import ModificaProfiloPage from '../../src/features/profilo/ModificaProfiloPage.tsx'
import { FIELD_LABELS, validateProfilo } from '../../src/features/profilo/validation.ts'
import { navigazioneStore } from '../../src/stores/navigazione.ts'
import { Notice } from '../../src/ui/Notice.tsx'
import { type MachineModel, Doubles, done, fail, withDoubles } from '../machines/coverage.ts'
import { NETWORK_FAILURE, SERVER_FAILURE, expectedMessage } from '../machines/models/failures.ts'
import { modificaProfiloModel } from '../machines/models/modifica-profilo.model.ts'
import { describeReplays } from './replay.ts'

// The page loads its data and builds its machine from profilo-actors.ts: each path gets the real machine with
// doubles for its actors, and the data of the scenario.
const current = vi.hoisted(() => ({ logic: null as unknown, data: null as unknown }))
vi.mock('../../src/features/profilo/profilo-actors.ts', () => ({
  loadProfilo: async () => current.data,
  get profiloLogic() {
    return current.logic
  },
}))
vi.mock('../../src/app/session.ts', () => ({
  refreshProfile: vi.fn<() => void>(),
  reportFlagsChanged: vi.fn<(flags: object) => void>(),
  signOut: vi.fn<() => void>(),
}))
const { reportFlagsChanged } = await import('../../src/app/session.ts')

afterEach(() => {
  vi.clearAllMocks()
  navigazioneStore.trigger.reset()
})

const SAVED = { dati_incompleti: 0, id_persona: 4711, persona: 'Mario Rossi', provincia: 'RM' }
const COMUNI = { comuni: ['Roma', 'Fiumicino'], comune: 'Roma' }
const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as ModificaProfiloContext

/** The model's scenario with the page's own rules and date: the page builds its input from them. */
const scenarioInput = (input: ModificaProfiloInput): ModificaProfiloInput => ({
  ...input,
  today: todayInItaly(),
  validate: validateProfilo,
})

/** The comune control the page offers: a list, a disabled list while loading or before a province, a text box. */
function comuneControl(c: ModificaProfiloContext, loading: boolean): 'list' | 'waiting' | 'text' {
  if (c.comuni !== null && c.comuni.length > 0) return 'list'
  return loading || c.values.provincia === '' ? 'waiting' : 'text'
}

/**
 * What the page lets a user do while the form is open: choose another province (or none), choose or type the
 * comune where the control takes it, submit, retry the comuni; and how the actors may answer. Once saved the
 * page is left: nothing more happens on it.
 */
function pageEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot)
  if (snapshot.matches({ form: 'saved' })) return []
  const editing = snapshot.matches({ form: 'editing' })
  const events: AnyEventObject[] = []
  if (editing) {
    events.push({ type: 'field.changed', field: 'provincia', value: c.values.provincia === '' ? 'RM' : '' })
    const control = comuneControl(c, snapshot.matches({ comuni: 'loading' }))
    if (control !== 'waiting' && c.values.comune !== 'Roma') {
      events.push({ type: 'field.changed', field: 'comune', value: 'Roma' })
    }
    events.push({ type: 'form.submit' }, { type: 'comuni.retry' })
  }
  if (snapshot.matches({ comuni: 'loading' })) {
    events.push(
      done('loadComuni', { ...COMUNI, comune: c.values.comune === '' ? '' : 'Roma' }),
      fail('loadComuni', NETWORK_FAILURE),
    )
  }
  if (snapshot.matches({ form: 'checkingPlace' })) {
    events.push(
      done('checkBirthPlace', true),
      done('checkBirthPlace', false),
      fail('checkBirthPlace', NETWORK_FAILURE),
    )
  }
  if (snapshot.matches({ form: 'saving' })) {
    events.push(done('saveProfilo', SAVED), fail('saveProfilo', SERVER_FAILURE))
  }
  return events
}

const viewModel: MachineModel = {
  machine: modificaProfiloModel.machine,
  // What the page shows: the state, the province and comune, the comuni offered, the errors and the message.
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return {
      value: snapshot.value,
      provincia: c.values.provincia,
      comune: c.values.comune,
      comuni: c.comuni === null ? null : c.comuni.length,
      submitted: c.submitted,
      errors: c.errors,
      formError: c.formError,
    }
  },
  scenarios: modificaProfiloModel.scenarios.map((scenario) => ({
    ...scenario,
    input: scenarioInput(scenario.input as ModificaProfiloInput),
    events: pageEvents,
  })),
}

/** Events after which the summary takes the focus: a refused submit, an unknown birthplace, a failed save. */
const refusal = (event: AnyEventObject | null, after: AnyMachineSnapshot) =>
  event !== null &&
  after.matches({ form: 'editing' }) &&
  ['form.submit', 'xstate.done.actor.checkBirthPlace', 'xstate.error.actor.saveProfilo'].includes(event.type)

function pageDriver() {
  let user: UserEvent
  const doubles = new Doubles()
  let last: AnyEventObject | null = null

  return {
    start: (input: unknown) => {
      const { values, email, province } = input as ModificaProfiloInput
      current.logic = withDoubles(viewModel, doubles) as AnyStateMachine
      // An incomplete registration, as the guard sends it here: no photo or address sections yet.
      const profilo = {
        id_persona: null,
        persona: email,
        email,
        dati_incompleti: 1,
        fototessera: null,
        dati_spedizione: null,
      }
      current.data = { dati: { ...values, email }, province, profilo, photo: null }
      user = userEvent.setup()
      const router = createMemoryRouter(
        [
          {
            element: (
              <>
                <Notice />
                <Outlet />
              </>
            ),
            children: [
              { path: '/modifica-profilo', element: <ModificaProfiloPage /> },
              { path: '/home', element: <h1>Pagina home</h1> },
            ],
          },
        ],
        { initialEntries: ['/modifica-profilo'] },
      )
      render(<RouterProvider router={router} />)
    },
    act: async (event: AnyEventObject) => {
      last = event
      switch (event.type) {
        case 'field.changed': {
          const control = screen.getByLabelText(FIELD_LABELS[event.field as 'provincia' | 'comune'])
          if (control.tagName === 'SELECT') {
            const option = [...(control as HTMLSelectElement).options].find((o) => o.value === event.value)!
            return user.selectOptions(control, option)
          }
          await user.clear(control)
          return user.type(control, event.value)
        }
        case 'form.submit':
          return user.click(screen.getByRole('button', { name: 'Salva' }))
        case 'comuni.retry':
          return user.click(screen.getByRole('button', { name: 'Riprova a caricare i comuni' }))
        default: {
          const [kind, id] = event.type.startsWith('xstate.done.actor.')
            ? ['output', event.type.slice('xstate.done.actor.'.length)]
            : ['error', event.type.slice('xstate.error.actor.'.length)]
          return act(async () =>
            doubles.settle(id!, kind === 'output' ? { output: event.output } : { error: event.error }),
          )
        }
      }
    },
    see: async (expected: AnyMachineSnapshot) => {
      const focus = refusal(last, expected)
      await waitFor(() => expect(whatTheUserSees(focus)).toEqual(expectedView(expected, focus)))
      // Saved: the session learns at once that the registration is complete (the guards must see it).
      expect(vi.mocked(reportFlagsChanged).mock.calls).toEqual(
        expected.matches({ form: 'saved' }) ? [[{ dati_incompleti: 0 }]] : [],
      )
    },
  }
}

/** The texts of the errors a control names in aria-describedby. */
const describedErrors = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter((id) => id.endsWith('-errore'))
    .map((id) => document.getElementById(id)?.textContent)

/** The page as the user perceives it; `focus`: whether where the focus is matters now. */
function whatTheUserSees(focus: boolean) {
  const heading = screen.getByRole('heading', { level: 1 }).textContent
  const notice = screen.queryByRole('alert')?.querySelector('p')?.textContent ?? null
  const form = screen.queryByRole('form', { name: 'Dati anagrafici' })
  if (!form) return { heading, notice }
  const provincia = within(form).getByLabelText(FIELD_LABELS.provincia) as HTMLSelectElement
  const comune = within(form).getByLabelText(FIELD_LABELS.comune) as HTMLSelectElement | HTMLInputElement
  const summary = within(form).queryByRole('region')
  const button = within(form).getByRole('button', { name: /^Salva/ }) as HTMLButtonElement
  const controls = PROFILO_FIELDS.map((field) => within(form).getByLabelText(FIELD_LABELS[field]))
  return {
    heading,
    notice,
    provincia: provincia.value,
    comune: {
      control:
        comune.tagName === 'INPUT'
          ? 'text'
          : (comune as HTMLSelectElement).disabled
            ? `attesa: ${comune.textContent}`
            : 'elenco',
      value: comune.value,
      options:
        comune.tagName === 'SELECT' ? [...(comune as HTMLSelectElement).options].map((o) => o.text) : null,
      hint: document.getElementById(`${comune.id}-aiuto`)?.textContent ?? null,
    },
    retry: within(form).queryByRole('button', { name: 'Riprova a caricare i comuni' }) !== null,
    errors: Object.fromEntries(
      PROFILO_FIELDS.map((field, i) => [field, describedErrors(controls[i]!)]).filter(
        ([, e]) => e!.length > 0,
      ),
    ),
    invalid: PROFILO_FIELDS.filter((_, i) => controls[i]!.getAttribute('aria-invalid') === 'true'),
    summary: summary
      ? {
          title: within(summary).getByRole('heading').textContent,
          text: [...summary.querySelectorAll('p')].map((p) => p.textContent),
          links: within(summary)
            .queryAllByRole('link')
            .map((link) => link.textContent),
          focused: focus ? summary === document.activeElement : null,
        }
      : null,
    // Every control but the comune (which waits for its list on its own) follows the form's lock.
    enabled: !controls.some((control) => control !== comune && control.matches(':disabled')),
    button: { text: button.textContent, disabled: button.disabled },
  }
}

/** What spec §4 guard 1 and §8 say the user sees in a state of the machine. */
function expectedView(snapshot: AnyMachineSnapshot, focus: boolean) {
  if (snapshot.matches({ form: 'saved' })) {
    // Back to the page the user came from (none: /home), with the notice.
    return { heading: 'Pagina home', notice: 'Dati del profilo salvati.' }
  }
  const c = ctx(snapshot)
  const saving = snapshot.hasTag('saving')
  const loading = snapshot.matches({ comuni: 'loading' })
  const control = comuneControl(c, loading)
  const fields = PROFILO_FIELDS.filter((field) => c.errors[field] !== undefined)
  return {
    heading: 'Modifica profilo',
    notice: null,
    provincia: c.values.provincia,
    comune: {
      control: {
        list: 'elenco',
        text: 'text',
        waiting: `attesa: ${loading ? 'Caricamento dei comuni…' : 'Scegli prima la provincia'}`,
      }[control],
      value: control === 'waiting' ? '' : c.values.comune,
      options: {
        list: ['Scegli il comune…', ...(c.comuni ?? [])],
        text: null,
        waiting: [loading ? 'Caricamento dei comuni…' : 'Scegli prima la provincia'],
      }[control],
      hint: snapshot.matches({ comuni: 'failed' })
        ? 'Non è stato possibile caricare i comuni: scrivi il nome del comune.'
        : null,
    },
    retry: snapshot.matches({ comuni: 'failed' }),
    errors: Object.fromEntries(fields.map((field) => [field, [c.errors[field]]])),
    invalid: fields,
    summary:
      fields.length > 0 || c.formError
        ? {
            title: fields.length > 0 ? 'Correggi i dati indicati' : 'Salvataggio non riuscito',
            text: c.formError ? [expectedMessage(SERVER_FAILURE)] : [],
            links: fields.map((field) => `${FIELD_LABELS[field]}: ${c.errors[field]}`),
            focused: focus ? true : null,
          }
        : null,
    // The whole form is locked while the birthplace is checked and the profile saved.
    enabled: !saving,
    button: { text: saving ? 'Salvataggio…' : 'Salva', disabled: saving },
  }
}

describeReplays('profile form: the generated paths replayed on /modifica-profilo', viewModel, pageDriver)
