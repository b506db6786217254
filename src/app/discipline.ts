// The app-wide discipline actor (machines/discipline.ts) with its effect, projected into the disciplina store.
import { createActor, fromPromise } from 'xstate'
// Direct imports, not the endpoints table: the first page's bundle carries only these contracts.
import { disciplinesCall } from '../../contract/lookup.ts'
import { disciplineMachine, type DisciplineContext } from '../../machines/discipline.ts'
import { callApi } from '../api/client.ts'
import { journalInspector } from '../journal/journal.ts'
import { disciplinaStore } from '../stores/disciplina.ts'
import { navigazioneStore } from '../stores/navigazione.ts'
import { readSharedChoice } from '../ui/share.ts'
import { isCardCheck } from '../../machines/paths.ts'
import { isKnownPath } from './paths.ts'

export const disciplineLogic = disciplineMachine.provide({
  actors: {
    loadDisciplines: fromPromise(async () => callApi(disciplinesCall.endpoint, disciplinesCall.body)),
  },
})

const stored = disciplinaStore.getSnapshot().context

export const disciplineActor = createActor(disciplineLogic, {
  input: {
    storedDisciplina: stored.disciplina,
    storedSectorId: stored.id_settore,
    storedLastLocation: navigazioneStore.getSnapshot().context.lastLocation,
    ricordaScelta: stored.ricorda_scelta,
    viewportWidth: typeof window === 'undefined' ? 0 : window.innerWidth,
    // Opened at an address outside the route table: «Pagina non trovata», not the phone's first-visit detour.
    // Nor at a card's public check: a club desk's phone scanning a QR code sees the answer, not the choice.
    openedAtKnownPath:
      typeof window === 'undefined' ||
      (isKnownPath(window.location.pathname) && !isCardCheck(window.location.pathname)),
  },
  inspect: journalInspector,
})

let started = false

/**
 * Starts the discipline choice: projection, first-visit default, the list fetched once, a shared link's choice
 * (`?disciplina=…&settore=…`: the machine then sends the router to the shared page, without the choice).
 */
export function startDiscipline(url: URL = new URL(window.location.href)) {
  if (started) return
  started = true
  let last: DisciplineContext | null = null
  disciplineActor.subscribe(({ context }) => {
    // assign() gives the context a new identity whenever the machine changes it; other snapshots are skipped.
    if (context === last) return
    const previous = last
    last = context
    disciplinaStore.trigger.synced({
      state: {
        disciplina: context.disciplina,
        id_settore: context.id_settore,
        discipline: [...(context.discipline ?? [])],
        settori: [...context.settori],
        loaded: context.discipline !== null,
        ricorda_scelta: context.ricorda_scelta,
      },
    })
    // Only when the machine sets it (the first-visit default): on any other change (the list loaded, a choice
    // made) the guards may have recorded a newer location since, which must not be overwritten.
    if (
      context.lastLocation &&
      context.lastLocation !== previous?.lastLocation &&
      context.lastLocation !== navigazioneStore.getSnapshot().context.lastLocation
    ) {
      navigazioneStore.trigger.locationRecorded({ path: context.lastLocation })
    }
  })
  disciplineActor.start()
  disciplineActor.send({ type: 'discipline.load' })
  const shared = readSharedChoice(url)
  if (shared) disciplineActor.send({ type: 'discipline.fromQuery', ...shared })
}
