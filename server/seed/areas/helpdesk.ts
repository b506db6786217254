// Seed area. Help-desk requests and the comments and photos of tournaments and championships.
// Plain functions of the generator's shared state `gen` (server/seed/generate.ts), called in order by its run().
import {
  championshipComments,
  helpdeskRequests,
  tournamentComments,
  tournamentPhotos,
} from '../../db/schema/domain.ts'
import * as T from '../texts.ts'
import { DEMO_PEOPLE, TESSERA_PREFIX, addDays, at } from '../shared.ts'
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
    const account = h < 2 ? requesters[0]! : gen.rng.pick(requesters)
    const person = people.get(account.personId)!
    const categoryId = gen.rng.weighted([
      { weight: 6, value: 1 },
      { weight: 3, value: 2 },
      { weight: 1, value: 3 },
    ])
    const text = gen.rng.pick(T.HELPDESK_TEXTS)
    const createdAt = at(addDays(gen.refDay, -gen.rng.int(0, 120)), gen.rng.int(8, 20))
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
      for (let k = 0; k < gen.rng.int(1, 4); k++) {
        const author = gen.rng.pick(gen.portalAccounts)
        gen.add(tournamentComments, {
          tournamentId: t.id,
          accountId: author.id,
          autore: author.name,
          testo: gen.rng.pick(T.TOURNAMENT_COMMENTS),
          visibile: true,
          createdAt: at(t.dataFine, 18 + k),
        })
      }
    }
    if (t.status === 'concluso' && gen.rng.chance(0.3)) {
      for (let k = 0; k < gen.rng.int(2, 6); k++) {
        gen.add(tournamentPhotos, {
          tournamentId: t.id,
          url: `/media/tornei/foto-${((t.id * 7 + k) % 30) + 1}.jpg`,
          didascalia: k === 0 ? 'La premiazione' : k === 1 ? 'La finale' : `Una fase di gioco`,
          ordine: k,
          createdAt: at(t.dataFine, 20),
        })
      }
    }
  }
  for (const t of gen.teamTournaments) {
    for (let k = 0; k < gen.rng.int(0, 3); k++) {
      const author = gen.rng.pick(gen.portalAccounts)
      gen.add(championshipComments, {
        tournamentId: t.id,
        accountId: author.id,
        autore: author.name,
        testo: gen.rng.pick(T.TOURNAMENT_COMMENTS),
        createdAt: at(addDays(t.dataInizio, 7 * k + 6), 21),
      })
    }
  }
}
