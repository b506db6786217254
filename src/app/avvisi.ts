// The app-wide notices actor (machines/avvisi.ts) with its calls, shared by the account button's count and the
// home's list. In the signed-in user's menu chunk, small: a visitor never downloads it, and where a notice leads
// is the home's business (src/features/home/HomeAvvisi.tsx).
import { createActor, fromPromise } from 'xstate'
import { avvisiLetti, avvisiList } from '../../contract/avvisi.ts'
import { avvisiMachine } from '../../machines/avvisi.ts'
import { callApi } from '../api/client.ts'
import { journalInspector } from '../journal/journal.ts'

export const avvisiLogic = avvisiMachine.provide({
  actors: {
    loadAvvisi: fromPromise(({ signal }) => callApi(avvisiList, {}, { signal })),
    markSeen: fromPromise(({ input, signal }) =>
      callApi(avvisiLetti, { id_avvisi: [...input.ids] }, { signal }),
    ),
  },
})

export const avvisiActor = createActor(avvisiLogic, { inspect: journalInspector }).start()
