// Seed area. News, videos and banners.
// Plain functions of the generator's shared state `gen` (server/seed/generate.ts), called in order by its run().
import { DISCIPLINES } from '../../../contract/constants.ts'
import { NEWS_TYPES } from '../../db/reference.ts'
import { bannerClicks, banners, news, newsComments, videos } from '../../db/schema/content.ts'
import { commenterName, slugify } from '../../domain/news.ts'
import * as T from '../texts.ts'
import {
  DISCIPLINE_OF_SECTOR,
  DISCIPLINE_BY_ID,
  addDays,
  at,
  withArticle,
  withPrepositionA,
} from '../shared.ts'
import type { SeedGenerator } from '../generate.ts'

export function generateContent(gen: SeedGenerator) {
  const editor = gen.demoAccountIds[3]!
  const concluded = gen.tournamentInfos.filter((t) => t.status === 'concluso' && t.entries.length > 0)
  const upcoming = gen.tournamentInfos.filter((t) => t.status === 'iscrizioni_aperte')
  const people = new Map(gen.people.map((p) => [p.id, p]))
  const slugs = new Set<string>()
  const newsIds: { id: number; publishedAt: Date | null; disciplineId: number | null }[] = []
  for (let n = 0; n < gen.scale.news; n++) {
    const kind = gen.rng.weighted([
      { weight: 35, value: 'risultati' },
      { weight: 20, value: 'comunicati' },
      { weight: 20, value: 'eventi' },
      { weight: 10, value: 'interviste' },
      { weight: 8, value: 'regolamenti' },
      { weight: 7, value: 'giovanili' },
    ])
    let title: string
    let summary: string
    let paragraphs: string[]
    let disciplineId: number | null
    let sectorId: number | null = null
    let publishedAt: Date | null = at(addDays(gen.refDay, -gen.rng.int(0, 365)), gen.rng.int(7, 19))
    const tournament =
      kind === 'risultati' && concluded.length > 0
        ? gen.rng.pick(concluded)
        : kind === 'eventi' && upcoming.length > 0
          ? gen.rng.pick(upcoming)
          : null
    if (tournament && kind === 'risultati') {
      const winnerId = gen.winners.get(tournament.id) ?? tournament.entries[0]!.personId
      const entry = tournament.entries.find((e) => e.personId === winnerId)
      const winner = people.get(winnerId)!
      const partner = entry?.partnerId ? people.get(entry.partnerId) : undefined
      const names = partner
        ? `${winner.nome} ${winner.cognome} e ${partner.nome} ${partner.cognome}`
        : `${winner.nome} ${winner.cognome}`
      const sport = DISCIPLINE_BY_ID.get(tournament.disciplineId)!.nome.toLowerCase()
      disciplineId = tournament.disciplineId
      sectorId = tournament.sectorId
      title = `${names} ${partner ? 'vincono' : 'vince'} ${withArticle(tournament.nome)}`
      summary = `Successo di ${names} ${withPrepositionA(tournament.nome)}, al termine di ${tournament.entries.length > 16 ? 'un tabellone molto partecipato' : `giornate di grande ${sport}`}.`
      paragraphs = [
        `Calato il sipario su ${withArticle(tournament.nome)}, con ${tournament.entries.length} ${tournament.doubles ? 'coppie' : 'giocatori'} al via.`,
        `Il titolo è andato a ${names}, che ${partner ? 'conquistano' : 'conquista'} i punti del vincitore per la race annuale e la classifica nazionale.`,
        'Tabellone completo, risultati e foto sono disponibili nella pagina del torneo.',
      ]
      publishedAt = at(addDays(tournament.dataFine, 1), 10)
    } else if (tournament && kind === 'eventi') {
      const from = tournament.dataInizio.split('-').reverse().join('/')
      disciplineId = tournament.disciplineId
      sectorId = tournament.sectorId
      title = `Aperte le iscrizioni per ${withArticle(tournament.nome)}`
      summary = `Dal ${from} si gioca ${withArticle(tournament.nome)}: iscrizioni aperte sul portale.`
      paragraphs = [
        `Sono aperte le iscrizioni per ${withArticle(tournament.nome)}, in programma dal ${from}.`,
        'Le iscrizioni si chiudono tre giorni prima dell’inizio; superato il numero massimo si entra in lista d’attesa.',
      ]
      publishedAt = at(addDays(tournament.dataInizio, -38), 9)
    } else if (kind === 'interviste') {
      const player = gen.rng.pick(gen.people)
      disciplineId = DISCIPLINE_OF_SECTOR.get(player.sectorId)!
      sectorId = player.sectorId
      title = `Intervista a ${player.nome} ${player.cognome}: «Il segreto è divertirsi»`
      summary = `Abbiamo incontrato ${player.nome} ${player.cognome}, tesserato da anni e sempre presente nei tornei della sua regione.`
      paragraphs = [
        `${player.nome}, come hai iniziato? «Per caso, accompagnando un amico al circolo. Da lì non ho più smesso.»`,
        '«Il Power mi ha aiutato a trovare avversari del mio livello: le partite sono più equilibrate e divertenti.»',
        '«Il consiglio per chi inizia? Giocare tanto, anche le sfide con gli amici, e non guardare troppo la classifica.»',
      ]
    } else {
      const a = T.ANNOUNCEMENTS[n % T.ANNOUNCEMENTS.length]!
      disciplineId = gen.rng.chance(0.3) ? null : gen.rng.pick(DISCIPLINES).id
      const discipline = disciplineId ? DISCIPLINE_BY_ID.get(disciplineId)!.nome : null
      title = discipline ? `${a.title} – ${discipline}` : a.title
      summary = a.summary
      paragraphs = a.paragraphs
    }
    const typeId = NEWS_TYPES.find((t) => t.codice === kind)!.id
    const id = gen.nextId('news')
    // The live rule of news/news/add (titles are never empty, so never the fallback).
    let slug = slugify(title)
    if (slugs.has(slug)) slug = `${slug}-${id}`
    slugs.add(slug)
    if (n === 0) publishedAt = null // a draft, visible to editors only
    if (n === 1) publishedAt = at(addDays(gen.refDay, 3), 8) // scheduled
    if (publishedAt && publishedAt > gen.now && n > 1) publishedAt = gen.now
    gen.add(news, {
      id,
      typeId,
      disciplineId,
      sectorId,
      title,
      slug,
      summary,
      body: paragraphs.map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`).join('\n'),
      image: `/media/news/news-${(id % 24) + 1}.jpg`,
      imageAlt: title,
      featured: gen.rng.chance(0.1),
      publishedAt,
      authorAccountId: editor,
      createdAt: publishedAt ?? gen.now,
      updatedAt: publishedAt ?? gen.now,
    })
    newsIds.push({ id, publishedAt, disciplineId })
  }
  for (const item of newsIds) {
    if (!item.publishedAt || item.publishedAt > gen.now || gen.portalAccounts.length === 0) continue
    for (let k = 0; k < gen.rng.int(0, 4); k++) {
      const author = gen.rng.pick(gen.portalAccounts)
      gen.add(newsComments, {
        newsId: item.id,
        accountId: author.id,
        // As news/commento/add shows a commenter: first name and initial, never the full name.
        autore: commenterName(author),
        testo: gen.rng.pick(T.NEWS_COMMENTS),
        visibile: gen.rng.chance(0.97),
        createdAt: new Date(
          Math.min(gen.now.getTime(), item.publishedAt.getTime() + gen.rng.int(1, 96) * 3_600_000),
        ),
      })
    }
  }
  const published = newsIds.filter((x) => x.publishedAt && x.publishedAt <= gen.now)
  for (let v = 0; v < gen.scale.videos; v++) {
    const linked = published.length > 0 && gen.rng.chance(0.5) ? gen.rng.pick(published) : null
    const disciplineId = linked?.disciplineId ?? gen.rng.pick(DISCIPLINES).id
    const id = gen.nextId('videos')
    const title = `${gen.rng.pick(T.VIDEO_TITLES)} – ${DISCIPLINE_BY_ID.get(disciplineId)!.nome}`
    gen.add(videos, {
      id,
      newsId: linked?.id ?? null,
      disciplineId,
      title,
      description: `${title}: il video della federazione.`,
      videoUrl: `/media/video/video-${(id % 6) + 1}.mp4`,
      posterUrl: `/media/video/poster-${(id % 6) + 1}.jpg`,
      durationSeconds: gen.rng.int(45, 600),
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
