// The prints of a tournament, in the federation's layout (server/documents/pdf.ts): the poster (locandina), the
// draw drawn as a bracket, the groups with standings and matches, and the order of play (calendario). Built from
// the same answers the detail page reads (server/domain/tournament-detail.ts), so print and page agree.
import type { GironeClassifica, Incontro, Lato, Tabellone, TorneoDettaglio } from '../../contract/torneo.ts'
import { dayOfMonth, withPreposition } from '../../contract/date-words.ts'
import { oneLine, renderPdf, type Doc, type Struct } from './pdf.ts'

export type TorneoPrint = {
  torneo: TorneoDettaglio
  tabelloni: readonly Tabellone[]
  classifiche: readonly GironeClassifica[]
  /** The poster image on disk, or null. */
  posterFile: string | null
  /** The portal's address, printed so a reader finds the page. */
  pageUrl: string
}

const COLORS = { blu: '#0b4f8a', bluScuro: '#073459', testo: '#1b1f24', tenue: '#4a5561', riga: '#c9d3dd' }

const dayFormat = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})
const instantFormat = new Intl.DateTimeFormat('it-IT', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Rome',
})
const romeDay = new Intl.DateTimeFormat('it-IT', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'Europe/Rome',
})
const romeTime = new Intl.DateTimeFormat('it-IT', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Rome',
})
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' })

const civil = (iso: string) => new Date(`${iso}T00:00:00Z`)
/** «1° maggio 2026», «3 maggio 2026»: the portal's rules (contract/date-words.ts). */
const formatDay = (iso: string) =>
  dayFormat
    .formatToParts(civil(iso))
    .map((part) => (part.type === 'day' ? dayOfMonth(Number(part.value)) : part.value))
    .join('')
/** «dall’8 marzo 2026 all’11 marzo 2026»: elision before 8 and 11, as src/ui/format.ts writes it. */
export const formatDates = (from: string, to: string) =>
  from === to
    ? formatDay(from)
    : `${withPreposition('dal', formatDay(from))} ${withPreposition('al', formatDay(to))}`
const side = (lato: Lato | null) =>
  lato
    ? `${lato.testa_di_serie !== null ? `[${lato.testa_di_serie}] ` : ''}${lato.giocatori.map((g) => g.nome).join(' / ')}`
    : ''
const matchLine = (m: Incontro) =>
  m.esito === 'bye'
    ? `${side(m.a ?? m.b)} (turno libero)`
    : `${side(m.a) || 'da definire'} – ${side(m.b) || 'da definire'}`
const outcome = (m: Incontro) =>
  m.esito === 'bye' ? 'turno libero' : m.esito === 'da_giocare' ? 'da giocare' : m.punteggio

function subtitle(t: TorneoDettaglio) {
  return [
    formatDates(t.data_inizio, t.data_fine),
    t.circolo?.nome,
    `${t.disciplina_nome} · ${t.categoria_nome}`,
  ]
    .filter(Boolean)
    .join(' · ')
}

/** The document's date: the tournament's last change, so the same tournament prints the same bytes. */
const dateOf = (t: TorneoDettaglio) => new Date(t.aggiornato_il)

export function locandinaPdf(p: TorneoPrint): Promise<Buffer> {
  const t = p.torneo
  return renderPdf(
    {
      title: t.nome,
      subject: `Locandina del torneo ${t.nome}`,
      keywords: ['locandina', 'torneo', t.disciplina_nome, t.categoria_nome],
      subtitle: subtitle(t),
      date: dateOf(t),
    },
    (w) => {
      if (p.posterFile) w.image(p.posterFile, `Locandina di ${t.nome}`, 420, 230)
      const rows: [string, string][] = [
        ['Date', formatDates(t.data_inizio, t.data_fine)],
        [
          'Circolo',
          t.circolo
            ? `${t.circolo.nome}, ${t.circolo.indirizzo}, ${t.circolo.cap ? `${t.circolo.cap} ` : ''}${t.circolo.comune} (${t.circolo.provincia})`
            : 'Da definire',
        ],
        [
          'Gara',
          `${t.specialita === 'doppio' ? 'Doppio' : 'Singolare'} ${t.genere_nome.toLowerCase()} · ${t.formula_nome}`,
        ],
        [
          'Categoria',
          `${t.categoria_nome}${t.limite_power !== null ? ` · Power fino a ${t.limite_power}` : ''}`,
        ],
        ['Quota d’iscrizione', t.quota_centesimi === 0 ? 'Gratuita' : euro.format(t.quota_centesimi / 100)],
        [
          'Chiusura iscrizioni',
          t.iscrizioni_al ? instantFormat.format(new Date(t.iscrizioni_al)) : 'Non indicata',
        ],
        ['Posti', t.max_iscritti === null ? 'Senza limite' : String(t.max_iscritti)],
      ]
      if (t.giudice_arbitro) rows.push(['Giudice arbitro', t.giudice_arbitro])
      if (t.circolo?.telefono)
        rows.push(['Informazioni', `${t.circolo.telefono}${t.circolo.email ? ` · ${t.circolo.email}` : ''}`])
      w.table({ headers: ['Il torneo', 'In breve'], rows, widths: [140, '*'] })
      if (t.descrizione) w.paragraph(t.descrizione)
      w.note(`Iscrizioni, tabellone e risultati sul portale: ${p.pageUrl}`)
    },
  )
}

