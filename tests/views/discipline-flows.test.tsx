// The paths generated from the discipline machine (machines/discipline.ts), replayed on the rendered
// /scelta-disciplina page (src/features/disciplina/SceltaDisciplinaPage.tsx): choosing a discipline or a sector,
// "Ricorda la scelta" and «Riprova» are clicks; the application's own events (the list requested at start-up)
// are sent as the application sends them; the lookup answer settles the request. Each state is checked on what
// the user sees: the loader, the error with «Riprova», the chosen discipline and sector, the Continua button.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, createActor } from 'xstate'
import type { DisciplineContext } from '../../machines/discipline.ts'
import SceltaDisciplinaPage from '../../src/features/disciplina/SceltaDisciplinaPage.tsx'
import {
  type MachineModel,
  Doubles,
  coverageOf,
  done,
  fail,
  planPaths,
  runPath,
  withDoubles,
} from '../machines/coverage.ts'
import {
  EMPTY_LOOKUP,
  LOOKUP,
  NETWORK_FAILURE,
  disciplineModel,
} from '../machines/models/discipline.model.ts'
import { replayOnView } from './replay.ts'

// The page reads the app-wide actor: each path gets a fresh actor of the real machine with a double for the
// lookup call, behind a stand-in that forwards to it.
const current = vi.hoisted(() => ({ actor: null as AnyActorRef | null }))
vi.mock('../../src/app/discipline.ts', () => ({
  disciplineActor: new Proxy(
    {},
    {
      get: (_, key) => {
        const value = Reflect.get(current.actor!, key)
        return typeof value === 'function' ? value.bind(current.actor) : value
      },
    },
  ),
}))

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as DisciplineContext

/** What the page lets a user do in each state, plus the application's start-up request and its answers. */
function pageEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot)
  const events: AnyEventObject[] = [{ type: 'discipline.load' }, { type: 'discipline.retry' }]
  // The form (and its checkbox) shows once the list is there.
  if (c.discipline !== null) events.push({ type: 'discipline.rememberChoice', value: !c.ricorda_scelta })
  for (const d of c.discipline ?? []) {
    if (d.disciplina !== c.disciplina) events.push({ type: 'discipline.choose', disciplina: d.disciplina })
  }
  if (c.disciplina !== null && c.settori.length > 1) {
    for (const s of c.settori) {
      if (s.id_settore !== c.id_settore) {
        events.push({ type: 'discipline.choose', disciplina: c.disciplina, id_settore: s.id_settore })
      }
    }
  }
  if (snapshot.matches('loading')) {
    events.push(
      done('loadDisciplines', LOOKUP),
      done('loadDisciplines', EMPTY_LOOKUP),
      fail('loadDisciplines', NETWORK_FAILURE),
    )
  }
  return events
}

const viewModel: MachineModel = {
  machine: disciplineModel.machine,
  // What the page shows: the state, the choice, whether the list is there, the remembered flag, the error.
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return {
      value: snapshot.value,
      disciplina: c.disciplina,
      id_settore: c.id_settore,
      loaded: c.discipline !== null,
      ricorda: c.ricorda_scelta,
      error: c.error,
    }
  },
  scenarios: disciplineModel.scenarios.map((scenario) => ({ ...scenario, events: pageEvents })),
}

function pageDriver() {
  let user: UserEvent
  const doubles = new Doubles()

  const group = (name: string) => screen.getByRole('group', { name })
  return {
    start: (input: unknown) => {
      user = userEvent.setup()
      current.actor = createActor(withDoubles(viewModel, doubles), { input }).start()
      render(
        <MemoryRouter initialEntries={['/scelta-disciplina']}>
          <SceltaDisciplinaPage />
        </MemoryRouter>,
      )
    },
    act: async (event: AnyEventObject, before: AnyMachineSnapshot) => {
      const c = ctx(before)
      switch (event.type) {
        case 'discipline.load':
          // Sent by the application when it starts (src/app/discipline.ts), not by the page.
          return act(() => current.actor!.send(event))
        case 'discipline.retry':
          return user.click(screen.getByRole('button', { name: 'Riprova' }))
        case 'discipline.rememberChoice':
          return user.click(screen.getByRole('checkbox', { name: /Ricorda la scelta/ }))
        case 'discipline.choose': {
          if (event.id_settore === undefined) {
            const nome = c.discipline!.find((d) => d.disciplina === event.disciplina)!.nome
            return user.click(within(group('Disciplina')).getByRole('radio', { name: nome }))
          }
          const settore = c.settori.find((s) => s.id_settore === event.id_settore)!.settore
          return user.click(within(group('Settore')).getByRole('radio', { name: settore }))
        }
        case 'xstate.done.actor.loadDisciplines':
          return act(async () => doubles.settle('loadDisciplines', { output: event.output }))
        case 'xstate.error.actor.loadDisciplines':
          return act(async () => doubles.settle('loadDisciplines', { error: event.error }))
        default:
          throw new Error(`evento senza azione sulla pagina: ${event.type}`)
      }
    },
    see: async (expected: AnyMachineSnapshot) => {
      await waitFor(() => expect(whatTheUserSees()).toEqual(expectedView(expected)))
    },
  }
}

