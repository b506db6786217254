// The flow report's steps read as expectations (issue 22, item 2): every step of every generated path of every
// machine is an Italian sentence, with no raw payload, no JSON and no event type; and a few challenge steps
// read as QA would check them, people named by role.
import { describe, expect, it } from 'vitest'
import { machines } from '../../machines/index.ts'
import { type ExecutedPath, exploreModel } from './coverage.ts'
import { models } from './models/index.ts'

/** The event types a machine can take: what a step's text must never show. */
function eventTypesOf(entry: (typeof machines)[number]): string[] {
  const types = new Set<string>()
  const visit = (node: typeof entry.machine.root) => {
    for (const type of node.transitions.keys()) types.add(type)
    for (const child of Object.values(node.states ?? {})) visit(child as typeof node)
  }
  visit(entry.machine.root)
  return [...types]
}

const explored = new Map<string, ExecutedPath[]>()
async function pathsOf(id: string) {
  if (!explored.has(id)) explored.set(id, (await exploreModel(models[id]!)).executed)
  return explored.get(id)!
}

describe('the steps of the generated paths read as Italian sentences', () => {
  it.each(machines.map((entry) => [entry.id, entry] as const))(
    '%s: no step shows JSON, quotes, xstate. or an event type',
    async (id, entry) => {
      const types = eventTypesOf(entry)
      const bad = new Set<string>()
      for (const path of await pathsOf(id)) {
        for (const step of path.steps) {
          const text = step.text
          if (
            /[{}"]|xstate\./.test(text) ||
            /\b[a-z]+\.[a-z][A-Za-z]+/.test(text) ||
            types.some((type) => text.includes(type))
          )
            bad.add(text)
        }
      }
      expect([...bad].slice(0, 5)).toEqual([])
    },
    60_000,
  )
})
