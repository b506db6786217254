// The rules of a member's cards beyond the list (issue 23 item 2; docs/regole.md «Tessere»): whether a card of the
// federation's registry may join someone's list, what a synchronisation changes, and what a card's public check
// answers. Plain functions over plain rows.
import { statoTessera, type StatoVerifica } from '../../contract/tessere.ts'

/** A card as the registry or the portal's list holds it. */
export type CardFields = {
  codiceTessera: string
  tipologia: string
  disciplineId: number
  sectorId: number
  clubId: number | null
  stagione: number
  validaDal: string
  validaAl: string
}

/** A card of the portal's list, with its holder. */
export type PortalCard = CardFields & { personId: number }
/** A card of the registry, with the codice fiscale the club registered it to. */
export type RegistryCard = CardFields & { codiceFiscale: string }

export type AddDecision =
  | { kind: 'unknown' }
  | { kind: 'someoneElse' }
  | { kind: 'alreadyYours' }
  | { kind: 'expired'; validaAl: string }
  | { kind: 'add'; card: RegistryCard }

/**
 * Whether the card of this code joins the list of `person` (tessera/add). Someone else's card is refused whether
 * the portal lists it under another holder or the registry names another codice fiscale; an expired card is of no
 * use and is refused; a card already in the list is said to be there.
 */
export function decideAdd(input: {
  person: { id: number; codiceFiscale: string }
  portal: PortalCard | undefined
  registry: RegistryCard | undefined
  today: string
}): AddDecision {
  const { person, portal, registry, today } = input
  if (portal) return portal.personId === person.id ? { kind: 'alreadyYours' } : { kind: 'someoneElse' }
  if (!registry) return { kind: 'unknown' }
  if (registry.codiceFiscale.toUpperCase() !== person.codiceFiscale.toUpperCase())
    return { kind: 'someoneElse' }
  if (statoTessera({ valida_dal: registry.validaDal, valida_al: registry.validaAl }, today) === 'scaduta') {
    return { kind: 'expired', validaAl: registry.validaAl }
  }
  return { kind: 'add', card: registry }
}

/** The fields a synchronisation compares, with the word the summary uses for each. */
const COMPARED: readonly [keyof CardFields, string][] = [
  ['tipologia', 'tipologia'],
  ['disciplineId', 'disciplina'],
  ['sectorId', 'settore'],
  ['clubId', 'circolo'],
  ['stagione', 'stagione'],
  ['validaDal', 'validità'],
  ['validaAl', 'validità'],
]

export type SyncPlan = {
  insert: RegistryCard[]
  update: { card: RegistryCard; modifiche: string[] }[]
  unchanged: number
  expired: number
}

/**
 * What synchronising `person`'s list with the registry's cards for their codice fiscale does: cards missing from
 * the list are added unless expired; cards in the list that the registry now describes differently take the
 * registry's data (the registry is the federation's record); a card the portal lists under someone else is left
 * alone (the help desk sorts that out). Nothing is removed: a card the registry no longer returns stays listed.
 */
export function planSync(input: {
  personId: number
  registry: readonly RegistryCard[]
  portal: readonly PortalCard[]
  today: string
}): SyncPlan {
  const listed = new Map(input.portal.map((card) => [card.codiceTessera, card]))
  const plan: SyncPlan = { insert: [], update: [], unchanged: 0, expired: 0 }
  for (const card of input.registry) {
    const own = listed.get(card.codiceTessera)
    if (own && own.personId !== input.personId) continue
    if (!own) {
      const expired =
        statoTessera({ valida_dal: card.validaDal, valida_al: card.validaAl }, input.today) === 'scaduta'
      if (expired) plan.expired++
      else plan.insert.push(card)
      continue
    }
    const modifiche = [...new Set(COMPARED.filter(([key]) => own[key] !== card[key]).map(([, word]) => word))]
    if (modifiche.length) plan.update.push({ card, modifiche })
    else plan.unchanged++
  }
  return plan
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether a text can be a card's public id at all (a UUID): anything else is «non riconosciuta» without a query. */
export function isVerificaId(text: string): boolean {
  return UUID.test(text)
}

/** A card's public check: its state today, or «non riconosciuta» when no card has this id. */
export function verificationState(
  card: { validaDal: string; validaAl: string } | undefined,
  today: string,
): StatoVerifica {
  if (!card) return 'non_riconosciuta'
  return statoTessera({ valida_dal: card.validaDal, valida_al: card.validaAl }, today)
}
