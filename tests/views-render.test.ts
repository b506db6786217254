// Views only render (DESIGN.md §3; issue 22, item 8). A component under src/features (a .tsx file) shows what a
// machine's snapshot and the server's answer say; the rules of a lifecycle (challenge, enrolment, partner request)
// and of a score live in machines/ and contract/, which the server uses too. The check parses every component and
// reports, as «file:line rule: code», each place where it computes a lifecycle decision itself:
//
// - «stato confrontato»: a comparison (===, !==, ==, !=, or a switch case) with the name of a state of a lifecycle
//   machine (machines/challenge.ts, iscrizione.ts, partner-request.ts). The view asks the snapshot instead:
//   `matches`, `hasTag`, `can`.
// - «dato inventato»: an event of a lifecycle (type 'sfida.…', 'iscrizione.…', 'richiesta.…') given a fact that
//   only the server knows and a guard reads, written by the component: `arbitro` (the federation decides) as a
//   literal or a choice between literals (`a ? true : false`); and any `postiLiberi` at all, which the enrolment
//   machine is given as context from the server's answer.
// - «punteggio giudicato»: a call to contract/scores.ts's `checkScore` (the forms call the form-level rules of
//   contract/scores.ts, which say what is missing or wrong in words), or a set's games or tie-break (`.a`, `.b`,
//   `.tiebreak`) compared with a literal.
// - «rifiuto scelto»: a refusal of a lifecycle's message table (SFIDE_MESSAGES, ISCRIZIONI_MESSAGES,
//   CERCA_COMPAGNO_MESSAGES) read in a condition, a comparison or a branch of one: the component decided which
//   rule applies. It shows the message a rule function of contract/ (or the server) returned.
import fs from 'node:fs'
import path from 'node:path'
import { parseSync } from 'vite'
import { describe, expect, it } from 'vitest'
import { challengeMachine } from '../machines/challenge.ts'
import { tieMachine } from '../machines/tie.ts'
import { iscrizioneMachine } from '../machines/iscrizione.ts'
import { partnerRequestMachine } from '../machines/partner-request.ts'

const root = path.resolve(import.meta.dirname, '..')

type Node = { type: string; start: number; end: number; [key: string]: unknown }
type StatesConfig = { states?: Record<string, StatesConfig> }

/** Every state name of a machine, nested ones too. */
function stateNames(config: StatesConfig): string[] {
  return Object.entries(config.states ?? {}).flatMap(([name, child]) => [name, ...stateNames(child)])
}

const LIFECYCLE_STATES = new Set(
  [challengeMachine, iscrizioneMachine, partnerRequestMachine, tieMachine].flatMap((m) =>
    stateNames(m.config as StatesConfig),
  ),
)
const LIFECYCLE_EVENT = /^(sfida|iscrizione|richiesta|incontro)\./
const REFUSALS = new Set([
  'SFIDE_MESSAGES',
  'ISCRIZIONI_MESSAGES',
  'CERCA_COMPAGNO_MESSAGES',
  'INCONTRI_MESSAGES',
])
/** What the server knows and a guard reads from an event (postiLiberi is refused anywhere). */
const SERVER_FACTS = new Set(['arbitro'])
const COMPARISON = new Set(['===', '!==', '==', '!='])
const ORDER = new Set(['<', '<=', '>', '>='])

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

function children(node: Node): Node[] {
  return Object.entries(node).flatMap(([key, value]) =>
    key === 'parent' ? [] : Array.isArray(value) ? value.filter(isNode) : isNode(value) ? [value] : [],
  )
}

const stringValue = (node: unknown): string | undefined =>
  isNode(node) && node.type === 'Literal' && typeof node.value === 'string' ? node.value : undefined

const isLiteral = (node: unknown): boolean =>
  isNode(node) &&
  node.type === 'Literal' &&
  (typeof node.value === 'number' || typeof node.value === 'boolean')

/** `cond ? 0 : 1`, `cond ? true : false`: a choice between values the component wrote. */
const isLiteralChoice = (node: unknown): boolean =>
  isNode(node) &&
  node.type === 'ConditionalExpression' &&
  [node.consequent, node.alternate].every((branch) => isLiteral(branch) || isLiteralChoice(branch))

const propertyName = (node: Node): string | undefined => {
  const key = node.key as Node
  return key.type === 'Identifier' ? (key.name as string) : stringValue(key)
}

/** `x.a`, `row.b`, `s.tiebreak`: a set's games or its tie-break. */
const isSetScore = (node: unknown): boolean =>
  isNode(node) &&
  node.type === 'MemberExpression' &&
  !node.computed &&
  ['a', 'b', 'tiebreak'].includes((node.property as Node).name as string)

const isScoreLiteral = (node: unknown): boolean =>
  isNode(node) &&
  node.type === 'Literal' &&
  (typeof node.value === 'number' || (typeof node.value === 'string' && /^\d+$/.test(node.value)))

/** The nodes whose value decides something: a test, a comparison, a branch of a choice. */
function decides(parent: Node, child: Node): boolean {
  if (parent.type === 'IfStatement' || parent.type === 'WhileStatement') return parent.test === child
  if (parent.type === 'ConditionalExpression' || parent.type === 'LogicalExpression') return true
  if (parent.type === 'BinaryExpression') return COMPARISON.has(parent.operator as string)
  return parent.type === 'SwitchCase'
}

export type Finding = { line: number; rule: string; code: string }