const checkedValue = (radios: HTMLElement[]) =>
  radios.find((radio) => (radio as HTMLInputElement).checked)?.getAttribute('value') ?? null

/** The page as the user perceives it: loader, error, the choices offered and made, the Continua button. */
function whatTheUserSees() {
  const alert = screen.queryByRole('alert')
  const disciplines = screen.queryByRole('group', { name: 'Disciplina' })
  const sectors = screen.queryByRole('group', { name: 'Settore' })
  const discipline = disciplines ? within(disciplines).getAllByRole('radio') : []
  const sector = sectors ? within(sectors).getAllByRole('radio') : []
  const remember = screen.queryByRole('checkbox', { name: /Ricorda la scelta/ }) as HTMLInputElement | null
  const proceed = screen.queryByRole('button', { name: 'Continua' }) as HTMLButtonElement | null
  return {
    busy: screen.queryByLabelText('Caricamento delle discipline')?.getAttribute('aria-busy') === 'true',
    error: alert
      ? {
          text: alert.querySelector('p')?.textContent,
          retry: within(alert).queryByRole('button')?.textContent,
        }
      : null,
    disciplines: disciplines ? discipline.map((radio) => radio.closest('label')!.textContent) : null,
    chosen: checkedValue(discipline),
    sectors: sectors ? sector.map((radio) => radio.closest('label')!.textContent) : null,
    sector: checkedValue(sector),
    remember: remember?.checked ?? null,
    canContinue: proceed ? !proceed.disabled : null,
  }
}

/** What the page must show for a state of the machine (spec §4 "Discipline", §8 for the error). */
function expectedView(snapshot: AnyMachineSnapshot) {
  const c = ctx(snapshot)
  const list = c.discipline
  const showsSectors = list !== null && c.disciplina !== null && c.settori.length > 1
  return {
    busy: snapshot.matches('idle') || snapshot.matches('loading'),
    error: snapshot.matches('failed') ? { text: c.error, retry: 'Riprova' } : null,
    disciplines: list === null ? null : list.map((d) => d.nome),
    chosen: list === null ? null : c.disciplina,
    sectors: showsSectors ? c.settori.map((s) => s.settore) : null,
    sector: showsSectors ? String(c.id_settore) : null,
    remember: list === null ? null : c.ricorda_scelta,
    canContinue: list === null ? null : c.disciplina !== null && c.id_settore !== null,
  }
}

describe('discipline choice: the generated paths replayed on /scelta-disciplina', () => {
  const planned = planPaths(viewModel)

  it('plans paths that take every transition the page and the start-up can reach', async () => {
    const executed = await Promise.all(planned.map((path) => runPath(viewModel, path)))
    // fromQuery and router.redirected belong to the address and the router, not to this page.
    expect(coverageOf(viewModel.machine, executed).transitions.missing.map((t) => t.key)).toEqual([
      'discipline discipline.fromQuery #0',
      'discipline discipline.fromQuery #1',
      'discipline discipline.fromQuery #2',
      'discipline router.redirected #0',
    ])
  })

  for (const path of planned) {
    // oxlint-disable-next-line vitest/valid-title -- the titles are the generated paths' descriptions
    it(path.description, async () => {
      expect.hasAssertions()
      await replayOnView(viewModel, path, pageDriver())
    })
  }
})
