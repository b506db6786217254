// Seed area. News, videos and banners.
// Plain functions of the generator's shared state `gen` (server/seed/generate.ts), called in order by its run().
import { DISCIPLINES } from '../../../contract/constants.ts'
import { dayOfMonth, withPreposition } from '../../../contract/date-words.ts'
import { VIDEO_CLIPS } from '../../media/clips.ts'
import { NEWS_TYPES } from '../../db/reference.ts'
import { bannerClicks, banners, news, newsComments, videos } from '../../db/schema/content.ts'
import { commenterName, slugify } from '../../domain/news.ts'
import * as T from '../texts.ts'
import {
  DISCIPLINE_OF_SECTOR,
  DISCIPLINE_BY_ID,
  addDays,
  agree,
  at,
  withArticle,
  withPrepositionA,
  withPrepositionDi,
  withPrepositionSu,
} from '../shared.ts'
import type { SeedGenerator } from '../generate.ts'
import type { TournamentInfo } from '../shared.ts'
import { joinWithE, personName, toWhom } from '../../../contract/words.ts'

type Discipline = (typeof DISCIPLINES)[number]

type NewsItem = {
  kind: T.NewsKind
  title: string
  summary: string
  paragraphs: string[]
  disciplineId: number | null
  sectorId: number | null
  publishedAt: Date
  tournament?: TournamentInfo
  /** Comments that fit what the news tells. */
  comments: readonly string[]
}

const month = new Intl.DateTimeFormat('it-IT', { month: 'long', timeZone: 'UTC' })
/** "16 dicembre", "1° dicembre", as the portal writes a date in a sentence (contract/date-words.ts). */
const longDate = (day: string) =>
  `${dayOfMonth(Number(day.slice(8, 10)))} ${month.format(new Date(`${day}T00:00:00Z`))}`
/** "dal 16 dicembre", "dall’8 dicembre", "dall’11 dicembre". */
const dal = (day: string) => withPreposition('dal', longDate(day))
/** "al 3 dicembre", "all’8 dicembre". */
const al = (day: string) => withPreposition('al', longDate(day))
/** "dal 3 al 5 maggio", "dal 30 aprile al 2 maggio". */
const period = (from: string, to: string) =>
  from.slice(0, 7) === to.slice(0, 7)
    ? `${dal(from).replace(/ [^ ]+$/, '')} ${al(to)}`
    : `${dal(from)} ${al(to)}`
const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')

