// The prints a club posts on its board (issue 19, item 1): a 64-player draw, a round robin and a doubles event
// (tests/support/stampe-fixtures.ts) read with poppler page by page. Page 1 is never a lonely heading and the last
// page never a lonely address; a draw printed in sections names the column after a section by the round its
// winner reaches; a name longer than its box stays on one line, shortened, never wrapped into the next.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { calendarioPdf, gironiPdf, tabellonePdf, type TorneoPrint } from '../../server/documents/tornei.ts'
import { LONG_NAME, doubles, draw64, roundRobin } from '../support/stampe-fixtures.ts'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'impaginazione-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

/** The text of each page (poppler), in drawing order: one text line per line drawn. */
async function pages(name: string, build: (p: TorneoPrint) => Promise<Buffer>, print: TorneoPrint) {
  const file = path.join(tmp, `${name}.pdf`)
  fs.writeFileSync(file, await build(print))
  const text = execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' })
  // The footer is on every page; what a page holds is the rest.
  return text
    .split('\f')
    .slice(0, -1)
    .map((page) =>
      page
        .split('\n')
        .map((l) => l.trim())
        .filter(
          (l) =>
            l && !l.startsWith('Federazione Italiana Sport di Racchetta ·') && !/^Pagina \d+ di \d+$/.test(l),
        ),
    )
}

const PRINTS = [
  ['tabellone a 64', tabellonePdf, draw64],
  ['calendario a 64', calendarioPdf, draw64],
  ['tabellone di doppio', tabellonePdf, doubles],
  ['calendario di doppio', calendarioPdf, doubles],
  ['girone', gironiPdf, roundRobin],
  ['calendario del girone', calendarioPdf, roundRobin],
] as const

describe('tournament prints', () => {
  it.each(PRINTS)(
    '%s: page 1 is more than a heading, the last page more than the address',
    async (name, build, fx) => {
      const list = await pages(name.replace(/ /g, '-'), build, fx())
      // Page 1: the title block (3 lines) and the phase's heading are not all it holds.
      expect(list[0]!.length).toBeGreaterThan(8)
      const last = list.at(-1)!
      expect(
        last.filter(
          (l) =>
            !/^(Risultati aggiornati|Aggiornamenti|Orari indicativi|Impronta|Numero del sorteggio)/.test(l),
        ).length,
      ).toBeGreaterThan(2)
    },
  )

  it('names the column after a section by the round its winner reaches', async () => {
    const list = await pages('sezioni', tabellonePdf, draw64())
    const sections = list.filter((page) => page.some((l) => /^Sezione \d di 2$/.test(l)))
    expect(sections).toHaveLength(2)
    for (const page of sections) {
      expect(page).toContain('Finale')
      expect(page).not.toContain('Vincitore')
    }
    // The final block, after the sections, ends with the winner's column.
    expect(list.at(-1)).toContain('Fase finale')
    expect(list.at(-1)).toContain('Vincitore')
  })

  it('keeps a long name on one line, shortened, in singles and in doubles', async () => {
    for (const [name, fx] of [
      ['lungo-singolo', draw64],
      ['lungo-doppio', doubles],
    ] as const) {
      const lines = (await pages(name, tabellonePdf, fx())).flat()
      // Entry 1 is seed 1 in both draws.
      const start = `[1] ${LONG_NAME.slice(0, 11)}`
      const own = lines.filter((l) => l.includes(start))
      expect(own.length).toBeGreaterThan(0)
      // The line holds the whole name or a shortened one; the rest of it never starts a line of its own.
      for (const l of own) expect(l.includes(LONG_NAME) || /…/.test(l)).toBe(true)
      const tail = LONG_NAME.split(' ').slice(-2).join(' ')
      expect(lines.filter((l) => l.startsWith(tail))).toEqual([])
    }
  })
})
