// The answers the server puts in the page: used once, as the server wrote them (the API's own answers, decoded by
// the server through the same contract), only for public reads, and the home starts ready with them instead of
// asking again.
import { createActor } from 'xstate'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ANONYMOUS_ANSWERS_KEY, callKey, INITIAL_ANSWERS_ID } from '../../contract/endpoint.ts'
import { schedaCalls } from '../../contract/giocatori.ts'
import { homeCalls } from '../../contract/home.ts'
import { datiAnagraficiView } from '../../contract/profilo.ts'
import type { Section, SectionParams } from '../../machines/home.ts'

const MENU = [
  {
    id: 1,
    etichetta: 'Calendario tornei',
    descrizione: null,
    percorso: '/tornei/calendario-tornei',
    esterno: false,
    icona: null,
    richiede_accesso: false,
  },
]

function pageWith(answers: Record<string, unknown>) {
  const script = document.createElement('script')
  script.type = 'application/json'
  script.id = INITIAL_ANSWERS_ID
  script.textContent = JSON.stringify(answers)
  document.head.append(script)
}

/** A fetch that answers every call with `body` and counts the calls. */
function networkAnswering(body: unknown) {
  const fetch = vi.fn(
    async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}

// The client reads the page once per load: each test loads it afresh.
const loadClient = () => import('../../src/api/client.ts')

beforeEach(() => vi.resetModules())
afterEach(() => {
  document.getElementById(INITIAL_ANSWERS_ID)?.remove()
  vi.unstubAllGlobals()
})

describe('answers in the page', () => {
  const menu = homeCalls(1).menu

  it('answer the first identical call without the network, then the API answers', async () => {
    pageWith({ [callKey(menu.endpoint.path, menu.body)]: { result: MENU } })
    const fetch = networkAnswering({ result: [] })
    const { callApi } = await loadClient()
    expect((await callApi(menu.endpoint, menu.body)).result).toEqual(MENU)
    expect(fetch).not.toHaveBeenCalled()
    expect((await callApi(menu.endpoint, menu.body)).result).toEqual([])
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('do not answer a call with another body', async () => {
    pageWith({ [callKey(menu.endpoint.path, menu.body)]: { result: MENU } })
    const fetch = networkAnswering({ result: [] })
    const { callApi } = await loadClient()
    const other = homeCalls(2).menu
    expect((await callApi(other.endpoint, other.body)).result).toEqual([])
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('never stand in for a call that needs the signed-in user', async () => {
    const body = {}
    pageWith({ [callKey(datiAnagraficiView.path, body)]: { result: 'finto' } })
    const fetch = networkAnswering({ statusCode: 500, message: 'dal server' })
    const { callApi } = await loadClient()
    await callApi(datiAnagraficiView, body as never).catch(() => undefined)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('are used as the server wrote them, without loading the transport and its schemas', async () => {
    pageWith({ [callKey(menu.endpoint.path, menu.body)]: { result: MENU } })
    const transport = vi.fn()
    vi.doMock('../../src/api/transport.ts', () => {
      transport()
      return {}
    })
    const { initialAnswer } = await loadClient()
    expect(initialAnswer(menu.endpoint, menu.body)?.result).toEqual(MENU)
    expect(transport).not.toHaveBeenCalled()
    vi.doUnmock('../../src/api/transport.ts')
  })

  it('are not used when they say the caller is not authorised: the call goes to the API', async () => {
    pageWith({
      [callKey(menu.endpoint.path, menu.body)]: { statusCode: 401, message: 'Utente non autorizzato' },
    })
    const { initialAnswer } = await loadClient()
    expect(initialAnswer(menu.endpoint, menu.body)).toBeUndefined()
  })

  it('that depend on who asks stand in only for a visitor the session knows is not signed in', async () => {
    const profilo = schedaCalls.profilo({ id_persona: 1, id_settore: 1 })
    const key = callKey(profilo.endpoint.path, profilo.body)
    const page = { [key]: { result: { persona: 'Anonimo' } }, [ANONYMOUS_ANSWERS_KEY]: [key] }
    const fetch = networkAnswering({ result: { persona: 'Dal server' } })
    pageWith(page)
    const signedIn = await loadClient()
    signedIn.connectSession({
      token: async () => 'token',
      unauthorized: () => undefined,
      anonymous: () => false,
    })
    expect(signedIn.initialAnswer(profilo.endpoint, profilo.body)).toBeUndefined()
    expect(fetch).not.toHaveBeenCalled()
    document.getElementById(INITIAL_ANSWERS_ID)?.remove()
    vi.resetModules()
    pageWith(page)
    const anonymous = await loadClient()
    anonymous.connectSession({
      token: async () => null,
      unauthorized: () => undefined,
      anonymous: () => true,
    })
    expect(anonymous.initialAnswer(profilo.endpoint, profilo.body)?.result).toEqual({ persona: 'Anonimo' })
  })

  it('are ignored when the page has none, or cannot be read', async () => {
    const { initialAnswer } = await loadClient()
    expect(initialAnswer(menu.endpoint, menu.body)).toBeUndefined()
    vi.resetModules()
    const script = document.createElement('script')
    script.type = 'application/json'
    script.id = INITIAL_ANSWERS_ID
    script.textContent = '{non è json'
    document.head.append(script)
    const again = await loadClient()
    expect(again.initialAnswer(menu.endpoint, menu.body)).toBeUndefined()
  })
})

describe('the home with answers in the page', () => {
  it('starts ready for every answered section and loads only the others', async () => {
    const calls = homeCalls(1)
    pageWith({
      [callKey(calls.menu.endpoint.path, calls.menu.body)]: { result: MENU },
      [callKey(calls.numeri.endpoint.path, calls.numeri.body)]: {
        result: { stagione: 2026, giocatori: 10, circoli: 2, tornei: 3, partite: 40 },
      },
    })
    networkAnswering({})
    const { homeLogicWith, initialHomeData } = await import('../../src/features/home/home-data.ts')
    const loaded: string[] = []
    const machine = homeLogicWith(async (params: SectionParams) => {
      loaded.push(params.section)
      return new Promise<never>(() => undefined)
    })
    const initial = initialHomeData(1)
    expect(initial.menu).toEqual(MENU)
    expect(initial.numeri?.giocatori).toBe(10)
    const actor = createActor(machine, { input: { id_settore: 1, initial } }).start()
    const section = (name: Section) => actor.getSnapshot().children[name]!.getSnapshot().value
    expect(section('menu')).toBe('ready')
    expect(section('numeri')).toBe('ready')
    expect(section('newsVideo')).toBe('loading')
    expect(loaded.sort()).toEqual(
      ['bannerMiddle', 'bannerTop', 'calendario', 'circuitiClassifiche', 'classifica', 'newsVideo'].sort(),
    )
    // Another sector: everything is asked again.
    loaded.length = 0
    actor.send({ type: 'home.sectorChanged', id_settore: 2 })
    expect(loaded).toHaveLength(8)
    actor.stop()
  })
})

describe('the first screen of the home', () => {
  it('is pending until both its sections have loaded or failed', async () => {
    networkAnswering({})
    const { homeLogicWith, firstScreenPending } = await import('../../src/features/home/home-data.ts')
    const settle = new Map<Section, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>()
    const machine = homeLogicWith(
      (params: SectionParams) =>
        new Promise((resolve, reject) => settle.set(params.section, { resolve, reject })),
    )
    const actor = createActor(machine, { input: { id_settore: 1 } }).start()
    expect(firstScreenPending(actor.getSnapshot())).toBe(true)
    settle.get('menu')!.resolve(MENU)
    await Promise.resolve()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(firstScreenPending(actor.getSnapshot())).toBe(true)
    // A failed banner does not hold the page: it shows with what it has.
    settle.get('bannerTop')!.reject(new Error('rete'))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(firstScreenPending(actor.getSnapshot())).toBe(false)
    // The other sections load on their own below.
    expect(actor.getSnapshot().children.newsVideo!.getSnapshot().hasTag('loading')).toBe(true)
    actor.stop()
  })

  it('is not pending when the page brought its sections', async () => {
    networkAnswering({})
    const { homeLogicWith, firstScreenPending } = await import('../../src/features/home/home-data.ts')
    const actor = createActor(
      homeLogicWith(() => new Promise<never>(() => undefined)),
      { input: { id_settore: 1, initial: { menu: MENU, bannerTop: [] } } },
    ).start()
    expect(firstScreenPending(actor.getSnapshot())).toBe(false)
    actor.stop()
  })
})
