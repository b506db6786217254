import { disciplinaStore } from './disciplina.ts'
import { navigazioneStore } from './navigazione.ts'
import { tessereStore } from './tessere.ts'
import { utenteStore } from './utente.ts'

const userStores = [utenteStore, tessereStore, disciplinaStore] as const
const otherStores = [navigazioneStore] as const

/**
 * Resets every store, or (keepUserData) every store except Utente, Tessere and disciplina (spec §3). Sign-out
 * keeps them: the session clears Utente and Tessere itself, and the chosen discipline outlives the user.
 */
export function resetStores(options: { keepUserData?: boolean } = {}) {
  for (const store of otherStores) store.trigger.reset()
  if (options.keepUserData) return
  for (const store of userStores) store.trigger.reset()
}