/** What a component computes that belongs to a machine or to contract/. */
export function lifecycleDecisions(file: string, text: string): Finding[] {
  const { program, errors } = parseSync(file, text)
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]!.message}`)
  const found: Finding[] = []
  const lineOf = (node: Node) => text.slice(0, node.start).split('\n').length
  const report = (node: Node, rule: string) =>
    found.push({ line: lineOf(node), rule, code: text.slice(node.start, node.end).replace(/\s+/g, ' ') })

  const visit = (node: Node, ancestors: Node[]) => {
    if (node.type === 'BinaryExpression' && COMPARISON.has(node.operator as string)) {
      const literal = stringValue(node.left) ?? stringValue(node.right)
      if (literal !== undefined && LIFECYCLE_STATES.has(literal)) report(node, 'stato confrontato')
    }
    if (node.type === 'SwitchCase') {
      const literal = stringValue(node.test)
      if (literal !== undefined && LIFECYCLE_STATES.has(literal)) report(node, 'stato confrontato')
    }
    if (node.type === 'Property' && propertyName(node) === 'postiLiberi') report(node, 'dato inventato')
    if (node.type === 'ObjectExpression') {
      const props = (node.properties as Node[]).filter((p) => p.type === 'Property')
      const type = props.find((p) => propertyName(p) === 'type')
      if (type && LIFECYCLE_EVENT.test(stringValue(type.value) ?? '')) {
        for (const p of props)
          if (SERVER_FACTS.has(propertyName(p) ?? '') && (isLiteral(p.value) || isLiteralChoice(p.value)))
            report(p, 'dato inventato')
      }
    }
    if (
      node.type === 'CallExpression' &&
      isNode(node.callee) &&
      node.callee.type === 'Identifier' &&
      node.callee.name === 'checkScore'
    )
      report(node, 'punteggio giudicato')
    if (
      node.type === 'BinaryExpression' &&
      (COMPARISON.has(node.operator as string) || ORDER.has(node.operator as string)) &&
      ((isSetScore(node.left) && isScoreLiteral(node.right)) ||
        (isSetScore(node.right) && isScoreLiteral(node.left)))
    )
      report(node, 'punteggio giudicato')
    if (
      node.type === 'MemberExpression' &&
      isNode(node.object) &&
      node.object.type === 'Identifier' &&
      REFUSALS.has(node.object.name as string)
    ) {
      // Up to the nearest statement or function: is this message chosen by a condition?
      let child: Node = node
      for (const parent of [...ancestors].reverse()) {
        if (/Statement$|Declaration$|Function/.test(parent.type) && parent.type !== 'IfStatement') break
        if (decides(parent, child)) {
          report(node, 'rifiuto scelto')
          break
        }
        child = parent
      }
    }
    for (const child of children(node)) visit(child, [...ancestors, node])
  }
  visit(program as unknown as Node, [])
  return found
}

function components(): string[] {
  const dir = path.join(root, 'src/features')
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => path.join(dir, file))
}

describe('views only render: no component under src/features computes a lifecycle decision', () => {
  it('finds none in the components', () => {
    const found = components().flatMap((file) =>
      lifecycleDecisions(file, fs.readFileSync(file, 'utf8')).map(
        ({ line, rule, code }) => `${path.relative(root, file)}:${line} ${rule}: ${code}`,
      ),
    )
    expect(found).toEqual([])
  })

  it('reads every component, the lifecycles’ states among them', () => {
    const names = components().map((file) => path.relative(root, file))
    expect(names).toEqual(
      expect.arrayContaining([
        'src/features/sfide/NuovaSfidaPage.tsx',
        'src/features/sfide/RisultatoSfidaForm.tsx',
        'src/features/tornei/IscrizioneGiocatore.tsx',
      ]),
    )
    for (const state of ['proposed', 'resultEntered', 'attesaCompagno', 'listaAttesa', 'sent'])
      expect(LIFECYCLE_STATES.has(state)).toBe(true)
  })

  it('sees each kind of decision, and lets a view render', () => {
    const rules = (text: string) => lifecycleDecisions('x.tsx', text).map((f) => f.rule)
    expect(rules("const x = sfida.stato === 'resultEntered' ? 1 : 2")).toEqual(['stato confrontato'])
    expect(rules("switch (entry.stato) { case 'listaAttesa': break }")).toEqual(['stato confrontato'])
    expect(
      rules("s.can({ type: 'iscrizione.richiedi', by, compagno: null, postiLiberi: full ? 0 : 1 })"),
    ).toEqual(['dato inventato'])
    expect(rules("s.can({ type: 'sfida.risolvi', by, arbitro: true, esito: 'confermato' })")).toEqual([
      'dato inventato',
    ])
    expect(rules("const t = (row.a === '7' && row.b === '6')")).toEqual([
      'punteggio giudicato',
      'punteggio giudicato',
    ])
    expect(rules("const c = checkScore({ esito, sets }, 'set')")).toEqual(['punteggio giudicato'])
    expect(
      rules('const p = <>{list.length === 0 && !pubblica && <p>{SFIDE_MESSAGES.needsOpponent}</p>}</>'),
    ).toEqual(['rifiuto scelto'])
    expect(rules('const start = problem === CERCA_COMPAGNO_MESSAGES.datesTooFar')).toEqual(['rifiuto scelto'])
    // Rendering: asking the snapshot, the server's facts in an event, a message shown as it is.
    expect(
      rules(
        [
          "const a = snapshot.matches('listaAttesa') && snapshot.can({ type: 'sfida.risolvi', by, arbitro: sfida.arbitro, esito: 'confermato' })",
          'const t = <PageTitle>{SFIDE_MESSAGES.notFound}</PageTitle>',
          "const m = mode === 'elenco' ? 1 : 2",
          "s.can({ type: 'sfida.risultato', by, vincitore: 1 })",
        ].join('\n'),
      ),
    ).toEqual([])
  })
})
