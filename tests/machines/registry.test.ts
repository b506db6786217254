// The registry of the client's statecharts (machines/index.ts), as the statechart viewer and the flow report read
// it: every machine once, under its own id, with an Italian name and a description a product owner reads, and an
// example input for the machines whose context needs one. Fast: `npm run mutation` runs it against each mutant.
import { readdirSync } from 'node:fs'
import { initialTransition } from 'xstate'
import { describe, expect, it } from 'vitest'
import { machineById, machines } from '../../machines/index.ts'

/** machines/ files that hold no machine: helpers, vocabularies, paths, the registry itself. */
const NOT_MACHINES = ['actor-contracts.ts', 'comuni-region.ts', 'index.ts', 'labels.ts', 'paths.ts']

describe('the registry of statecharts (machines/index.ts)', () => {
  it('lists every machine of machines/ once, under the machine’s own id', () => {
    const files = readdirSync(new URL('../../machines/', import.meta.url)).filter(
      (file) => file.endsWith('.ts') && !NOT_MACHINES.includes(file),
    )
    expect(machines).toHaveLength(files.length)
    expect(new Set(machines.map((entry) => entry.id)).size).toBe(machines.length)
    expect(machines.filter((entry) => entry.id !== entry.machine.id).map((entry) => entry.id)).toEqual([])
  })

  it('names each machine in Italian, and describes it in whole sentences', () => {
    const unnamed = machines
      .filter((entry) => !/^[A-ZÀ-Ý][^.]{2,60}$/.test(entry.title))
      .map((entry) => entry.id)
    expect(unnamed).toEqual([])
    const undescribed = machines
      .filter((entry) => !/^[A-ZÀ-Ý«].{40,}[.)]$/s.test(entry.description))
      .map((entry) => entry.id)
    expect(undescribed).toEqual([])
    // Each sentence of a description is whole: the pieces it is written in join with a space.
    const broken = machines.filter((entry) => /\s{2,}|[a-zà-ý][,:;][^\s]/.test(entry.description))
    expect(broken.map((entry) => entry.id)).toEqual([])
  })

  it('gives an example input to the machines the server also runs, and it starts them', () => {
    const withExample = machines.filter((entry) => 'example' in entry)
    expect(withExample.map((entry) => entry.id).sort()).toEqual([
      'incontro',
      'iscrizione',
      'richiestaCompagno',
      'sfida',
    ])
    for (const entry of withExample) {
      const [start] = initialTransition(entry.machine, entry.example)
      expect([entry.id, start.status]).toEqual([entry.id, 'active'])
    }
    expect(machineById('iscrizione')?.example).toEqual({
      giocatore: 1,
      compagno: 2,
      doppio: true,
      postiLiberi: 1,
    })
    expect(machineById('sfida')?.example).toEqual({
      creatore: 1,
      doppio: false,
      pubblica: false,
      avversari: [2],
    })
    expect(machineById('incontro')?.example).toEqual({ casa: 1, ospiti: 2 })
    expect(machineById('richiestaCompagno')?.example).toEqual({ autore: 1, richiedente: 2 })
  })

  it('finds a machine by its id, and none for an id it does not have', () => {
    expect(machineById('session')?.title).toBe('Sessione')
    expect(machineById('confirmedAction')?.title).toBe('Azione confermata')
    expect(machineById('nessuna')).toBeUndefined()
  })
})
