// A menu item as the pages read it (the home's menu, the tournaments' section menu): one shape, one rule for links.
import type { MenuEntry } from '../../contract/home.ts'

export type MenuRow = {
  id: number
  label: string
  path: string
  icon: string | null
  description: string | null
  requiresAuth: boolean
}

/** An absolute http(s) address leaves the portal; anything else is one of its paths. */
export const isExternalPath = (path: string) => /^https?:\/\//i.test(path)

export function toMenuEntry(row: MenuRow): MenuEntry {
  return {
    id: row.id,
    etichetta: row.label,
    percorso: row.path,
    esterno: isExternalPath(row.path),
    icona: row.icon,
    descrizione: row.description,
    richiede_accesso: row.requiresAuth,
  }
}
