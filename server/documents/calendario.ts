// The season calendar of a discipline: federal dates month by month. Dates are computed for the season's year
// (the n-th weekend of a month), so the document is right for whichever season it is printed.
import { dayOfMonth, withPreposition } from '../../contract/date-words.ts'
import type { DisciplinaCodice } from '../../contract/documenti.ts'
import type { PdfWriter } from './pdf.ts'
import type { DisciplineProfile } from './profiles.ts'

const MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
]
const WEEKDAYS = ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato']
const DAY_MS = 86_400_000

/**
 * When an event takes place: the n-th weekend of the month (negative counts from the end; `days` 9 makes it a
 * window from that Saturday to the Sunday after), a day, or a span of days of the month.
 */
export type When = { sat: number; days?: 2 | 9 } | { day: number } | { from: number; to: number | 'fine' }

export type CalendarEvent = { month: number; when: When; evento: string; luogo: string }

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const dayNumber = (d: Date) => dayOfMonth(d.getUTCDate())
const monthName = (d: Date) => MONTHS[d.getUTCMonth()]!
const weekday = (d: Date) => WEEKDAYS[d.getUTCDay()]!

/** The n-th Saturday of a month (1-based month; n = -1 is the last one). */
export function nthSaturday(year: number, month: number, n: number): Date {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1))
    const offset = (6 - first.getUTCDay() + 7) % 7
    return new Date(first.getTime() + (offset + (n - 1) * 7) * DAY_MS)
  }
  const last = new Date(Date.UTC(year, month, 0))
  const back = (last.getUTCDay() + 1) % 7
  return new Date(last.getTime() - (back + (-n - 1) * 7) * DAY_MS)
}

/**
 * «sabato 14 e domenica 15 marzo», «da sabato 11 a domenica 19 aprile», «giovedì 1° gennaio», «dal 1° al 28 febbraio»,
 * «dall’8 all’11 marzo»: the portal's rules (contract/date-words.ts), as src/ui/format.ts writes dates.
 */
export function describeWhen(year: number, month: number, when: When): { label: string; sortKey: number } {
  if ('sat' in when) {
    const start = nthSaturday(year, month, when.sat)
    const end = new Date(start.getTime() + ((when.days ?? 2) - 1) * DAY_MS)
    const sameMonth = start.getUTCMonth() === end.getUTCMonth()
    const startText = `${weekday(start)} ${dayNumber(start)}${sameMonth ? '' : ` ${monthName(start)}`}`
    const endText = `${weekday(end)} ${dayNumber(end)} ${monthName(end)}`
    const label = when.days === 9 ? `da ${startText} a ${endText}` : `${startText} e ${endText}`
    return { label, sortKey: start.getUTCDate() }
  }
  if ('day' in when) {
    const date = new Date(Date.UTC(year, month - 1, when.day))
    return { label: `${weekday(date)} ${dayNumber(date)} ${monthName(date)}`, sortKey: when.day }
  }
  const last = when.to === 'fine' ? new Date(Date.UTC(year, month, 0)).getUTCDate() : when.to
  const first = new Date(Date.UTC(year, month - 1, when.from))
  const label = `${withPreposition('dal', dayNumber(first))} ${withPreposition('al', `${last} ${monthName(first)}`)}`
  return { label, sortKey: when.from }
}

type Plan = {
  tappe: { month: number; sat: number; luogo: string }[]
  master: { month: number; sat: number; luogo: string }
  /** After the team entries close (end of February), before the first giornata. */
  coppaSorteggio: { month: number; day: number }
  coppaGiornate: { month: number; sat: number }[]
  coppaFinali: { month: number; sat: number; luogo: string }
  extra: CalendarEvent[]
}

