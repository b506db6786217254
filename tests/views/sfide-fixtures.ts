// Challenges as the server answers them, for the challenge pages' view tests: the stored context is built by
// running the challenge machine itself, as the server does, so a fixture is always a state the server can hold.
import { vi } from 'vitest'
import { initialTransition, transition } from 'xstate'
import { SFIDA_STATE_TITLES, type RigaSfida, type Sfida, type SfidaState } from '../../contract/sfide.ts'
import { challengeMachine, type ChallengeEvent, type ChallengeInput } from '../../machines/challenge.ts'
import { disciplinaStore } from '../../src/stores/disciplina.ts'
import { utenteStore } from '../../src/stores/utente.ts'

export const LUCA = 1
export const ANDREA = 5
export const GIULIA = 7

export const NAMES: Record<number, string> = {
  [LUCA]: 'Bianchi Luca',
  [ANDREA]: 'Ricci Andrea',
  [GIULIA]: 'Verdi Giulia',
}

/** The machine run from a proposal through `events`: the state and context the server would store. */
export function run(input: ChallengeInput, events: readonly ChallengeEvent[] = []) {
  let [snapshot] = initialTransition(challengeMachine, input)
  for (const event of events) [snapshot] = transition(challengeMachine, snapshot, event)
  return { stato: snapshot.value as SfidaState, contesto: structuredClone(snapshot.context) }
}

export function row(over: Partial<RigaSfida> & { id?: number } = {}, stored = run(singles())): RigaSfida {
  return {
    id: 41,
    id_settore: 1,
    specialita: stored.contesto.doppio ? 'doppio' : 'singolare',
    stato: stored.stato,
    titolo_stato: SFIDA_STATE_TITLES[stored.stato],
    pubblica: stored.contesto.pubblica,
    data_proposta: null,
    proposta_il: '2026-05-10T08:00:00.000Z',
    scade_il: null,
    creatore: stored.contesto.creatore,
    creatore_nome: NAMES[stored.contesto.creatore]!,
    partecipanti: stored.contesto.partecipanti.map((p) => ({
      id: p.persona,
      nome: NAMES[p.persona] ?? `Giocatore ${p.persona}`,
      lato: p.lato,
      risposta: p.risposta,
      power: 40,
    })),
    punteggio: null,
    da_fare: null,
    ...over,
  }
}

export const singles = (over: Partial<ChallengeInput> = {}): ChallengeInput => ({
  creatore: LUCA,
  doppio: false,
  pubblica: false,
  avversari: [ANDREA],
  ...over,
})

export function sfida(stored = run(singles()), over: Partial<Sfida> = {}): Sfida {
  return {
    ...row({}, stored),
    disciplina: 'Tennis',
    messaggio: null,
    circolo: null,
    provincia: null,
    risultato: null,
    contesto: stored.contesto,
    storia: [
      {
        evento: 'sfida.proponi',
        descrizione: 'Sfida proposta',
        da_stato: null,
        a_stato: 'proposed',
        chi: NAMES[stored.contesto.creatore]!,
        nota: null,
        at: '2026-05-10T08:00:00.000Z',
      },
    ],
    power: [],
    arbitro: false,
    ...over,
  }
}

/** The result Luca entered (side 1 won 6-4 7-6(5)). */
export const enteredResult = (): NonNullable<Sfida['risultato']> => ({
  esito: 'giocata',
  set: [
    { a: 6, b: 4 },
    { a: 7, b: 6, tiebreak: 5 },
  ],
  vincitore_lato: 1,
  punteggio: '6-4 7-6(5)',
  inserito_da: LUCA,
  inserito_il: '2026-05-12T17:00:00.000Z',
  confermato_il: null,
  conferma_automatica: false,
  contestato_da: null,
  motivo_contestazione: null,
  risoluzione: null,
})

/** The accepted challenge, then Luca's result. */
export const accepted = () => run(singles(), [{ type: 'sfida.accetta', by: ANDREA }])
export const resultEntered = () =>
  run(singles(), [
    { type: 'sfida.accetta', by: ANDREA },
    { type: 'sfida.risultato', by: LUCA, vincitore: 1 },
  ])

/** The signed-in player (the Utente store, as the session fills it) and the chosen sector. */
export function signInAs(id_persona: number | null, id_settore: number | null = 1) {
  utenteStore.trigger.synced({
    state: {
      ...utenteStore.getSnapshot().context,
      details: {
        id_persona,
        persona: id_persona === null ? 'Nuovo Utente' : (NAMES[id_persona] ?? 'Giocatore'),
        provincia: 'RM',
        fototessera: null,
        puo_esportare_classifiche: false,
      },
      detailsStatus: null,
    },
  })
  disciplinaStore.trigger.synced({
    state: {
      ...disciplinaStore.getSnapshot().context,
      disciplina: id_settore === null ? null : 'tennis',
      id_settore,
    },
  })
}

/** The API client's mocks answer by path; `answers` maps a path to its answer (or a function of the body). */
export function answerByPath(
  mock: ReturnType<typeof vi.fn>,
  answers: Record<string, object | ((body: Record<string, unknown>) => object)>,
) {
  mock.mockImplementation(async (endpoint: unknown, body: unknown) => {
    const path = (endpoint as { path: string }).path
    if (!(path in answers)) throw new Error(`chiamata inattesa ${path}`)
    const answer = answers[path]
    return typeof answer === 'function' ? answer(body as Record<string, unknown>) : answer
  })
}
