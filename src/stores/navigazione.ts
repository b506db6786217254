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

/**
 * Keeps (or forgets, for null) the notice for the next page load only: the store reads it once at start-up and
 * the storage projection forgets it at once, so a notice is never shown again after a reload.
 */
export function persistNotice(notice: string | null) {
  try {
    if (notice) sessionStorage.setItem(NOTICE_KEY, notice)
    else sessionStorage.removeItem(NOTICE_KEY)
  } catch {
    // storage unavailable: the notice only lives in memory
  }
}

export type Navigazione = {
  /** Where the user was (local storage `lastLocation`). */
  lastLocation: string | null
  /** The notice a guard redirect, a page or the session shows until «Chiudi avviso». */
  notice: string | null
  /** The notice must greet the user after the page load that follows (the identity service's sign-out). */
  noticeAcrossPageLoad: boolean
}

const blank: Navigazione = { lastLocation: null, notice: null, noticeAcrossPageLoad: false }

export const navigazioneStore = createStore({
  context: {
    lastLocation: readStored('lastLocation'),
    notice: storedNotice(),
    noticeAcrossPageLoad: false,
  } as Navigazione,
  on: {
    locationRecorded: (context, event: { path: string }) => ({ ...context, lastLocation: event.path }),
    noticeShown: (context, event: { message: string; acrossPageLoad?: boolean }) => ({
      ...context,
      notice: event.message,
      noticeAcrossPageLoad: event.acrossPageLoad === true,
    }),
    noticeDismissed: (context) => ({ ...context, notice: null, noticeAcrossPageLoad: false }),
  },
  // A reset forgets what this page load read from storage too (spec §3 reset helper, used at sign-out).
}).with(reset({ to: () => blank }))