const PLANS: Record<DisciplinaCodice, Plan> = {
  tennis: {
    tappe: [
      { month: 3, sat: 3, luogo: 'Torino' },
      { month: 4, sat: 4, luogo: 'Firenze' },
      { month: 5, sat: 3, luogo: 'Bari' },
      { month: 6, sat: 3, luogo: 'Verona' },
      { month: 9, sat: 2, luogo: 'Cagliari' },
      { month: 10, sat: 2, luogo: 'Milano' },
    ],
    master: { month: 11, sat: 3, luogo: 'Roma' },
    coppaSorteggio: { month: 3, day: 10 },
    coppaGiornate: [
      { month: 4, sat: 1 },
      { month: 4, sat: 3 },
      { month: 5, sat: 1 },
      { month: 5, sat: -2 },
      { month: 6, sat: 1 },
    ],
    coppaFinali: { month: 6, sat: -1, luogo: 'Bologna' },
    extra: [
      { month: 7, when: { sat: 2, days: 9 }, evento: 'Campionati italiani assoluti', luogo: 'Roma' },
      {
        month: 8,
        when: { sat: -1, days: 9 },
        evento: 'Campionati italiani giovanili (settore Junior)',
        luogo: 'Milano Marittima',
      },
      { month: 9, when: { sat: -1 }, evento: 'Torneo nazionale Wheelchair', luogo: 'Genova' },
      {
        month: 1,
        when: { from: 10, to: 'fine' },
        evento: 'Tornei invernali indoor dei circoli (OPEN e LIMIT)',
        luogo: 'Circoli affiliati',
      },
    ],
  },
  padel: {
    tappe: [
      { month: 2, sat: 3, luogo: 'Roma' },
      { month: 3, sat: 4, luogo: 'Milano' },
      { month: 5, sat: 2, luogo: 'Napoli' },
      { month: 6, sat: 3, luogo: 'Palermo' },
      { month: 9, sat: 3, luogo: 'Bologna' },
      { month: 10, sat: 3, luogo: 'Padova' },
    ],
    master: { month: 12, sat: 1, luogo: 'Roma' },
    coppaSorteggio: { month: 3, day: 5 },
    coppaGiornate: [
      { month: 3, sat: 3 },
      { month: 4, sat: 1 },
      { month: 4, sat: 3 },
      { month: 5, sat: 1 },
      { month: 5, sat: 3 },
    ],
    coppaFinali: { month: 6, sat: 1, luogo: 'Firenze' },
    extra: [
      { month: 7, when: { sat: 1, days: 9 }, evento: 'Campionati italiani assoluti di padel', luogo: 'Roma' },
      { month: 11, when: { sat: 2 }, evento: 'Campionati italiani a coppie miste', luogo: 'Torino' },
    ],
  },
  'beach-tennis': {
    tappe: [
      { month: 5, sat: 3, luogo: 'Marina di Ravenna' },
      { month: 6, sat: 2, luogo: 'Rimini' },
      { month: 7, sat: 1, luogo: 'Viareggio' },
      { month: 7, sat: 3, luogo: 'San Benedetto del Tronto' },
      { month: 8, sat: 4, luogo: 'Gallipoli' },
    ],
    master: { month: 9, sat: 2, luogo: 'Cervia' },
    coppaSorteggio: { month: 4, day: 15 },
    coppaGiornate: [
      { month: 5, sat: 1 },
      { month: 5, sat: -1 },
      { month: 6, sat: 3 },
    ],
    coppaFinali: { month: 7, sat: -1, luogo: 'Cesenatico' },
    extra: [
      {
        month: 8,
        when: { sat: 1, days: 9 },
        evento: 'Campionati italiani assoluti di beach tennis',
        luogo: 'Cervia',
      },
      {
        month: 1,
        when: { from: 10, to: 'fine' },
        evento: 'Circuito invernale indoor dei circoli',
        luogo: 'Impianti coperti affiliati',
      },
      {
        month: 11,
        when: { from: 1, to: 'fine' },
        evento: 'Riapertura dei tornei indoor dei circoli',
        luogo: 'Impianti coperti affiliati',
      },
    ],
  },
  pickleball: {
    tappe: [
      { month: 3, sat: 4, luogo: 'Milano' },
      { month: 5, sat: 2, luogo: 'Roma' },
      { month: 9, sat: 3, luogo: 'Firenze' },
      { month: 10, sat: 3, luogo: 'Torino' },
    ],
    master: { month: 11, sat: 4, luogo: 'Bologna' },
    coppaSorteggio: { month: 3, day: 20 },
    coppaGiornate: [
      { month: 4, sat: 2 },
      { month: 5, sat: -1 },
      { month: 6, sat: 2 },
    ],
    coppaFinali: { month: 6, sat: -1, luogo: 'Verona' },
    extra: [
      {
        month: 7,
        when: { sat: 2 },
        evento: 'Campionati italiani di pickleball (singolare e doppio)',
        luogo: 'Roma',
      },
      {
        month: 2,
        when: { sat: 2 },
        evento: 'Giornata nazionale di prova aperta ai non tesserati',
        luogo: 'Circoli affiliati',
      },
    ],
  },
}

const ORDINAL = ['1ª', '2ª', '3ª', '4ª', '5ª', '6ª', '7ª', '8ª']

