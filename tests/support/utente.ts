// The signed-in user as the views read it (the session's projection in src/stores/utente.ts), for view tests.
import { disciplinaStore } from '../../src/stores/disciplina.ts'
import { utenteStore } from '../../src/stores/utente.ts'

/** The user's data arrived: the person behind the account (null: none yet), living in `provincia`. */
export function withPerson(id_persona: number | null, persona = 'Giulia Test', provincia = 'RM') {
  utenteStore.trigger.synced({
    state: {
      ...utenteStore.getSnapshot().context,
      details: { id_persona, persona, provincia, fototessera: null, puo_esportare_classifiche: false },
      detailsStatus: null,
    },
  })
}

/** A signed-in user (a token, no data yet) who chose tennis and asked the portal to remember it. */
export function signInWithTennis() {
  utenteStore.trigger.synced({
    state: { token: 'eyJ.test.token', login: null, details: null, detailsStatus: null },
  })
  disciplinaStore.trigger.synced({
    state: {
      disciplina: 'tennis',
      id_settore: 1,
      discipline: [],
      settori: [],
      loaded: true,
      ricorda_scelta: true,
    },
  })
}

/** Both stores as a fresh page finds them. */
export function resetUserStores() {
  utenteStore.trigger.reset()
  disciplinaStore.trigger.reset()
}
