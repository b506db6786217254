import { SECTOR_COOKIE } from '../../contract/endpoint.ts'
import { disciplinaStore } from './disciplina.ts'
import { navigazioneStore, persistNotice } from './navigazione.ts'
import { writeStored } from './storage.ts'
import { utenteStore } from './utente.ts'

/** The server reads it to put the chosen sector's home in the page (server/http/page-hints.ts). */
function writeSectorCookie(idSettore: number | null, remember: boolean) {
  if (typeof document === 'undefined') return
  const lifetime = idSettore === null ? '; max-age=0' : remember ? '; max-age=31536000' : ''
  document.cookie = `${SECTOR_COOKIE}=${idSettore ?? ''}; path=/${lifetime}; SameSite=Lax; Secure`
}

/**
 * The one writer of local storage: the spec §3 keys follow the stores. Returns an unsubscribe function.
 * The discipline choice goes to session storage only when the user did not ask to remember it.
 */
export function startStorageProjection(): () => void {
  const subscriptions = [
    utenteStore.subscribe(({ context }) => {
      writeStored('tokenAdb2c', context.token)
      const login = context.login
      writeStored('user_id', login?.user_id ?? null)
      writeStored('dati_incompleti', login?.dati_incompleti ?? null)
      writeStored('privacy', login?.privacy ?? null)
      writeStored('profilation', login?.profilation ?? null)
      writeStored('tessera_associata', login?.tessera_associata ?? null)
    }),
    disciplinaStore.subscribe(({ context }) => {
      const where = context.ricorda_scelta ? 'local' : 'session'
      writeStored('disciplina', context.disciplina, where)
      writeStored('id_settore', context.id_settore, where)
      writeSectorCookie(context.id_settore, context.ricorda_scelta)
    }),
    navigazioneStore.subscribe(({ context }) => {
      writeStored('lastLocation', context.lastLocation)
      persistNotice(context.noticeAcrossPageLoad ? context.notice : null)
    }),
  ]
  // The notice carried to this page load has been read by the store: a reload must not show it again.
  persistNotice(null)
  return () => subscriptions.forEach((s) => s.unsubscribe())
}
