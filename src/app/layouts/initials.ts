/** The avatar's letters: the first letters of the first two words of a name or e-mail ('Luca Bianchi' → 'LB'). */
export function initials(name: string): string {
  const parts = name.split(/[\s@.]+/).filter(Boolean)
  return (parts[0]?.[0] ?? '?').toUpperCase() + (parts[1]?.[0] ?? '').toUpperCase()
}

/** «1 avviso non letto», «3 avvisi non letti». */
export function unseenLabel(unseen: number): string {
  return unseen === 1 ? '1 avviso non letto' : `${unseen} avvisi non letti`
}

/** The account button's accessible name: whose profile, and how many notices wait to be read. */
export function accountLabel(mark: string, name: string, unseen: number): string {
  const base = `${mark}: il tuo profilo, ${name}`
  return unseen > 0 ? `${base}, ${unseenLabel(unseen)}` : base
}