/** Every federal date of the season for one discipline. */
export function seasonEvents(p: DisciplineProfile, season: number): CalendarEvent[] {
  const plan = PLANS[p.codice]
  return [
    { month: 1, when: { day: 1 }, evento: `Apertura del tesseramento ${season}`, luogo: 'Circoli affiliati' },
    {
      month: 2,
      when: { from: 1, to: 'fine' },
      evento: `Iscrizione delle squadre alla ${p.coppa.nome}`,
      luogo: 'Portale federale',
    },
    {
      month: plan.coppaSorteggio.month,
      when: { day: plan.coppaSorteggio.day },
      evento: `Sorteggio pubblico dei gironi della ${p.coppa.nome} (impronta del sorteggio pubblicata il giorno prima)`,
      luogo: 'Portale federale',
    },
    ...plan.tappe.map((t, i) => ({
      month: t.month,
      when: { sat: t.sat },
      evento: `${p.circuito.nome}: ${ORDINAL[i]} tappa`,
      luogo: t.luogo,
    })),
    {
      month: plan.master.month,
      when: { sat: plan.master.sat },
      evento: `${p.circuito.master} (primi otto della classifica del circuito)`,
      luogo: plan.master.luogo,
    },
    ...plan.coppaGiornate.map((g, i) => ({
      month: g.month,
      when: { sat: g.sat, days: 9 as const },
      evento: `${p.coppa.nome}: ${i + 1}ª giornata dei gironi`,
      luogo: 'Circoli delle squadre di casa',
    })),
    {
      month: plan.coppaFinali.month,
      when: { sat: plan.coppaFinali.sat },
      evento: `${p.coppa.nome}: fase finale (semifinali e finale)`,
      luogo: plan.coppaFinali.luogo,
    },
    ...plan.extra,
    { month: 12, when: { sat: 2 }, evento: 'Premiazioni federali della stagione', luogo: 'Roma' },
    {
      month: 12,
      when: { day: 31 },
      evento: `Chiusura della race annuale ${season}`,
      luogo: 'Portale federale',
    },
  ]
}

export function calendarioStagione(w: PdfWriter, p: DisciplineProfile, season: number) {
  w.paragraph(
    `Il calendario riporta le date federali della stagione ${season} del ${p.nome}: tappe del ${p.circuito.nome}, giornate e finali della ${p.coppa.nome}, campionati italiani e scadenze. I tornei organizzati dai circoli si aggiungono a queste date e sono pubblicati nel calendario tornei del portale, dove si trovano anche programmi e iscrizioni.`,
  )
  w.note(
    'Le date possono subire variazioni per cause di forza maggiore: fa fede il calendario tornei del portale. Le giornate della coppa a squadre indicano la finestra entro cui i capitani fissano l’incontro.',
  )
  const events = seasonEvents(p, season)
  for (let month = 1; month <= 12; month++) {
    const rows = events
      .filter((e) => e.month === month)
      .map((e) => ({ ...describeWhen(season, month, e.when), evento: e.evento, luogo: e.luogo }))
      .sort((a, b) => a.sortKey - b.sortKey)
    w.subheading(`${capitalize(MONTHS[month - 1]!)} ${season}`, 110)
    if (rows.length === 0) {
      w.paragraph(
        'Nessuna data federale: si giocano i tornei dei circoli, consultabili nel calendario tornei del portale.',
      )
      continue
    }
    w.table({
      headers: ['Data', 'Evento', 'Luogo'],
      rows: rows.map((r) => [capitalize(r.label), r.evento, r.luogo]),
      widths: [165, '*', 110],
    })
  }
  w.heading('Scadenze da ricordare')
  w.bullets([
    `Tessera: vale dal 1° gennaio al 31 dicembre ${season}; va rinnovata presso il circolo prima di iscriversi al primo torneo della stagione.`,
    'Certificato medico: deve essere valido alla data di ogni torneo; senza certificato valido l’iscrizione non è accettata.',
    `Coppe a squadre: iscrizioni entro il ${new Date(Date.UTC(season, 2, 0)).getUTCDate()} febbraio; rose integrabili fino alla seconda giornata dei gironi.`,
    'Master del circuito: la partecipazione si conferma dal portale entro sette giorni dalla pubblicazione della classifica finale del circuito.',
    `Race annuale: si chiude il 31 dicembre ${season} e riparte da zero il 1° gennaio ${season + 1}.`,
  ])
}
