// The paths generated from the privacy machine (machines/modifica-privacy.ts), replayed on the rendered
// /modifica-privacy page (src/features/profilo/ModificaPrivacyPage.tsx): the notice box, the Sì/No choice and
// «Salva le preferenze» are clicks; the server's answer settles the save the page sends through the API
// client. Each state is checked on what the user sees: the answers, the Italian error next to each control,
// the error summary (focused after a failed submit), the button, and after saving the notice on the page the
// user comes back to.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router'
import { afterEach, expect, vi } from 'vitest'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { endpoints } from '../../contract/endpoints.ts'
import {
  type PrivacyContext,
  type PrivacyValues,
  privacyValuesFrom,
} from '../../machines/modifica-privacy.ts'
import ModificaPrivacyPage from '../../src/features/profilo/ModificaPrivacyPage.tsx'
import { navigazioneStore } from '../../src/stores/navigazione.ts'
import { utenteStore } from '../../src/stores/utente.ts'
import { Notice } from '../../src/ui/Notice.tsx'
import { type MachineModel, done, fail } from '../machines/coverage.ts'
import { SERVER_FAILURE } from '../machines/models/failures.ts'
import { modificaPrivacyModel } from '../machines/models/modifica-privacy.model.ts'
import { ApiDoubles, describeReplays } from './replay.ts'

const api = vi.hoisted(() => ({ current: null as { call: (...args: never[]) => unknown } | null }))
vi.mock('../../src/api/client.ts', () => ({
  callApi: (...args: never[]) => api.current!.call(...args),
}))
vi.mock('../../src/app/session.ts', () => ({
  refreshProfile: vi.fn<() => void>(),
  reportFlagsChanged: vi.fn<(flags: object) => void>(),
  signOut: vi.fn<() => void>(),
}))
const { reportFlagsChanged } = await import('../../src/app/session.ts')

afterEach(() => {
  vi.clearAllMocks()
  utenteStore.trigger.reset()
  navigazioneStore.trigger.reset()
})

const SAVE = endpoints.privacyUserEdit.path
/** What profilo/privacy/view answers: the notice not accepted, profilation never chosen. */
const STORED = { privacy: 0, profilation: null, privacy_accettata_il: null }
const SAVED = { privacy: 1, profilation: 0 }
const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as PrivacyContext

/**
 * What the page lets a user do: tick or untick the notice box, pick the radio not yet picked (a checked box
 * or radio clicked again sends nothing the machine would take as the model's «same value» event), submit;
 * and how the server may answer the save.
 */
function userEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const { values } = ctx(snapshot)
  const events: AnyEventObject[] = [{ type: 'privacy.changed', value: !values.privacy }]
  if (values.profilation !== true) events.push({ type: 'profilation.changed', value: true })
  if (values.profilation !== false) events.push({ type: 'profilation.changed', value: false })
  events.push({ type: 'form.submit' })
  if (snapshot.matches('saving')) events.push(done('savePrivacy', SAVED), fail('savePrivacy', SERVER_FAILURE))
  return events
}

const viewModel: MachineModel = {
  machine: modificaPrivacyModel.machine,
  // What the page shows: the state, the answers, whether errors follow the answers, the failed save's message.
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return {
      value: snapshot.value,
      values: c.values,
      submitted: c.submitted,
      formError: c.formError,
      status: snapshot.status,
    }
  },
  scenarios: modificaPrivacyModel.scenarios.map((scenario) => ({ ...scenario, events: userEvents })),
}

const NOTICE = "Ho letto e accetto l'informativa sulla privacy"
const YES = 'Sì, acconsento alla profilazione'
const NO = 'No, non acconsento'

