import { createStore } from '@xstate/store'
import { reset } from '@xstate/store/reset'
import { readStored } from './storage.ts'

const NOTICE_KEY = 'avviso'

function storedNotice(): string | null {
  try {
    return sessionStorage.getItem(NOTICE_KEY)
  } catch {
    return null
  }
}

/** The notice survives the identity service's sign-out redirect (it lives in session storage, not local). */
export function persistNotice(notice: string | null) {
  try {
    if (notice) sessionStorage.setItem(NOTICE_KEY, notice)
    else sessionStorage.removeItem(NOTICE_KEY)
  } catch {
    // storage unavailable: the notice only lives in memory
  }
}

/** Where the user was (local storage `lastLocation`) and the notice a guard redirect or the session carries. */
export const navigazioneStore = createStore({
  context: { lastLocation: readStored('lastLocation'), notice: storedNotice() },
  on: {
    locationRecorded: (context, event: { path: string }) => ({ ...context, lastLocation: event.path }),
    noticeShown: (context, event: { message: string }) => ({ ...context, notice: event.message }),
    noticeDismissed: (context) => ({ ...context, notice: null }),
  },
}).with(reset())
