// Prints of a team tournament a club would post on its notice board (issue 21): the gironi (standings with the
// tie-breaks that decided, then every tie by giornata with its result) and the final phase's bracket.
import type { ClassificaGirone, Incontro, TorneoSquadreDettaglio } from '../../contract/campionati.ts'
import { STATO_INCONTRO_LABEL } from '../../contract/campionati.ts'
import { renderPdf } from './pdf.ts'
import type { Incontro as IncontroTabellone } from '../../contract/torneo.ts'
import { drawBracket, formatDates, type Block } from './tornei.ts'

export type TorneoSquadrePrint = {
  torneo: Omit<TorneoSquadreDettaglio, 'incontri'>
  incontri: readonly Incontro[]
  classifiche: readonly ClassificaGirone[]
}

const when = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Rome',
})

const subtitle = (t: TorneoSquadrePrint['torneo']) =>
  [formatDates(t.data_inizio, t.data_fine), t.zona, t.settore].filter(Boolean).join(' · ')

/** The document's date: the latest played tie's, else the first day, so the same data prints the same bytes. */
function dateOf(p: TorneoSquadrePrint): Date {
  const days = p.incontri
    .filter((i) => i.punti_casa !== null)
    .map((i) => i.data)
    .filter((d): d is string => d !== null)
  return new Date(days.sort().at(-1) ?? `${p.torneo.data_inizio}T12:00:00Z`)
}

const tieLine = (i: Incontro) => `${i.casa.nome} – ${i.ospiti.nome}`
const tieResult = (i: Incontro) =>
  i.punti_casa !== null ? `${i.punti_casa}–${i.punti_ospiti}` : (STATO_INCONTRO_LABEL[i.stato] ?? i.stato)
const tieDate = (i: Incontro) => (i.data ? when.format(new Date(i.data)) : 'da programmare')

export function gironiSquadrePdf(p: TorneoSquadrePrint): Promise<Buffer> {
  const t = p.torneo
  return renderPdf(
    {
      title: `Gironi – ${t.nome}`,
      subject: `Classifiche e incontri dei gironi di ${t.nome}`,
      keywords: ['campionato a squadre', 'gironi', 'classifica', t.settore],
      subtitle: subtitle(t),
      date: dateOf(p),
    },
    (w) => {
      w.note(
        'Classifica: 2 punti per incontro vinto, 1 per il pareggio. A pari punti decidono gli incontri vinti, poi la differenza partite, set e game, infine l’ordine del sorteggio. Contano solo gli incontri confermati.',
      )
      for (const girone of p.classifiche) {
        w.heading(girone.girone, 160)
        w.table({
          headers: ['Pos.', 'Squadra', 'Punti', 'G', 'V', 'N', 'P', 'Partite', 'Set', 'Game'],
          rows: girone.righe.map((r) => [
            r.posizione,
            r.motivo ? `${r.squadra}\n(${r.motivo})` : r.squadra,
            r.punti,
            r.giocati,
            r.vinti,
            r.pareggiati,
            r.persi,
            `${r.partite_vinte}-${r.partite_perse}`,
            `${r.set_vinti}-${r.set_persi}`,
            `${r.game_vinti}-${r.game_persi}`,
          ]),
          widths: [30, '*', 34, 22, 22, 22, 22, 42, 38, 46],
        })
        const ties = p.incontri.filter((i) => i.id_girone === girone.id_girone)
        if (ties.length > 0) {
          w.subheading('Incontri', 80)
          w.table({
            headers: ['Giornata', 'Data', 'Incontro', 'Risultato'],
            rows: ties.map((i) => [`${i.giornata}ª`, tieDate(i), tieLine(i), tieResult(i)]),
            widths: [52, 86, '*', 96],
          })
        }
      }
      w.note(
        'G giocati, V vinti, N pareggiati, P persi. I risultati da confermare non sono ancora in classifica.',
      )
    },
  )
}

/** A tie as a match of the drawn bracket: the teams as its sides, the rubbers as its score. */
function asBracketMatch(i: Incontro, posizione: number): IncontroTabellone {
  const lato = (team: Incontro['casa']) => ({
    id_iscrizione: team.id,
    giocatori: [team],
    testa_di_serie: null,
  })
  return {
    id: i.id,
    turno: i.giornata,
    posizione,
    a: lato(i.casa),
    b: lato(i.ospiti),
    vincitore: i.id_vincitore === i.casa.id ? 'a' : i.id_vincitore === i.ospiti.id ? 'b' : null,
    esito: i.punti_casa !== null ? 'giocata' : 'da_giocare',
    punteggio: i.punti_casa !== null ? `${i.punti_casa}-${i.punti_ospiti}` : '',
    set: [],
    programmata_il: i.data,
    campo: null,
  }
}

export function tabelloneSquadrePdf(p: TorneoSquadrePrint): Promise<Buffer> {
  const t = p.torneo
  const finals = p.incontri.filter((i) => i.fase === 'finale')
  const rounds = [...new Set(finals.map((i) => i.giornata))].sort((a, b) => a - b)
  const names: Record<number, string> = { 1: 'Semifinali', 2: 'Finale' }
  return renderPdf(
    {
      title: `Fase finale – ${t.nome}`,
      subject: `Tabellone della fase finale di ${t.nome}`,
      keywords: ['campionato a squadre', 'tabellone', 'fase finale', t.settore],
      subtitle: subtitle(t),
      date: dateOf(p),
      layout: 'landscape',
    },
    (w) => {
      // The bracket drawn as the individual draws' (server/documents/tornei.ts), each team a side.
      const block: Block = {
        title: null,
        section: false,
        rounds: rounds.map((round) => ({
          nome: names[round] ?? `Turno ${round}`,
          incontri: finals.filter((i) => i.giornata === round).map(asBracketMatch),
        })),
        reaches: 'Vincitore',
      }
      if (rounds.length > 0) w.custom(200, (doc, box, section) => drawBracket(doc, box, section, block))
      for (const round of rounds) {
        w.heading(names[round] ?? `Turno ${round}`)
        w.table({
          headers: ['Data', 'Incontro', 'Risultato', 'Passa il turno'],
          rows: finals
            .filter((i) => i.giornata === round)
            .map((i) => [
              tieDate(i),
              tieLine(i),
              tieResult(i),
              i.id_vincitore === i.casa.id
                ? i.casa.nome
                : i.id_vincitore === i.ospiti.id
                  ? i.ospiti.nome
                  : '',
            ]),
          widths: [86, '*', 60, 130],
        })
      }
      const final = finals.find((i) => i.giornata === Math.max(...rounds))
      const winner =
        final &&
        (final.id_vincitore === final.casa.id
          ? final.casa
          : final.id_vincitore === final.ospiti.id
            ? final.ospiti
            : null)
      if (winner) w.paragraph(`Vince ${t.nome}: ${winner.nome}.`)
      w.note(
        'Nella fase finale un incontro non finisce pari: a parità di partite passa la squadra con più set vinti, poi con più game vinti.',
      )
    },
  )
}
