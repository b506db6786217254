// What a demanding visitor would notice in the demo data, as checks over plain rows: the generator's own rows
// (any reference date, no database) and the seeded database's rows give the same shape (drizzle's field names,
// dates as AAAA-MM-GG strings, instants as Date). Each check returns the offending cases, so a failure says what.
import fs from 'node:fs'
import path from 'node:path'
import { SECTOR_IDS } from '../../contract/constants.ts'
import { mp4DurationSeconds } from '../../server/media/clips.ts'
import { commenterName } from '../../server/domain/news.ts'
import { UPCOMING_STATUSES } from '../../server/domain/tournaments.ts'
import { tieDeadlineOf } from '../../server/domain/tie.ts'
import { tieStateOf } from '../../contract/incontri.ts'
import { seasonInName, withinSeason } from '../../server/seed/calendar.ts'
import { NEWS_TYPES, REGIONS } from '../../server/db/reference.ts'
import { effectivePower, levelLimit } from '../../server/domain/enrolment.ts'
import { MOBILE_PREFIXES, capitalPrefix, capsOf } from '../../server/seed/places.ts'
import { DISCIPLINE_OF_SECTOR } from '../../server/seed/shared.ts'
import {
  COUNTED_TIE_STATUSES,
  championshipStatusOn,
  teamStandings,
  type CountedTie,
  type Rubber,
} from '../../server/domain/team-standings.ts'

const REGION_NAMES = new Map(REGIONS.map((r) => [r.id, r.nome]))
const isMobile = (phone: string) => MOBILE_PREFIXES.some((prefix) => phone.startsWith(prefix))
/** What the demo photos show (server/media/generate.ts, scene): a court and a ball, nobody on it. */
const PEOPLE_IN_CAPTION =
  /premiazion|vincitor|finalist|pubblico|giocator|coppi[ae]|squadr|tifos|festa|podio|sorris/i

const NEWS_TYPES_BY_ID = new Map<number, string>(NEWS_TYPES.map((t) => [t.id, t.codice]))

type Row = Record<string, unknown>
export type SeedTables = Record<string, Row[]>

const str = (v: unknown) => v as string
const num = (v: unknown) => v as number
const time = (v: unknown) => (v === null || v === undefined ? null : new Date(v as Date | string).getTime())
const endOfDay = (day: string) => Date.parse(`${day}T23:59:59+01:00`)
const startOfDay = (day: string) => Date.parse(`${day}T00:00:00+01:00`)

function duplicates(values: string[]): string[] {
  const seen = new Set<string>()
  const twice = new Set<string>()
  for (const v of values) (seen.has(v) ? twice : seen).add(v)
  return [...twice]
}

/** News a visitor of the sector sees (server/repositories/news.ts newsVisibleIn), published by `now`. */
function visibleIn(sectorId: number, rows: Row[], now: number): Row[] {
  const disciplineId = DISCIPLINE_OF_SECTOR.get(sectorId)
  return rows.filter(
    (n) =>
      n.publishedAt !== null &&
      time(n.publishedAt)! <= now &&
      (n.disciplineId === null ||
        (n.disciplineId === disciplineId && (n.sectorId === null || n.sectorId === sectorId))),
  )
}

/** Words that give away a tense: said after a tournament, never before or while it is played. */
const AFTERWARDS =
  /premiazione|finalist|prossima edizione|era pieno|recuperato tutto|torneremo|vittoria meritata|vincitor|foto/i

/** Masculine and feminine forms the generator may write about a person: a woman is never "tesserato". */
const GENDERED: [string, string][] = [
  ['tesserato', 'tesserata'],
  ['bambino', 'bambina'],
  ['libero', 'libera'],
  ['Giocatore', 'Giocatrice'],
  ['mancino', 'mancina'],
  ['Nuovo', 'Nuova'],
  ['iscritto', 'iscritta'],
]

function genderProblems(text: string, sesso: string): string[] {
  return GENDERED.flatMap(([m, f]) => {
    const wrong = sesso === 'F' ? m : f
    return new RegExp(`\\b${wrong}\\b`).test(text) ? [`«${wrong}» per ${sesso}: ${text.slice(0, 90)}`] : []
  })
}

