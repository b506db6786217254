// The signed-in user as the views read it (the session's projection in src/stores/utente.ts), for view tests.
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