/** Rounds a bracket block draws at most: 16 first-round matches (32 places) fit a landscape page. */
const BLOCK_ROUNDS = 5
/** Height per first-round match of a block: what it would like, and the least it can be read at. */
const MATCH_HEIGHT = { wanted: 27, least: 18 }
/** Room the round names above the boxes take. */
const ROUND_NAMES = 16

export function tabellonePdf(p: TorneoPrint): Promise<Buffer> {
  const t = p.torneo
  const phases = p.tabelloni.filter((d) => d.tipo === 'eliminazione' && d.turni.length > 0)
  return renderPdf(
    {
      title: `Tabellone – ${t.nome}`,
      subject: `Tabellone del torneo ${t.nome}`,
      keywords: ['tabellone', 'torneo', t.disciplina_nome],
      subtitle: subtitle(t),
      date: dateOf(t),
      layout: 'landscape',
    },
    (w) => {
      phases.forEach((phase, pi) => {
        const blocks = bracketBlocks(phase)
        let sectionHeight: number | null = null
        blocks.forEach((block, bi) => {
          const matches = block.rounds[0]!.incontri.length
          const wanted = Math.min(440, Math.max(160, matches * MATCH_HEIGHT.wanted + ROUND_NAMES + 8))
          const least = Math.max(50, matches * MATCH_HEIGHT.least + ROUND_NAMES)
          // What goes on the page with the block: the phase's heading before the first, the notes after the
          // last (so neither is left alone on a page).
          const above = (bi === 0 ? HEADING_ROOM : 0) + (block.title ? SUBHEADING_ROOM : 0)
          const below = bi === blocks.length - 1 ? 6 + NOTE_ROOM * (pi === phases.length - 1 ? 3 : 2) : 0
          if (w.roomLeft() - above - below < least) w.newPage()
          // Sections share one size, the one the first could take: the same scale on every page.
          const room = w.roomLeft() - above - below
          const height =
            block.section && sectionHeight !== null ? sectionHeight : Math.max(least, Math.min(wanted, room))
          if (block.section && sectionHeight === null) sectionHeight = height
          if (bi === 0) w.heading(phase.nome, 0)
          if (block.title) w.subheading(block.title, 0)
          w.custom(height, (doc, box, section) => drawBracket(doc, box, section, block))
        })
        w.space(6)
        w.note(`Impronta del sorteggio (SHA-256), pubblicata prima del sorteggio: ${phase.seed_hash}`, 8)
        if (phase.seed) w.note(`Numero del sorteggio, rivelato dopo: ${phase.seed}`, 8)
      })
      w.note(`Risultati aggiornati sul portale: ${p.pageUrl}`, 8)
    },
  )
}

/** Room a phase's heading, a section's title and a note take on the page (points). */
const HEADING_ROOM = 34
const SUBHEADING_ROOM = 22
const NOTE_ROOM = 13

export type Block = {
  title: string | null
  /** Whether the block is one of the sections of 32 places of a larger draw. */
  section: boolean
  rounds: { nome: string; incontri: Incontro[] }[]
  /** The name of the column after the last round: the round the block's winner reaches, or «Vincitore». */
  reaches: string
}

/**
 * Splits a draw into blocks that fit a page: a draw of up to 32 places is one block; a larger one is drawn as
 * sections of 32 places up to their section winner (the column after them is named by the round that winner
 * reaches), then a last block with the rounds that join them.
 */
export function bracketBlocks(phase: Tabellone): Block[] {
  const rounds = phase.turni
  if (rounds.length <= BLOCK_ROUNDS)
    return [
      {
        title: null,
        section: false,
        rounds: rounds.map((r) => ({ ...r, incontri: [...r.incontri] })),
        reaches: 'Vincitore',
      },
    ]
  const sections = rounds[0]!.incontri.length / 2 ** (BLOCK_ROUNDS - 1)
  const blocks: Block[] = []
  for (let k = 0; k < sections; k++) {
    blocks.push({
      title: `Sezione ${k + 1} di ${sections}`,
      section: true,
      rounds: rounds.slice(0, BLOCK_ROUNDS).map((r, i) => {
        const per = 2 ** (BLOCK_ROUNDS - 1 - i)
        return { nome: r.nome, incontri: r.incontri.slice(k * per, (k + 1) * per) }
      }),
      reaches: rounds[BLOCK_ROUNDS]!.nome,
    })
  }
  blocks.push({
    title: 'Fase finale',
    section: false,
    rounds: rounds.slice(BLOCK_ROUNDS).map((r) => ({ ...r, incontri: [...r.incontri] })),
    reaches: 'Vincitore',
  })
  return blocks
}

