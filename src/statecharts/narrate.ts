// A step of a machine (the snapshot before, the event, the snapshot reached) told in Italian as an
// expectation QA can check: «<chi> <fa cosa>: <cosa deve essere vero dopo>». Who acts is named by role
// (the machine's `labels.roles`: «il giocatore che ha proposto», «l’avversario»; the service that answers
// an invoked actor), what they do is the event's label, and what must then be true is the state reached
// (its title and description in meta), what the transition's actions store or tell (`labels.actions`), what
// the user is shown (`labels.shows`) and which buttons are then offered, and to whom. Never raw JSON or
// event types: those stay in the report's «per sviluppatori» part.
// `_nodes` (the active state nodes) is xstate's own name for them.
/* oxlint-disable no-underscore-dangle */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { MachineLabels } from '../../machines/labels.ts'

const DONE = 'xstate.done.actor.'
const ERROR = 'xstate.error.actor.'

export interface StepNarration {
  /** Who acts, by role («l’avversario», «il server»), or null when the label says it all. */
  who: string | null
  /** What they do, third person («accetta la sfida»), or the label as a clause («testo scritto»). */
  does: string
  /** «L’avversario accetta la sfida», or «Avvio». */
  head: string
  /** What must be true afterwards, as clauses. */
  then: string[]
}

/** The step as one sentence: «L’avversario accetta la sfida: ora è «Accettata: da giocare» (…); …». */
export const sentenceOf = (step: { head: string; then: readonly string[] }) =>
  `${step.head}: ${step.then.join('; ')}.`

/** The third person of the imperatives the labels use for buttons («Accetta» → «accetta»). */
const THIRD_PERSON: Readonly<Record<string, string>> = {
  Accedi: 'accede',
  Accetta: 'accetta',
  Aggiungi: 'aggiunge',
  Annulla: 'annulla',
  Chiedi: 'chiede',
  Chiudi: 'chiude',
  Conferma: 'conferma',
  Contesta: 'contesta',
  Esci: 'esce',
  Inserisci: 'inserisce',
  Invia: 'invia',
  Iscriviti: 'si iscrive',
  Premi: 'preme',
  Pubblica: 'pubblica',
  Rifiuta: 'rifiuta',
  Riprova: 'riprova',
  Ritira: 'ritira',
  Salva: 'salva',
  Togli: 'toglie',
}

/** A label that names a button (it starts with a capital letter): what the user presses. */
export const isButton = (label: string) => /^[A-ZÀ-Ý]/.test(label) && !label.startsWith('La ')

/** «Accetta la sfida» → «accetta la sfida»; a button without a verb → «sceglie «Password dimenticata»». */
export function thirdPerson(label: string): string {
  const [first = '', ...rest] = label.split(' ')
  const verb = THIRD_PERSON[first]
  return verb ? [verb, ...rest].join(' ') : `sceglie «${label}»`
}

const capitalize = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text)
/** A label may hold a colon of its own («si libera un posto: sale il primo»): the sentence keeps one. */
const clause = (text: string) => text.replace(/:\s+/g, ' — ')

type Meta = { title?: string; description?: string } | undefined
type Node = { meta?: unknown; parent?: unknown; type?: string }

/** The active leaf states' titles (outer › inner) and the innermost description, from meta. */
function stateOf(snapshot: AnyMachineSnapshot): { title: string; description: string | null } {
  const nodes = (snapshot as unknown as { _nodes: Node[] })._nodes.filter((node) => node.parent)
  const titles = nodes.map((node) => (node.meta as Meta)?.title).filter((t): t is string => !!t)
  const description =
    [...nodes]
      .reverse()
      .map((node) => (node.meta as Meta)?.description)
      .find((d): d is string => !!d) ?? null
  return { title: titles.join(' › '), description }
}

/** The label of an event in the machine's vocabulary (done/error by their full type). */
export function labelOf(labels: MachineLabels, event: AnyEventObject): string | null {
  const own = labels.events[event.type]
  if (own) return own
  const after = /^xstate\.after\.(\d+)\./.exec(event.type)
  return after ? (labels.events[`xstate.after.${after[1]}`] ?? null) : null
}

