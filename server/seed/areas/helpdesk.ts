// Seed area. Help-desk requests and the comments and photos of tournaments and championships.
// Plain functions of the generator's shared state `gen` (server/seed/generate.ts), called in order by its run().
import {
  championshipComments,
  helpdeskRequests,
  tournamentComments,
  tournamentPhotos,
} from '../../db/schema/domain.ts'
import * as T from '../texts.ts'
import { commenterName } from '../../domain/news.ts'
import { DEMO_PEOPLE, TESSERA_PREFIX, addDays, at, dayNumber, isoOfDay } from '../shared.ts'
import type { SeedGenerator } from '../generate.ts'

export function generateHelpdeskAndComments(gen: SeedGenerator) {
  const requesters = [
    {
      id: gen.demoAccountIds[0]!,
      personId: 1,
      name: `${DEMO_PEOPLE[0]!.nome} ${DEMO_PEOPLE[0]!.cognome}`,
    },
    ...gen.portalAccounts,
  ]
  const people = new Map(gen.people.map((p) => [p.id, p]))
  for (let h = 0; h < gen.scale.helpdesk; h++) {
    const createdAt = at(addDays(gen.refDay, -gen.rng.int(0, 120)), gen.rng.int(8, 20))
    // Demo requests first; then people whose account existed when they wrote.
    const account = h < 2 ? requesters[0]! : (gen.accountBefore(createdAt) ?? requesters[0]!)
    const person = people.get(account.personId)!
    const categoryId = gen.rng.weighted([
      { weight: 6, value: 1 },
      { weight: 3, value: 2 },
      { weight: 1, value: 3 },
    ])
    const text = gen.rng.pick(T.HELPDESK_TEXTS)
    const status = gen.rng.weighted([
      { weight: 3, value: 'aperta' },
      { weight: 2, value: 'in_lavorazione' },
      { weight: 5, value: 'chiusa' },
    ])
    gen.add(helpdeskRequests, {
      accountId: account.id,
      categoryId,
      subjectId: categoryId * 100 + gen.rng.int(1, 4),
      sectorId: person.sectorId,
      codiceTessera: `${TESSERA_PREFIX[person.sectorId]}${String(gen.refYear).slice(2)}${String(person.id).padStart(7, '0')}`,
      nome: account.name,
      email: person.email,
      oggetto: text.oggetto,
      messaggio: text.messaggio,
      status,
      risposta: status === 'chiusa' ? gen.rng.pick(T.HELPDESK_ANSWERS) : null,
      rispostaIl: status === 'chiusa' ? new Date(createdAt.getTime() + gen.rng.int(2, 72) * 3_600_000) : null,
      createdAt,
    })
  }
  if (gen.portalAccounts.length === 0) return
  for (const t of gen.tournamentInfos) {
    if ((t.status !== 'concluso' && t.status !== 'in_corso') || t.entries.length === 0) continue
    if (gen.rng.chance(0.35)) {
      // While it runs, people talk about courts and times; afterwards about the final and the prize-giving.
      // Comments are dated when they could be written: during the days played so far, or the evenings after.
      const running = t.status === 'in_corso'
      const first = dayNumber(t.dataInizio)
      const last = running
        ? Math.min(dayNumber(gen.refDay) - 1, dayNumber(t.dataFine))
        : dayNumber(t.dataFine) + 2
      const texts = gen.rng.sample(
        T.TOURNAMENT_COMMENTS[running ? 'in_corso' : 'concluso'],
        gen.rng.int(1, 4),
      )
      texts.forEach((testo, k) => {
        const day = running
          ? gen.rng.int(first, Math.max(first, last))
          : gen.rng.int(dayNumber(t.dataFine), last)
        const createdAt = at(isoOfDay(day), running ? 20 : 18 + k, gen.rng.int(0, 59))
        if (createdAt > gen.now) return
        const author = gen.accountBefore(createdAt)
        if (!author) return
        gen.add(tournamentComments, {
          tournamentId: t.id,
          accountId: author.id,
          // One rule for every commenter the portal shows: first name and initial.
          autore: commenterName(author),
          testo,
          visibile: true,
          createdAt,
        })
      })
    }
    if (t.status === 'concluso' && gen.rng.chance(0.3)) {
      for (let k = 0; k < gen.rng.int(2, 6); k++) {
        gen.add(tournamentPhotos, {
          tournamentId: t.id,
          url: `/media/tornei/foto-${((t.id * 7 + k) % 30) + 1}.jpg`,
          didascalia: T.PHOTO_CAPTIONS[Math.min(k, T.PHOTO_CAPTIONS.length - 1)],
          ordine: k,
          createdAt: at(t.dataFine, 20),
        })
      }
    }
  }
  for (const t of gen.teamTournaments) {
    const over = t.dataFine < gen.refDay
    const texts = gen.rng.sample(T.CHAMPIONSHIP_COMMENTS[over ? 'concluso' : 'in_corso'], gen.rng.int(0, 3))
    texts.forEach((testo, k) => {
      const createdAt = over ? at(addDays(t.dataFine, k + 1), 21) : at(addDays(t.dataInizio, 7 * k + 6), 21)
      if (createdAt > gen.now) return
      const author = gen.accountBefore(createdAt)
      if (!author) return
      gen.add(championshipComments, {
        tournamentId: t.id,
        accountId: author.id,
        autore: commenterName(author),
        testo,
        createdAt,
      })
    })
  }
}