/** The widest a round's column gets (a final block of one or two rounds would otherwise span the page). */
const MAX_COLUMN = 190

/**
 * Draws rounds as columns: each match a box with its two sides and score, lines joining it to the next; after
 * the last round, the column of who goes on (the winner, or the finalist of a section). Every name is on one
 * line: smaller, or shortened with «…», never wrapped.
 */
export function drawBracket(
  doc: Doc,
  box: { x: number; y: number; width: number; height: number },
  section: Struct,
  block: Block,
) {
  const { rounds } = block
  const last = rounds.at(-1)!
  const final = last.incontri.length === 1 ? last.incontri[0]! : null
  const winner = final?.vincitore ? (final.vincitore === 'a' ? final.a : final.b) : null
  const columns = rounds.length + (final ? 1 : 0)
  const gap = 14
  const colWidth = Math.min(MAX_COLUMN, (box.width - gap * (columns - 1)) / columns)
  const top = box.y + ROUND_NAMES
  const height = box.height - ROUND_NAMES
  const slotOf = (count: number) => height / count
  const boxHeight = Math.min(22, slotOf(rounds[0]!.incontri.length) - 2)
  const nameSize = boxHeight >= 20 ? 7.5 : 7
  const heading = (text: string, x: number) =>
    section.add(
      doc.struct('H3', {}, () => {
        doc.fillColor(COLORS.bluScuro)
        oneLine(
          doc,
          [text],
          { x, y: box.y, width: colWidth },
          { font: 'Helvetica-Bold', size: 8.5, minSize: 7 },
        )
      }),
    )

  rounds.forEach((round, r) => {
    const x = box.x + r * (colWidth + gap)
    heading(round.nome, x)
    const slot = slotOf(round.incontri.length)
    round.incontri.forEach((m, j) => {
      const centre = top + slot * (j + 0.5)
      const y = centre - boxHeight / 2
      doc.markContent('Artifact', { type: 'Layout' })
      doc.lineWidth(0.6).strokeColor(COLORS.riga).rect(x, y, colWidth, boxHeight).stroke()
      // To the next round: right from the box, then up or down to the next match's centre.
      const nextCentre =
        r < rounds.length - 1 ? top + slotOf(round.incontri.length / 2) * (Math.floor(j / 2) + 0.5) : centre
      if (r < rounds.length - 1 || final)
        doc
          .moveTo(x + colWidth, centre)
          .lineTo(x + colWidth + gap / 2, centre)
          .lineTo(x + colWidth + gap / 2, nextCentre)
          .lineTo(x + colWidth + gap, nextCentre)
          .stroke()
      doc.endMarkedContent()
      // A played match shows its score; an unplayed one nothing (an open box is a match to play).
      const score = m.esito === 'bye' || m.esito === 'da_giocare' ? '' : outcome(m)
      const scoreWidth = score
        ? Math.min(48, doc.font('Helvetica').fontSize(6.5).widthOfString(score) + 2)
        : 0
      section.add(
        doc.struct('P', {}, () => {
          const width = colWidth - 6 - (scoreWidth ? scoreWidth + 3 : 0)
          const line = (lato: Lato | null, won: boolean, yy: number) => {
            doc.fillColor(COLORS.testo)
            const names = lato?.giocatori.map((g) => g.nome) ?? []
            oneLine(
              doc,
              names.length > 0 ? names : [m.esito === 'bye' ? 'turno libero' : '–'],
              { x: x + 3, y: yy, width },
              {
                font: won ? 'Helvetica-Bold' : 'Helvetica',
                size: nameSize,
                minSize: 6.5,
                prefix: lato?.testa_di_serie != null ? `[${lato.testa_di_serie}] ` : '',
              },
            )
          }
          line(m.a, m.vincitore === 'a', y + boxHeight / 2 - nameSize - 0.5)
          line(m.b, m.vincitore === 'b', y + boxHeight / 2 + 1)
          if (scoreWidth) {
            doc.fillColor(COLORS.tenue)
            oneLine(
              doc,
              [score],
              { x: x + colWidth - 3 - scoreWidth, y: centre - 3, width: scoreWidth },
              { font: 'Helvetica', size: 6.5, minSize: 5, align: 'right' },
            )
          }
        }),
      )
    })
  })
  if (final) {
    const x = box.x + rounds.length * (colWidth + gap)
    const centre = top + height / 2
    heading(block.reaches, x)
    doc.markContent('Artifact', { type: 'Layout' })
    doc
      .lineWidth(0.6)
      .strokeColor(COLORS.riga)
      .moveTo(x, centre + 6)
      .lineTo(x + colWidth, centre + 6)
      .stroke()
    doc.endMarkedContent()
    if (winner)
      section.add(
        doc.struct('P', {}, () => {
          doc.fillColor(COLORS.blu)
          oneLine(
            doc,
            winner.giocatori.map((g) => g.nome),
            { x: x + 3, y: centre - 5, width: colWidth - 6 },
            { font: 'Helvetica-Bold', size: 9, minSize: 6 },
          )
        }),
      )
  }
}