/** Who does what: the role from the machine's labels, the service that answers, or the label alone. */
export function actionOf(
  labels: MachineLabels,
  before: AnyMachineSnapshot | null,
  event: AnyEventObject,
): { who: string | null; does: string } {
  if (before === null || event.type === 'xstate.init') return { who: null, does: 'si apre' }
  const label = clause(labelOf(labels, event) ?? 'succede qualcosa')
  for (const prefix of [DONE, ERROR]) {
    if (!event.type.startsWith(prefix)) continue
    const id = event.type.slice(prefix.length)
    const service = labels.services && id in labels.services ? labels.services[id]! : 'il server'
    return service === null ? { who: null, does: label } : { who: service, does: `risponde (${label})` }
  }
  if (event.type.startsWith('xstate.after.')) return { who: null, does: label }
  const role = labels.roles?.(before.context as never, event as never) ?? null
  const does = role?.does ?? (isButton(label) ? thirdPerson(label) : label)
  const who = role ? role.who : isButton(label) ? 'l’utente' : null
  return { who, does }
}

/**
 * What must be true after the step: the state reached (or kept), what the actions of the transitions taken
 * do, what the user is shown, and the buttons then offered to whom (`offered`: the events the caller knows the
 * snapshot can take, e.g. a test model's).
 */
export function expectationsOf(
  labels: MachineLabels,
  before: AnyMachineSnapshot | null,
  after: AnyMachineSnapshot,
  actions: readonly string[],
  offered: readonly AnyEventObject[],
): string[] {
  const reached = stateOf(after)
  const stays =
    before !== null && JSON.stringify(before.value) === JSON.stringify(after.value) && reached.title !== ''
  const then: string[] = []
  const where = reached.title ? `«${reached.title}»` : 'lo stato iniziale'
  then.push(
    `${stays ? 'resta' : after.status === 'done' ? 'finisce' : 'ora è'} ${where}${
      reached.description && !stays ? ` (${clause(reached.description).replace(/\.$/, '')})` : ''
    }`,
  )
  for (const name of new Set(actions)) {
    const said = labels.actions?.[name]
    if (said) then.push(clause(said))
  }
  for (const shown of labels.shows?.(after.context as never) ?? []) then.push(clause(shown))
  const buttons = new Map<string, string[]>()
  for (const candidate of offered) {
    const label = labelOf(labels, candidate)
    if (!label || !isButton(label)) continue
    const who = labels.roles?.(after.context as never, candidate as never)?.who ?? 'l’utente'
    const list = buttons.get(who) ?? []
    if (!list.includes(label)) buttons.set(who, [...list, label])
  }
  if (after.status === 'done' && before !== null) then.push('non si può fare altro')
  else {
    for (const [who, list] of buttons)
      then.push(`${who} può scegliere ${list.map((label) => `«${label}»`).join(', ')}`)
  }
  return then
}

const headOf = (before: AnyMachineSnapshot | null, who: string | null, does: string) =>
  before === null ? 'Avvio' : capitalize(who ? `${who} ${does}` : does)

/** Who does what, as the head of a step: «L’avversario accetta la sfida», «Il server risponde (…)», «Avvio». */
export function eventHead(
  labels: MachineLabels,
  before: AnyMachineSnapshot | null,
  event: AnyEventObject,
): string {
  const { who, does } = actionOf(labels, before, event)
  return headOf(before, who, does)
}

export function narrateStep(
  labels: MachineLabels,
  step: {
    before: AnyMachineSnapshot | null
    event: AnyEventObject
    after: AnyMachineSnapshot
    actions?: readonly string[]
    offered?: readonly AnyEventObject[]
  },
): StepNarration {
  const { who, does } = actionOf(labels, step.before, step.event)
  const then = expectationsOf(labels, step.before, step.after, step.actions ?? [], step.offered ?? [])
  return { who, does, head: headOf(step.before, who, does), then }
}
