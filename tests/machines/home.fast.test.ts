// The sections of /home (machines/home.ts) through xstate's pure transition(), against its header: one
// page-data actor per section, named after it and loaded on its own for the chosen sector (the sections the
// server already answered in the page come with it); another sector loads them all again; a banner click is
// counted, fire and forget. The fast set of `npm run mutation`.
import { describe, expect, it } from 'vitest'
import { type HomeData, SECTIONS, homeLabels, homeMachine } from '../../machines/home.ts'
import { pageDataMachine } from '../../machines/page-data.ts'
import { expectLabelled, expectProvidedByTheApplication, expectStatesDescribed, send, start } from './fast.ts'

const EVERY_SECTION = [
  'menu',
  'bannerTop',
  'bannerMiddle',
  'numeri',
  'newsVideo',
  'calendario',
  'classifica',
  'circuitiClassifiche',
]
const sectionsFor = (id_settore: number, initial: Partial<HomeData> = {}) =>
  EVERY_SECTION.map((section) => ({
    id: section,
    src: 'section',
    input: { params: { section, id_settore }, initial: initial[section as keyof HomeData] },
  }))

describe('home', () => {
  it('has the eight sections of the home page', () => {
    expect(SECTIONS).toEqual(EVERY_SECTION)
  })

  it('loads each section on its own, as a page-data actor named after it, for the chosen sector', () => {
    const step = start(homeMachine, { id_settore: 1 })
    expect(step.snapshot.value).toBe('showing')
    expect(step.snapshot.context).toEqual({ id_settore: 1, initial: {} })
    expect(step.started).toEqual(sectionsFor(1))
    expect(homeMachine.implementations.actors.section).toBe(pageDataMachine)
  })

  it('gives each section the data the server already answered in the page', () => {
    const initial: Partial<HomeData> = { menu: [], classifica: { righe: [], totale: 0 } }
    const step = start(homeMachine, { id_settore: 1, initial })
    expect(step.snapshot.context).toEqual({ id_settore: 1, initial })
    expect(step.started).toEqual(sectionsFor(1, initial))
  })

  it('loads every section again for another sector, without the page’s data (it was the old sector’s)', () => {
    const opened = start(homeMachine, { id_settore: 1, initial: { menu: [] } })
    const step = send(homeMachine, opened.snapshot, { type: 'home.sectorChanged', id_settore: 2 })
    expect(step.snapshot.value).toBe('showing')
    expect(step.snapshot.context).toEqual({ id_settore: 2, initial: {} })
    expect(step.stopped).toEqual(EVERY_SECTION)
    expect(step.started).toEqual(sectionsFor(2))
  })

  it('ignores a change to the sector already shown', () => {
    const { snapshot } = start(homeMachine, { id_settore: 1 })
    expect(snapshot.can({ type: 'home.sectorChanged', id_settore: 1 })).toBe(false)
    expect(send(homeMachine, snapshot, { type: 'home.sectorChanged', id_settore: 1 }).snapshot).toBe(snapshot)
  })

  it('counts a banner click with its banner and path, and nothing else changes', () => {
    const { snapshot } = start(homeMachine, { id_settore: 1 })
    const click = { type: 'home.bannerClicked', id_banner: 3, path: '/tornei', extra: 'x' } as const
    const step = send(homeMachine, snapshot, click)
    expect(step.snapshot.value).toBe('showing')
    expect(step.snapshot.context).toEqual(snapshot.context)
    expect(step.started.map(({ src, input }) => ({ src, input }))).toEqual([
      { src: 'recordBannerClick', input: { id_banner: 3, path: '/tornei' } },
    ])
    expect(step.stopped).toEqual([])
  })

  it('is the machine home, each state titled and described, each event and guard labelled', async () => {
    expect(homeMachine.id).toBe('home')
    expectStatesDescribed(homeMachine)
    expectLabelled(homeMachine, homeLabels)
    await expectProvidedByTheApplication(homeMachine, ['recordBannerClick'])
  })
})
