// Live follow and the journal cover every machine that runs in the portal (issue 22, item 6): the page machines
// started by the views, and the lifecycle machines (challenge, enrolment, partner request, tie) whose
// snapshots the pages resolve from the server's answers. A replay rebuilds both.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { challengeMachine } from '../../machines/challenge.ts'
import { machines } from '../../machines/index.ts'
import { tieMachine } from '../../machines/tie.ts'
import { SERVER_STATE, clearJournal, journalSnapshot, readJournal } from '../../src/journal/journal.ts'
import { liveStatus } from '../../src/statecharts/live.ts'
import { SERVER_STATE as REPLAYED_SERVER_STATE, replayJournal } from '../../src/statecharts/replay.ts'

afterEach(() => clearJournal())

const root = path.resolve(import.meta.dirname, '..', '..', 'src')
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sources(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** The text of a call's arguments, parentheses balanced: `useActorRef(logic, { input, inspect })`. */
function callsOf(text: string, name: string): string[] {
  const calls: string[] = []
  for (let at = text.indexOf(`${name}(`); at >= 0; at = text.indexOf(`${name}(`, at + 1)) {
    let depth = 0
    let end = at + name.length
    for (; end < text.length; end++) {
      if (text[end] === '(') depth++
      else if (text[end] === ')' && --depth === 0) break
    }
    calls.push(text.slice(at, end + 1))
  }
  return calls
}

describe('the journal covers every machine the portal runs', () => {
  it('every actor a view or the app starts is inspected by the journal', () => {
    const unjournaled: string[] = []
    let seen = 0
    for (const file of sources(root)) {
      const relative = path.relative(root, file)
      if (relative.startsWith('statecharts') || relative.startsWith('journal')) continue
      const text = fs.readFileSync(file, 'utf8')
      for (const name of ['useActorRef', 'useMachine', 'createActor']) {
        for (const call of callsOf(text, name)) {
          // The import line and the type's mention are not calls.
          if (!/\(\s*[\w.]/.test(call.slice(name.length))) continue
          seen++
          if (!call.includes('journalInspector')) unjournaled.push(`${relative}: ${call.split('\n')[0]}`)
        }
      }
    }
    expect(seen).toBeGreaterThan(15)
    expect(unjournaled).toEqual([])
  })

  it('journals a lifecycle snapshot resolved from the server once, and the replay rebuilds it', () => {
    const context = {
      creatore: 1,
      doppio: false,
      pubblica: false,
      partecipanti: [
        { persona: 1, lato: 1 as const, risposta: 'accettata' as const },
        { persona: 2, lato: 2 as const, risposta: 'accettata' as const },
      ],
      risultato: null,
    }
    const snapshot = journalSnapshot(challengeMachine.resolveState({ value: 'accepted', context }))
    expect(snapshot.value).toBe('accepted')
    // A page renders it again: the same state is not journaled twice.
    journalSnapshot(challengeMachine.resolveState({ value: 'accepted', context }))
    journalSnapshot(
      tieMachine.resolveState({
        value: 'unscheduled',
        context: tieMachine.resolveState({ value: 'unscheduled', context: {} as never }).context,
      }),
    )
    const entries = readJournal()
    expect(entries.map((e) => [e.machine, e.type, e.state])).toEqual([
      ['sfida', 'server.stato', 'accepted'],
      ['incontro', 'server.stato', 'unscheduled'],
    ])
    const steps = replayJournal(entries, machines)
    expect(steps.map((s) => s.problem)).toEqual([null, null])
    expect(steps.map((s) => s.matches)).toEqual([true, true])
    expect(steps[0]!.said).toBe('Stato letto dal server')
    expect(steps[1]!.states.sfida).toBe('accepted')
    expect(REPLAYED_SERVER_STATE).toBe(SERVER_STATE)
    expect(liveStatus(entries[0]!, machines)).toContain('«Stato letto dal server» («Sfida tra giocatori»)')
  })
})