/**
 * Every invariant, by name, with what breaks it. `referenceDate` is the seed's "today"; `mediaDir` the folder
 * /media/ serves (server/media).
 */
export function seedProblems(
  t: SeedTables,
  referenceDate: string,
  mediaDir: string,
): Record<string, string[]> {
  const now = endOfDay(referenceDate)
  const tournaments = t.tournaments ?? []
  const tournamentById = new Map(tournaments.map((x) => [num(x.id), x]))
  const persons = new Map((t.persons ?? []).map((p) => [num(p.id), p]))
  const accounts = new Map((t.accounts ?? []).map((a) => [str(a.id), a]))
  const news = t.news ?? []
  const problems: Record<string, string[]> = {}

  problems['titoli di news ripetuti in un settore'] = Object.values(SECTOR_IDS).flatMap((sectorId) =>
    duplicates(visibleIn(sectorId, news, now).map((n) => str(n.title))).map(
      (d) => `settore ${sectorId}: ${d}`,
    ),
  )
  problems['news con lo stesso testo'] = duplicates(news.map((n) => str(n.body))).map((b) => b.slice(0, 90))

  // Not even across sectors: a club's padel and beach tournaments would meet in the news and the videos.
  problems['tornei omonimi'] = duplicates(tournaments.map((x) => str(x.nome)))
  problems['tornei in arrivo omonimi in home'] = Object.values(SECTOR_IDS).flatMap((sectorId) =>
    duplicates(
      tournaments
        .filter(
          (x) =>
            x.sectorId === sectorId &&
            str(x.dataFine) >= referenceDate &&
            (UPCOMING_STATUSES as readonly string[]).includes(str(x.status)),
        )
        .map((x) => str(x.nome)),
    ).map((d) => `settore ${sectorId}: ${d}`),
  )

  problems['date fuori ordine'] = [
    ...tournaments.flatMap((x) => {
      const out: string[] = []
      if (str(x.dataFine) < str(x.dataInizio)) out.push(`${x.nome}: fine prima dell’inizio`)
      if (time(x.iscrizioniDal)! >= time(x.iscrizioniAl)!)
        out.push(`${x.nome}: iscrizioni chiuse prima di aprire`)
      if (time(x.iscrizioniAl)! > startOfDay(str(x.dataInizio)))
        out.push(`${x.nome}: iscrizioni aperte dopo l’inizio`)
      return out
    }),
    ...(t.championships ?? []).flatMap((c) =>
      str(c.dataFine) < str(c.dataInizio) ? [`${c.nome}: fine prima dell’inizio`] : [],
    ),
    ...(t.matches ?? []).flatMap((m) => {
      if (m.giocataIl === null) return []
      const x = tournamentById.get(num(m.tournamentId))!
      const at = time(m.giocataIl)!
      // After the last day only where the order of play continues (docs/regole.md, «Ordine di gioco»): at its
      // planned time.
      const continued = at === time(m.programmataIl)
      return at < startOfDay(str(x.dataInizio)) || (at > endOfDay(str(x.dataFine)) && !continued)
        ? [`partita ${m.id} giocata fuori dalle date di ${x.nome}`]
        : []
    }),
    ...(t.tessere ?? []).flatMap((c) =>
      str(c.validaAl) < str(c.validaDal) ? [`tessera ${c.codiceTessera}`] : [],
    ),
    ...(t.banners ?? []).flatMap((b) =>
      b.activeTo !== null && time(b.activeTo)! <= time(b.activeFrom)! ? [`banner ${b.title}`] : [],
    ),
  ]

  problems['nomi stagionali fuori stagione'] = tournaments.flatMap((x) => {
    const season = seasonInName(str(x.nome))
    return season && !withinSeason(season, str(x.dataInizio), str(x.dataFine))
      ? [`${x.nome} dal ${x.dataInizio} al ${x.dataFine}`]
      : []
  })

  const comments: Row[] = [...(t.tournament_comments ?? []), ...(t.championship_comments ?? [])]
  problems['commenti incoerenti con lo stato del torneo'] = comments.flatMap((c) => {
    const x = tournamentById.get(num(c.tournamentId))!
    const at = time(c.createdAt)!
    const out: string[] = []
    if (at > now) out.push(`commento dal futuro su ${x.nome}`)
    if (at < startOfDay(str(x.dataInizio))) out.push(`commento prima dell’inizio di ${x.nome}`)
    // Until its last day is over, a tournament has no final to praise.
    if (AFTERWARDS.test(str(c.testo)) && (x.status !== 'concluso' || at < startOfDay(str(x.dataFine))))
      out.push(`«${c.testo}» su ${x.nome} (${x.status})`)
    return out
  })
  problems['commenti incoerenti con la news'] = (t.news_comments ?? []).flatMap((c) => {
    const item = news.find((n) => n.id === c.newsId)!
    const out: string[] = []
    if (item.publishedAt === null || time(c.createdAt)! < time(item.publishedAt)!)
      out.push(`commento prima della pubblicazione di «${item.title}»`)
    const kind = NEWS_TYPES_BY_ID.get(num(item.typeId))
    if (kind !== 'risultati' && AFTERWARDS.test(str(c.testo)))
      out.push(`«${c.testo}» sotto «${item.title}» (${kind})`)
    return out
  })
  problems['commenti ripetuti sotto la stessa news'] = duplicates(
    (t.news_comments ?? []).map((c) => `${c.newsId}: ${c.testo}`),
  )
  problems['autori dei commenti'] = [...comments, ...(t.news_comments ?? [])].flatMap((c) => {
    const account = accounts.get(str(c.accountId))!
    const person = persons.get(num(account.personId))!
    const out: string[] = []
    if (c.autore !== commenterName(person as { nome: string; cognome: string }))
      out.push(`«${c.autore}» invece di «${commenterName(person as { nome: string; cognome: string })}»`)
    if (time(c.createdAt)! < time(account.createdAt)!) out.push(`«${c.autore}» commenta prima di registrarsi`)
    return out
  })

  const byName = new Map<string, Row[]>()
  for (const p of persons.values()) {
    const key = `${p.nome} ${p.cognome}`
    byName.set(key, [...(byName.get(key) ?? []), p])
  }
  problems['concordanza di genere'] = [
    ...news.flatMap((n) => {
      const name = /^Intervista ad? (.+?):/.exec(str(n.title))?.[1]
      const people = name ? byName.get(name) : undefined
      if (!people || people.length !== 1) return []
      return genderProblems(`${n.title} ${n.summary} ${n.body}`, str(people[0]!.sesso))
    }),
    ...(t.partner_listings ?? []).flatMap((l) =>
      genderProblems(str(l.messaggio), str(persons.get(num(l.personId))!.sesso)),
    ),
  ]

  // "su il Torneo", "dal 8 dicembre", "a Andrea", "e Elena": what a template writes and an Italian never would.
  const texts = [
    ...news.map((n) => `${n.title} ${n.summary} ${n.body}`),
    ...(t.videos ?? []).map((v) => `${v.title} ${v.description}`),
  ]
  problems['preposizioni'] = texts.flatMap((text) =>
    [
      ...text.matchAll(
        /\b(?:su|di|a|da|in) (?:il|lo|la|i|gli|le|l’)(?=[ A-Za-z])|\b(?:dal|al) (?:8|11)\b|\ba [AÀ]|\be [EÈ]/g,
      ),
    ].map((m) => `«${m[0]}» in ${text.slice(0, 80)}`),
  )

  const durations = new Map<string, number>()
  problems['durata dei video'] = (t.videos ?? []).flatMap((v) => {
    const url = str(v.videoUrl)
    if (!durations.has(url)) {
      const file = path.join(mediaDir, url.replace(/^\/media\//, ''))
      durations.set(url, fs.existsSync(file) ? mp4DurationSeconds(fs.readFileSync(file)) : NaN)
    }
    const real = durations.get(url)!
    // A player shows whole seconds: the label is that number, whichever way the player rounds.
    return Math.floor(real) === v.durationSeconds && Math.round(real) === v.durationSeconds
      ? []
      : [`«${v.title}» dichiara ${v.durationSeconds} s, ${url} dura ${real.toFixed(2)} s`]
  })
  problems['titoli di video ripetuti'] = duplicates((t.videos ?? []).map((v) => str(v.title)))

  // A circuit is regional: its name says the region, and every stage is played there.
  const circuitById = new Map((t.circuits ?? []).map((c) => [num(c.id), c]))
  problems['tappe fuori dalla regione del circuito'] = tournaments.flatMap((x) => {
    if (x.circuitId === null || x.circuitId === undefined) return []
    const circuit = circuitById.get(num(x.circuitId))!
    const region = REGION_NAMES.get(num(x.regionId))!
    return str(circuit.nome).includes(region) ? [] : [`${x.nome} (${region}) tappa di «${circuit.nome}»`]
  })
  problems['circuiti senza regione nel nome'] = (t.circuits ?? []).flatMap((c) =>
    [...REGION_NAMES.values()].some((region) => str(c.nome).includes(region)) ? [] : [str(c.nome)],
  )
  problems['circuiti omonimi nella stessa stagione'] = duplicates(
    (t.circuits ?? []).map((c) => `${c.stagione}: ${c.nome}`),
  )

  // A club's CAP is one of its comune's; a landline carries its town's prefix (only a capital's is known).
  problems['CAP e prefissi dei circoli'] = (t.clubs ?? []).flatMap((c) => {
    const out: string[] = []
    const caps = capsOf(str(c.provincia), str(c.comune))
    if (c.cap === null ? caps.length > 0 : !caps.includes(str(c.cap)))
      out.push(
        `${c.nome}, ${c.comune} (${c.provincia}): CAP ${c.cap}, non tra ${caps.slice(0, 4).join(' ')}…`,
      )
    const phone = str(c.telefono ?? '')
    const prefix = capitalPrefix(str(c.provincia), str(c.comune))
    if (!isMobile(phone) && !(prefix !== undefined && phone.startsWith(prefix)))
      out.push(`${c.nome}, ${c.comune} (${c.provincia}): telefono ${phone}`)
    return out
  })
  problems['cellulari con prefissi inesistenti'] = [...persons.values()].flatMap((p) =>
    p.telefono === null || isMobile(str(p.telefono)) ? [] : [`${p.nome} ${p.cognome}: ${p.telefono}`],
  )

  // A mixed doubles pairs one woman and one man.
  const entries = t.tournament_entries ?? []
  problems['doppi misti senza una donna e un uomo'] = entries.flatMap((e) => {
    const x = tournamentById.get(num(e.tournamentId))!
    if (x.tipo !== 'TR' || x.specialita !== 'doppio' || x.genere !== 'X' || e.partnerId === null) return []
    const sexes = [persons.get(num(e.personId))!.sesso, persons.get(num(e.partnerId))!.sesso].sort().join('')
    return sexes === 'FM' ? [] : [`${x.nome}: coppia ${sexes}`]
  })

  // Whoever is entered in a LIMIT tournament had, when entering, a Power within the limit (server/domain/enrolment.ts).
  const history = new Map<string, Row[]>()
  for (const h of t.power_history ?? []) {
    const key = `${h.personId}:${h.sectorId}`
    history.set(key, [...(history.get(key) ?? []), h])
  }
  for (const rows of history.values()) rows.sort((a, b) => time(a.giocataIl)! - time(b.giocataIl)!)
  const ratings = new Map((t.power_ratings ?? []).map((r) => [`${r.personId}:${r.sectorId}`, num(r.power)]))
  const powerAt = (personId: number, sectorId: number, at: number): number | null => {
    const rows = history.get(`${personId}:${sectorId}`) ?? []
    const before = rows.filter((h) => time(h.giocataIl)! < at).at(-1)
    if (before) return num(before.powerDopo)
    if (rows.length > 0) return num(rows[0]!.powerPrima)
    return ratings.get(`${personId}:${sectorId}`) ?? null
  }
  problems['iscritti oltre il limite di Power'] = entries.flatMap((e) => {
    const x = tournamentById.get(num(e.tournamentId))!
    const limit = levelLimit(str(x.categoria))
    if (limit === null) return []
    return [e.personId, e.partnerId].flatMap((id) => {
      if (id === null || id === undefined) return []
      const power = effectivePower(powerAt(num(id), num(x.sectorId), time(e.iscrittoIl)!))
      const who = persons.get(num(id))!
      return power > limit
        ? [`${who.nome} ${who.cognome}, Power ${power.toFixed(1)}, in ${x.nome} (${x.categoria})`]
        : []
    })
  })

  // A team championship under way or over has its teams.
  const teamsOf = new Map<number, number>()
  for (const team of t.teams ?? [])
    teamsOf.set(num(team.tournamentId), (teamsOf.get(num(team.tournamentId)) ?? 0) + 1)
  problems['campionati a squadre senza squadre'] = tournaments.flatMap((x) =>
    x.tipo === 'CA' && ['in_corso', 'concluso'].includes(str(x.status)) && (teamsOf.get(num(x.id)) ?? 0) < 2
      ? [`${x.nome} (${x.status}): ${teamsOf.get(num(x.id)) ?? 0} squadre`]
      : [],
  )

  Object.assign(problems, championshipProblems(t, referenceDate))

  problems['foto con didascalie che non mostrano'] = (t.tournament_photos ?? []).flatMap((f) =>
    PEOPLE_IN_CAPTION.test(str(f.didascalia)) ? [`«${f.didascalia}» su ${f.url}`] : [],
  )

  return problems
}

/**
 * Team championships a captain would believe (issue 21): the status agrees with the dates and the ties, teams of 4
 * to 10 of the right sex with their captain among them, and standings that are the domain rule applied to the
 * counted ties.
 */
export function championshipProblems(t: SeedTables, referenceDate: string): Record<string, string[]> {
  const problems: Record<string, string[]> = {}
  const counted = (x: Row) => (COUNTED_TIE_STATUSES as readonly string[]).includes(str(x.status))
  const ties = t.team_ties ?? []
  const caTournaments = (t.tournaments ?? []).filter((x) => x.tipo === 'CA')
  const tiesOf = (tournamentId: number) => ties.filter((x) => num(x.tournamentId) === tournamentId)
  problems['campionati con uno stato che non torna con date e incontri'] = (t.championships ?? []).flatMap(
    (c) => {
      const own = caTournaments.filter((x) => num(x.championshipId) === num(c.id))
      const everyCounted = own.every((x) => tiesOf(num(x.id)).every(counted))
      const expected = championshipStatusOn(
        {
          dataInizio: str(c.dataInizio),
          dataFine: str(c.dataFine),
          iscrizioniAl: c.iscrizioniAl ? new Date(c.iscrizioniAl as Date) : null,
        },
        referenceDate,
        new Date(endOfDay(referenceDate)),
        everyCounted,
      )
      return [
        ...(c.status === expected ? [] : [`${c.nome}: ${c.status}, atteso ${expected}`]),
        ...own.flatMap((x) =>
          x.status === c.status ? [] : [`${x.nome}: ${x.status} nel campionato ${c.status}`],
        ),
      ]
    },
  )
  const persons = new Map((t.persons ?? []).map((p) => [num(p.id), p]))
  const tournamentById = new Map(caTournaments.map((x) => [num(x.id), x]))
  const membersOf = new Map<number, Row[]>()
  for (const m of t.team_members ?? [])
    membersOf.set(num(m.teamId), [...(membersOf.get(num(m.teamId)) ?? []), m])
  problems['squadre senza 4–10 giocatori, un capitano o il sesso giusto'] = (t.teams ?? []).flatMap(
    (team) => {
      const members = membersOf.get(num(team.id)) ?? []
      const captains = members.filter((m) => m.ruolo === 'capitano')
      const x = tournamentById.get(num(team.tournamentId))
      const out: string[] = []
      if (members.length < 4 || members.length > 10) out.push(`${team.nome}: ${members.length} giocatori`)
      if (captains.length !== 1 || num(captains[0]!.personId) !== num(team.captainPersonId))
        out.push(`${team.nome}: capitano ${team.captainPersonId} non è l’unico con il ruolo`)
      for (const m of members) {
        const p = persons.get(num(m.personId))
        if (p && x && x.genere !== 'X' && p.sesso !== x.genere)
          out.push(`${team.nome}: ${p.nome} ${p.cognome} (${p.sesso})`)
      }
      return out
    },
  )
  const rubbersOf = new Map<number, Rubber[]>()
  for (const r of t.tie_matches ?? [])
    rubbersOf.set(num(r.tieId), [
      ...(rubbersOf.get(num(r.tieId)) ?? []),
      { vincitore: r.vincitore as Rubber['vincitore'], sets: (r.sets as Rubber['sets']) ?? null },
    ])
  const standingsOf = new Map<number, Row[]>()
  for (const r of t.team_standings ?? [])
    standingsOf.set(num(r.groupId), [...(standingsOf.get(num(r.groupId)) ?? []), r])
  problems['classifiche dei gironi diverse dagli incontri confermati'] = [...standingsOf].flatMap(
    ([groupId, rows]) => {
      const stored = [...rows].sort((a, b) => num(a.posizione) - num(b.posizione))
      const groupTeams = (t.teams ?? []).filter((x) => num(x.groupId) === groupId).map((x) => num(x.id))
      const countedTies: CountedTie[] = ties
        .filter((x) => num(x.groupId) === groupId && counted(x))
        .map((x) => ({
          homeTeamId: num(x.homeTeamId),
          awayTeamId: num(x.awayTeamId),
          rubbers: rubbersOf.get(num(x.id)) ?? [],
        }))
      const computed = teamStandings(groupTeams, countedTies).map((r) => [
        r.teamId,
        r.punti,
        r.giocati,
        r.vinti,
        r.persi,
      ])
      const kept = stored.map((r) => [
        num(r.teamId),
        num(r.punti),
        num(r.giocati),
        num(r.vinti),
        num(r.persi),
      ])
      return JSON.stringify(computed) === JSON.stringify(kept) ? [] : [`girone ${groupId}`]
    },
  )
  problems['incontri con un risultato nel futuro o senza risultato nel passato'] = ties.flatMap((x) => {
    const day = todayOf(x.dataConfermata ?? x.dataProposta)
    const withResult = x.puntiCasa !== null && x.puntiCasa !== undefined
    if (withResult && (day === null || day > referenceDate)) return [`incontro ${x.id}: risultato il ${day}`]
    if (!withResult && day !== null && day < referenceDate) return [`incontro ${x.id}: ${x.status} il ${day}`]
    return []
  })
  // The deadline runner acts on `scadeIl`: a tie waiting for lineups or an answer has the machine's deadline, and
  // it falls after the reference day (the data stays as generated all that day); no other tie has one.
  problems['incontri con una scadenza che non torna con lo stato'] = ties.flatMap((x) => {
    const start = time(x.dataConfermata)
    const entered = time(x.risultatoInseritoIl)
    const expected =
      tieDeadlineOf(
        tieStateOf(str(x.status)),
        start === null ? null : new Date(start),
        new Date(entered ?? endOfDay(referenceDate)),
      )?.getTime() ?? null
    const stored = time(x.scadeIl)
    const words = (ms: number | null) => (ms === null ? 'nessuna' : new Date(ms).toISOString())
    if (stored !== expected)
      return [`incontro ${x.id} (${x.status}): scadenza ${words(stored)}, attesa ${words(expected)}`]
    if (stored !== null && stored <= endOfDay(referenceDate))
      return [`incontro ${x.id} (${x.status}): scade il ${words(stored)}, il giorno dei dati`]
    return []
  })
  problems['campionati con le iscrizioni aperte senza squadre'] = caTournaments.flatMap((x) =>
    x.status === 'iscrizioni_aperte' && !(t.teams ?? []).some((team) => num(team.tournamentId) === num(x.id))
      ? [str(x.nome)]
      : [],
  )
  return problems
}

/** The day in Italy (+01:00, as the generator writes) of an instant. */
function todayOf(v: unknown): string | null {
  const ms = time(v)
  return ms === null ? null : new Date(ms + 3_600_000).toISOString().slice(0, 10)
}

/** Only the invariants that have offending cases, for `expect(...).toEqual({})`. */
export function brokenInvariants(problems: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(problems)
      .filter(([, cases]) => cases.length > 0)
      .map(([name, cases]) => [
        name,
        cases.slice(0, 5).concat(cases.length > 5 ? [`… e altri ${cases.length - 5}`] : []),
      ]),
  )
}