export function generateContent(gen: SeedGenerator) {
  const editor = gen.demoAccountIds[3]!
  // Each tournament, announcement and person is told once: the same story twice in a list is what a visitor
  // notices first. Stories are drawn from shuffled stocks; a kind whose stock is over gives way to results.
  const concluded = gen.rng.shuffle(
    gen.tournamentInfos.filter((t) => t.status === 'concluso' && t.entries.length > 0),
  )
  const upcoming = gen.rng.shuffle(gen.tournamentInfos.filter((t) => t.status === 'iscrizioni_aperte'))
  const people = new Map(gen.people.map((p) => [p.id, p]))
  const announcements = new Map<T.NewsKind, { a: (typeof T.ANNOUNCEMENTS)[number]; d: Discipline | null }[]>()
  for (const a of T.ANNOUNCEMENTS) {
    const list = announcements.get(a.kind) ?? []
    for (const d of a.perDiscipline ? DISCIPLINES : [null]) list.push({ a, d })
    announcements.set(a.kind, list)
  }
  for (const [kind, list] of announcements) announcements.set(kind, gen.rng.shuffle(list))
  const interviewed = new Set<number>()
  const randomDay = () => at(addDays(gen.refDay, -gen.rng.int(0, 365)), gen.rng.int(7, 19))

  const results = (): NewsItem | undefined => {
    const tournament = concluded.pop()
    if (!tournament) return undefined
    const winnerId = gen.winners.get(tournament.id) ?? tournament.entries[0]!.personId
    const entry = tournament.entries.find((e) => e.personId === winnerId)
    const winner = people.get(winnerId)!
    const partner = entry?.partnerId ? people.get(entry.partnerId) : undefined
    const names = joinWithE([winner, ...(partner ? [partner] : [])].map(personName))
    const sport = DISCIPLINE_BY_ID.get(tournament.disciplineId)!.nome.toLowerCase()
    return {
      kind: 'risultati',
      tournament,
      disciplineId: tournament.disciplineId,
      sectorId: tournament.sectorId,
      title: `${names} ${partner ? 'vincono' : 'vince'} ${withArticle(tournament.nome)}`,
      summary: `Successo di ${names} ${withPrepositionA(tournament.nome)}, al termine di ${tournament.entries.length > 16 ? 'un tabellone molto partecipato' : `giornate di grande ${sport}`}.`,
      paragraphs: [
        `Calato il sipario ${withPrepositionSu(tournament.nome)}, con ${tournament.entries.length} ${tournament.doubles ? 'coppie' : 'giocatori'} al via.`,
        `Il titolo è andato ${toWhom(names)}, che ${partner ? 'conquistano' : 'conquista'} i punti del vincitore per la race annuale e la classifica nazionale.`,
        'Tabellone completo, risultati e foto sono disponibili nella pagina del torneo.',
      ],
      publishedAt: at(addDays(tournament.dataFine, 1), 10),
      comments: T.NEWS_COMMENTS.risultati,
    }
  }

  const event = (): NewsItem | undefined => {
    const tournament = upcoming.pop()
    if (!tournament) return undefined
    const torneo = withArticle(tournament.nome)
    const from = dal(tournament.dataInizio)
    const until = al(addDays(tournament.dataInizio, -3))
    // Several ways of saying it: a list of news all starting "Aperte le iscrizioni" reads like a machine.
    const title = gen.rng.pick([
      `Aperte le iscrizioni per ${torneo}`,
      `${capitalize(torneo)} apre le iscrizioni`,
      `${capitalize(from)} ${torneo}: come iscriversi`,
      `${tournament.nome}, iscrizioni aperte fino ${until}`,
    ])
    return {
      kind: 'eventi',
      tournament,
      disciplineId: tournament.disciplineId,
      sectorId: tournament.sectorId,
      title,
      summary: `${capitalize(from)} si gioca ${torneo}: ci si iscrive sul portale fino ${until}.`,
      paragraphs: [
        `Sono aperte le iscrizioni per ${torneo}, in programma ${from}.`,
        'Le iscrizioni si chiudono tre giorni prima dell’inizio; superato il numero massimo si entra in lista d’attesa.',
      ],
      publishedAt: at(addDays(tournament.dataInizio, -38), 9),
      comments: T.NEWS_COMMENTS.eventi,
    }
  }

  const interview = (): NewsItem | undefined => {
    let player = gen.rng.pick(gen.people)
    for (let tries = 0; interviewed.has(player.id) && tries < 20; tries++) player = gen.rng.pick(gen.people)
    if (interviewed.has(player.id)) return undefined
    interviewed.add(player.id)
    const name = personName(player)
    return {
      kind: 'interviste',
      disciplineId: DISCIPLINE_OF_SECTOR.get(player.sectorId)!,
      sectorId: player.sectorId,
      title: `Intervista ${toWhom(name)}: «${agree(gen.rng.pick(T.INTERVIEW_TITLES), player.sesso)}»`,
      summary: agree(
        `Abbiamo incontrato ${name}, tesserat{o|a} da anni e sempre presente nei tornei della sua regione.`,
        player.sesso,
      ),
      paragraphs: [
        `${player.nome}, come hai iniziato? ${agree(gen.rng.pick(T.INTERVIEW_OPENINGS), player.sesso)}`,
        agree(gen.rng.pick(T.INTERVIEW_ANSWERS), player.sesso),
        agree(gen.rng.pick(T.INTERVIEW_ADVICE), player.sesso),
      ],
      publishedAt: randomDay(),
      comments: T.NEWS_COMMENTS.interviste,
    }
  }

  const announcement = (kind: T.NewsKind): NewsItem | undefined => {
    const next = announcements.get(kind)?.pop()
    if (!next) return undefined
    const { a, d } = next
    let publishedAt = randomDay()
    let anno = gen.refYear
    if (a.month !== undefined) {
      // The latest such month already begun: a December news opens the next season.
      const mm = String(a.month).padStart(2, '0')
      const year = `${gen.refYear}-${mm}-10` <= gen.refDay ? gen.refYear : gen.refYear - 1
      publishedAt = at(`${year}-${mm}-${String(gen.rng.int(1, 9)).padStart(2, '0')}`, gen.rng.int(8, 12))
      anno = a.month === 12 ? year + 1 : year
    }
    const fill = (text: string) =>
      text
        .replaceAll('{disciplina}', d?.nome.toLowerCase() ?? '')
        .replaceAll('{Disciplina}', d?.nome ?? '')
        .replaceAll('{anno}', String(anno))
    return {
      kind,
      disciplineId: d?.id ?? null,
      sectorId: null,
      title: fill(a.title),
      summary: fill(a.summary),
      paragraphs: a.paragraphs.map(fill),
      publishedAt,
      comments: kind === 'eventi' ? T.NEWS_COMMENTS.iniziative : T.NEWS_COMMENTS[kind],
    }
  }

  const story = (kind: T.NewsKind): NewsItem | undefined =>
    kind === 'risultati'
      ? results()
      : kind === 'interviste'
        ? interview()
        : kind === 'eventi'
          ? (event() ?? announcement('eventi'))
          : announcement(kind)

  const slugs = new Set<string>()
  const newsIds: { id: number; item: NewsItem; publishedAt: Date | null }[] = []
  for (let n = 0; n < gen.scale.news; n++) {
    const kind = gen.rng.weighted<T.NewsKind>([
      { weight: 35, value: 'risultati' },
      { weight: 20, value: 'comunicati' },
      { weight: 20, value: 'eventi' },
      { weight: 10, value: 'interviste' },
      { weight: 8, value: 'regolamenti' },
      { weight: 7, value: 'giovanili' },
    ])
    const item = story(kind) ?? results() ?? interview()
    if (!item) break
    const typeId = NEWS_TYPES.find((t) => t.codice === item.kind)!.id
    const id = gen.nextId('news')
    // The live rule of news/news/add (titles are never empty, so never the fallback).
    let slug = slugify(item.title)
    if (slugs.has(slug)) slug = `${slug}-${id}`
    slugs.add(slug)
    let publishedAt: Date | null = item.publishedAt
    if (n === 0) publishedAt = null // a draft, visible to editors only
    if (n === 1) publishedAt = at(addDays(gen.refDay, 3), 8) // scheduled
    if (publishedAt && publishedAt > gen.now && n > 1) publishedAt = gen.now
    gen.add(news, {
      id,
      typeId,
      disciplineId: item.disciplineId,
      sectorId: item.sectorId,
      title: item.title,
      slug,
      summary: item.summary,
      body: item.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n'),
      image: `/media/news/news-${(id % 24) + 1}.jpg`,
      imageAlt: item.title,
      featured: gen.rng.chance(0.1),
      publishedAt,
      authorAccountId: editor,
      createdAt: publishedAt ?? gen.now,
      updatedAt: publishedAt ?? gen.now,
    })
    newsIds.push({ id, item, publishedAt })
  }
  for (const { id: newsId, item, publishedAt } of newsIds) {
    if (!publishedAt || publishedAt > gen.now || gen.portalAccounts.length === 0) continue
    // Different words from different people: nobody posts the same line twice under one news.
    for (const testo of gen.rng.sample(item.comments, gen.rng.int(0, 4))) {
      const createdAt = new Date(
        Math.min(gen.now.getTime(), publishedAt.getTime() + gen.rng.int(1, 96) * 3_600_000),
      )
      const author = gen.accountBefore(createdAt)
      if (!author) continue
      gen.add(newsComments, {
        newsId,
        accountId: author.id,
        // As news/commento/add shows a commenter: first name and initial, never the full name.
        autore: commenterName(author),
        testo,
        visibile: gen.rng.chance(0.97),
        createdAt,
      })
    }
  }
  // Videos: a moment of a tournament told by a news, or a technical gesture; each title once.
  const clips = gen.rng.shuffle(
    newsIds.filter((x) => x.item.kind === 'risultati' && x.publishedAt && x.publishedAt <= gen.now),
  )
  const lessons = gen.rng.shuffle(
    DISCIPLINES.flatMap((d) => T.VIDEO_LESSONS.map((lesson) => ({ d, lesson }))),
  )
  for (let v = 0; v < gen.scale.videos; v++) {
    const linked = clips.length > 0 && (gen.rng.chance(0.5) || lessons.length === 0) ? clips.pop()! : null
    const lesson = linked ? null : lessons.pop()
    if (!linked && !lesson) break
    const disciplineId = linked?.item.disciplineId ?? lesson!.d.id
    const title = linked
      ? `${gen.rng.pick(T.VIDEO_TITLES_OF_TOURNAMENT)}: ${linked.item.tournament!.nome}`
      : `Il gesto tecnico: ${lesson!.lesson} – ${lesson!.d.nome}`
    const played = linked?.item.tournament
    const description = played
      ? `Le immagini ${withPrepositionDi(played.nome)}, ${period(played.dataInizio, played.dataFine)}.`
      : `Come si esegue ${lesson!.lesson}: i consigli dei tecnici federali di ${lesson!.d.nome.toLowerCase()}.`
    const id = gen.nextId('videos')
    // The clip's real length: the label a visitor reads is what the player shows.
    const clip = VIDEO_CLIPS[id % VIDEO_CLIPS.length]!
    gen.add(videos, {
      id,
      newsId: linked?.id ?? null,
      disciplineId,
      title,
      description,
      videoUrl: `/media/video/${clip.video}`,
      posterUrl: `/media/video/${clip.poster}`,
      durationSeconds: clip.seconds,
      publishedAt: linked?.publishedAt ?? at(addDays(gen.refDay, -gen.rng.int(0, 300)), 12),
    })
  }
  // Banners: for each discipline and position, active now, plus one expired and one scheduled.
  const bannerIdeas = [
    { position: 'home_top', title: 'Rinnova la tessera', link: '/elenco-tessere' },
    { position: 'home_top', title: 'Scopri il calendario dei tornei', link: '/tornei/calendario-tornei' },
    {
      position: 'home_middle',
      title: 'Campionati a squadre: segui la tua squadra',
      link: '/tornei/campionati-squadre',
    },
    { position: 'home_sidebar', title: 'Cerca un compagno per il prossimo torneo', link: '/home' },
    { position: 'tornei', title: 'Circuiti della stagione', link: '/tornei/circuiti-tornei' },
    { position: 'classifiche', title: 'Come funziona il Power', link: '/regolamenti' },
    { position: 'news', title: 'Guarda i video della settimana', link: '/news' },
  ]
  const bannerIds: number[] = []
  for (const discipline of [null, ...DISCIPLINES]) {
    const ideas = discipline ? bannerIdeas : bannerIdeas.slice(0, 2)
    ideas.forEach((idea, k) => {
      const id = gen.nextId('banners')
      const window =
        k === 0 && discipline
          ? { activeFrom: at(addDays(gen.refDay, -90), 0), activeTo: at(addDays(gen.refDay, -5), 0) }
          : k === 1 && discipline
            ? { activeFrom: at(addDays(gen.refDay, 10), 0), activeTo: at(addDays(gen.refDay, 40), 0) }
            : {
                activeFrom: at(addDays(gen.refDay, -30), 0),
                activeTo: at(addDays(gen.refDay, 60 + k * 10), 0),
              }
      gen.add(banners, {
        id,
        disciplineId: discipline?.id ?? null,
        position: idea.position,
        title: discipline ? `${idea.title} – ${discipline.nome}` : idea.title,
        image: `/media/banner/${idea.position}-${discipline?.codice ?? 'tutte'}.jpg`,
        imageAlt: idea.title,
        link: idea.link,
        external: false,
        ordine: k,
        ...window,
        enabled: true,
      })
      if (window.activeFrom <= gen.now) bannerIds.push(id)
    })
  }
  for (const bannerId of bannerIds) {
    for (let k = 0; k < gen.rng.int(0, 12); k++) {
      const account =
        gen.portalAccounts.length > 0 && gen.rng.chance(0.4) ? gen.rng.pick(gen.portalAccounts).id : null
      gen.add(bannerClicks, {
        bannerId,
        accountId: account,
        path: '/home',
        at: at(addDays(gen.refDay, -gen.rng.int(0, 29)), gen.rng.int(7, 23)),
      })
    }
  }
}
