/** The avatar's letters: the first letters of the first two words of a name or e-mail ('Luca Bianchi' → 'LB'). */
export function initials(name: string): string {
  const parts = name.split(/[\s@.]+/).filter(Boolean)
  return (parts[0]?.[0] ?? '?').toUpperCase() + (parts[1]?.[0] ?? '').toUpperCase()
}