function pageDriver() {
  let user: UserEvent
  const doubles = new ApiDoubles()
  /** The event just sent: after a refused submit or a failed save the summary takes the focus. */
  let last: AnyEventObject | null = null

  return {
    start: async (input: unknown) => {
      const { values } = input as { values: PrivacyValues }
      api.current = doubles
      // The page starts from the consents the server holds (privacyValuesFrom): a user who never chose.
      expect(values).toEqual(privacyValuesFrom(STORED))
      utenteStore.trigger.synced({
        state: {
          token: 'eyJ.test.token',
          login: { privacy: 0, profilation: 0, dati_incompleti: 0, tessera_associata: 0, user_id: 'u1' },
          details: null,
          detailsStatus: null,
        },
      })
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
              { path: '/modifica-privacy', element: <ModificaPrivacyPage /> },
              { path: '/home', element: <h1>Pagina home</h1> },
            ],
          },
        ],
        { initialEntries: ['/modifica-privacy'] },
      )
      render(<RouterProvider router={router} />)
      await act(async () => doubles.settle(endpoints.privacyView.path, { output: STORED }))
      await screen.findByRole('form', { name: 'Preferenze privacy' })
    },
    act: async (event: AnyEventObject) => {
      last = event
      switch (event.type) {
        case 'privacy.changed':
          return user.click(screen.getByRole('checkbox', { name: NOTICE }))
        case 'profilation.changed':
          return user.click(screen.getByRole('radio', { name: event.value ? YES : NO }))
        case 'form.submit':
          return user.click(screen.getByRole('button', { name: 'Salva le preferenze' }))
        case 'xstate.done.actor.savePrivacy':
        case 'xstate.error.actor.savePrivacy':
          return act(async () =>
            doubles.settle(SAVE, 'output' in event ? { output: event.output } : { error: event.error }),
          )
        default:
          throw new Error(`evento senza azione dell'utente: ${event.type}`)
      }
    },
    see: async (expected: AnyMachineSnapshot) => {
      await waitFor(() => expect(whatTheUserSees()).toEqual(expectedView(expected, last)))
      // While saving, one request is out: the notice accepted and the profilation chosen.
      const { values } = ctx(expected)
      expect(doubles.waiting(SAVE)).toEqual(
        expected.matches('saving') ? [{ privacy: true, profilation: values.profilation === true }] : [],
      )
      // Saved: the session learns the new consents at once (the guards must see them).
      expect(vi.mocked(reportFlagsChanged).mock.calls).toEqual(
        expected.matches('saved') ? [[{ privacy: 1, profilation: 0 }]] : [],
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

/** The page as the user perceives it. */
function whatTheUserSees() {
  const heading = screen.getByRole('heading', { level: 1 }).textContent
  const notice = screen.queryByRole('alert')
  const form = screen.queryByRole('form', { name: 'Preferenze privacy' })
  if (!form) return { heading, notice: notice?.querySelector('p')?.textContent ?? null }
  const box = within(form).getByRole('checkbox', { name: NOTICE }) as HTMLInputElement
  const group = within(form).getByRole('radiogroup', { name: 'Consenso alla profilazione' })
  const yes = within(group).getByRole('radio', { name: YES }) as HTMLInputElement
  const no = within(group).getByRole('radio', { name: NO }) as HTMLInputElement
  const summary = within(form).queryByRole('region')
  const button = within(form).getByRole('button') as HTMLButtonElement
  return {
    heading,
    notice: notice?.querySelector('p')?.textContent ?? null,
    privacy: {
      checked: box.checked,
      invalid: box.getAttribute('aria-invalid') === 'true',
      errors: describedErrors(box),
    },
    profilation: {
      yes: yes.checked,
      no: no.checked,
      invalid: group.getAttribute('aria-invalid') === 'true',
      errors: describedErrors(group),
    },
    summary: summary
      ? {
          title: within(summary).getByRole('heading').textContent,
          text: [...summary.querySelectorAll('p')].map((p) => p.textContent),
          links: within(summary)
            .queryAllByRole('link')
            .map((link) => link.textContent),
          focused: summary === document.activeElement,
        }
      : null,
    enabled: ![box, yes, no].some((control) => control.matches(':disabled')),
    button: { text: button.textContent, disabled: button.disabled },
  }
}

const ERRORS = {
  privacy: "Per usare il portale devi accettare l'informativa sulla privacy.",
  profilation: 'Indica se acconsenti alla profilazione.',
}

/** What spec §4 guard 2 and §8 say the user sees in a state of the machine, after the event just sent. */
function expectedView(snapshot: AnyMachineSnapshot, last: AnyEventObject | null) {
  if (snapshot.matches('saved')) {
    // Back to the page the user came from (none: /home), with the notice.
    return { heading: 'Pagina home', notice: 'Preferenze sulla privacy salvate.' }
  }
  const { values, submitted, formError } = ctx(snapshot)
  const saving = snapshot.matches('saving')
  // Errors show after the first submit and then follow every answer; never while saving.
  const privacyError = submitted && !saving && !values.privacy ? ERRORS.privacy : null
  const profilationError = submitted && !saving && values.profilation === null ? ERRORS.profilation : null
  const links = [
    ...(privacyError ? [`Informativa sulla privacy: ${privacyError}`] : []),
    ...(profilationError ? [`Profilazione: ${profilationError}`] : []),
  ]
  const refused = last?.type === 'xstate.error.actor.savePrivacy' || (last?.type === 'form.submit' && !saving)
  return {
    heading: 'Preferenze privacy',
    notice: null,
    privacy: {
      checked: values.privacy,
      invalid: privacyError !== null,
      errors: privacyError ? [privacyError] : [],
    },
    profilation: {
      yes: values.profilation === true,
      no: values.profilation === false,
      invalid: profilationError !== null,
      errors: profilationError ? [profilationError] : [],
    },
    summary:
      links.length > 0 || formError
        ? {
            title: links.length > 0 ? 'Correggi i dati indicati' : 'Salvataggio non riuscito',
            text: formError ? [SERVER_FAILURE.message] : [],
            links,
            focused: refused,
          }
        : null,
    enabled: !saving,
    button: { text: saving ? 'Salvataggio…' : 'Salva le preferenze', disabled: saving },
  }
}

describeReplays('privacy form: the generated paths replayed on /modifica-privacy', viewModel, pageDriver)