export function gironiPdf(p: TorneoPrint): Promise<Buffer> {
  const t = p.torneo
  const phases = p.tabelloni.filter((d) => d.tipo === 'gironi')
  return renderPdf(
    {
      title: `Gironi – ${t.nome}`,
      subject: `Gironi e classifiche del torneo ${t.nome}`,
      keywords: ['gironi', 'classifiche', 'torneo', t.disciplina_nome],
      subtitle: subtitle(t),
      date: dateOf(t),
    },
    (w) => {
      for (const phase of phases) {
        w.heading(phase.nome)
        for (const girone of phase.gironi) {
          w.subheading(girone.nome, 120)
          const standings = p.classifiche.find((c) => c.id === girone.id)
          if (standings) {
            w.table({
              headers: ['Pos.', 'Giocatore', 'G', 'V', 'P', 'Set', 'Game', 'Punti'],
              rows: standings.righe.map((r) => [
                `${r.posizione}${r.qualificato ? ' Q' : ''}`,
                side(r.lato),
                r.giocate,
                r.vinte,
                r.perse,
                `${r.set_vinti}-${r.set_persi}`,
                `${r.game_vinti}-${r.game_persi}`,
                r.punti,
              ]),
              widths: [34, '*', 26, 26, 26, 40, 46, 38],
            })
          }
          w.table({
            headers: ['Giornata', 'Incontro', 'Risultato'],
            rows: girone.incontri.map((m) => [m.turno, matchLine(m), outcome(m)]),
            widths: [52, '*', 110],
          })
        }
      }
      w.note(
        'Q: qualificato alla fase successiva. A parità di punti decide lo scontro diretto, fra tre o più la differenza set e poi la differenza giochi.',
      )
    },
  )
}

export function calendarioPdf(p: TorneoPrint): Promise<Buffer> {
  const t = p.torneo
  const all = p.tabelloni.flatMap((phase) => [
    ...phase.turni.flatMap((round) =>
      round.incontri.map((m) => ({ m, fase: `${phase.nome}, ${round.nome}` })),
    ),
    ...phase.gironi.flatMap((g) => g.incontri.map((m) => ({ m, fase: g.nome }))),
  ])
  const scheduled = all
    .filter(({ m }) => m.programmata_il !== null && m.esito !== 'bye')
    .sort((a, b) => a.m.programmata_il!.localeCompare(b.m.programmata_il!) || a.m.id - b.m.id)
  const days = new Map<string, typeof scheduled>()
  for (const item of scheduled) {
    const day = romeDay.format(new Date(item.m.programmata_il!))
    days.set(day, [...(days.get(day) ?? []), item])
  }
  return renderPdf(
    {
      title: `Calendario delle partite – ${t.nome}`,
      subject: `Ordine di gioco del torneo ${t.nome}`,
      keywords: ['calendario', 'ordine di gioco', 'torneo', t.disciplina_nome],
      subtitle: subtitle(t),
      date: dateOf(t),
    },
    (w) => {
      if (days.size === 0) w.paragraph('Le partite non hanno ancora un orario: il calendario comparirà qui.')
      for (const [day, items] of days) {
        w.subheading(day.charAt(0).toUpperCase() + day.slice(1), 100)
        w.table({
          headers: ['Ora', 'Campo', 'Fase', 'Incontro', 'Risultato'],
          rows: items.map(({ m, fase }) => [
            romeTime.format(new Date(m.programmata_il!)),
            m.campo ?? '–',
            fase,
            matchLine(m),
            outcome(m),
          ]),
          widths: [34, 62, 110, '*', 80],
        })
      }
      w.note(
        `Orari indicativi: gli incontri successivi non iniziano prima della fine dei precedenti sullo stesso campo. Aggiornamenti sul portale: ${p.pageUrl}`,
      )
    },
  )
}
