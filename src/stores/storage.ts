// The local-storage keys of spec §3, exactly as named there, so existing bookmarks and tokens keep working.
export const STORAGE_KEYS = [
  'id_settore',
  'disciplina',
  'lastLocation',
  'tokenAdb2c',
  'dati_incompleti',
  'privacy',
  'profilation',
  'tessera_associata',
  'user_id',
] as const
export type StorageKey = (typeof STORAGE_KEYS)[number]

function area(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage
  } catch {
    return undefined // storage disabled (private mode, sandboxed frame)
  }
}

export function readStored(key: StorageKey): string | null {
  return area('local')?.getItem(key) ?? area('session')?.getItem(key) ?? null
}

export function readStoredInt(key: StorageKey): number | null {
  const value = readStored(key)
  if (value === null || value === '') return null
  const parsed = Number(value)
  return Number.isFinite(parsed) ? parsed : null
}

/** Writes (or removes, for null) a key in local storage, or in session storage when not to be remembered. */
export function writeStored(
  key: StorageKey,
  value: string | number | null,
  where: 'local' | 'session' = 'local',
) {
  const other = area(where === 'local' ? 'session' : 'local')
  const target = area(where)
  other?.removeItem(key)
  if (value === null) target?.removeItem(key)
  else target?.setItem(key, String(value))
}
