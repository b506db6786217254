// Model of /home: one loader per section, for the chosen sector; the sections that came with the page are not
// asked again; another sector loads them all again; a banner click is counted.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { type HomeContext, SECTIONS, homeMachine } from '../../../machines/home.ts'
import { type ExecutedStep, type MachineModel } from '../coverage.ts'

const MENU = [{ titolo: 'Tornei', path: '/tornei' }]

function homeEvents(): AnyEventObject[] {
  return [
    { type: 'home.sectorChanged', id_settore: 2 },
    { type: 'home.sectorChanged', id_settore: 1 },
    { type: 'home.bannerClicked', id_banner: 5, path: '/home' },
  ]
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as HomeContext

function checkHome({ scenario, before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  const sectionInputs = () =>
    SECTIONS.map((section) => doubles.lastInput(section) as { params: unknown; initial: unknown })
  if (!before || event.type === 'home.sectorChanged') {
    const initial = before ? {} : ((scenario.input as { initial?: Record<string, unknown> }).initial ?? {})
    assert.deepEqual(
      sectionInputs(),
      SECTIONS.map((section) => ({
        params: { section, id_settore: now.id_settore },
        initial: initial[section],
      })),
      'ogni sezione si carica per il settore scelto',
    )
  }
  if (event.type === 'home.sectorChanged') {
    assert.notEqual(ctx(before!).id_settore, now.id_settore, 'solo per un altro settore')
    assert.equal(now.id_settore, event.id_settore)
  }
  if (event.type === 'home.bannerClicked') {
    assert.deepEqual(doubles.lastInput('recordBannerClick') ?? lastSpawned(doubles), {
      id_banner: 5,
      path: '/home',
    })
  }
}

/** A spawned child's id is generated: find the click among every recorded input. */
function lastSpawned(doubles: ExecutedStep['doubles']): unknown {
  return [...doubles.inputs.values()].flat().findLast((input) => {
    const click = input as { id_banner?: number } | undefined
    return click?.id_banner !== undefined
  })
}

export const homeModel: MachineModel = {
  machine: homeMachine,
  abstract: (snapshot) => ({ value: snapshot.value, id_settore: ctx(snapshot).id_settore }),
  scenarios: [
    { name: 'Home del tennis', input: { id_settore: 1 }, events: homeEvents },
    {
      name: 'Home con il menu nella pagina',
      input: { id_settore: 1, initial: { menu: MENU } },
      events: homeEvents,
    },
  ],
  check: checkHome,
}
