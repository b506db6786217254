// Seed area. Partner search: listings and requests.
// Plain functions of the generator's shared state `gen` (server/seed/generate.ts), called in order by its run().
import { SECTOR_IDS } from '../../../contract/constants.ts'
import { partnerListings, partnerRequests } from '../../db/schema/domain.ts'
import * as T from '../texts.ts'
import { DISCIPLINE_OF_SECTOR, DAY, addDays, at } from '../shared.ts'
import type { SeedGenerator } from '../generate.ts'

export function generatePartnerSearch(gen: SeedGenerator) {
  const open = gen.tournamentInfos.filter((t) => t.status === 'iscrizioni_aperte' && t.doubles)
  const doublesSectors = [
    { weight: 5, value: SECTOR_IDS.PADEL },
    { weight: 3, value: SECTOR_IDS.BEACH },
    { weight: 1, value: SECTOR_IDS.PICKLEBALL },
    { weight: 1, value: SECTOR_IDS.TENNIS },
  ]
  const levels = ['principiante', 'intermedio', 'avanzato', 'agonista']
  for (let l = 0; l < gen.scale.listings; l++) {
    const sectorId = gen.rng.weighted(doublesSectors)
    const person = gen.rng.pick(gen.peopleBySector.get(sectorId)!)
    const candidates = open.filter((t) => t.sectorId === sectorId)
    const tournament = candidates.length > 0 && gen.rng.chance(0.5) ? gen.rng.pick(candidates) : null
    const createdAt = at(addDays(gen.refDay, -gen.rng.int(0, 45)), gen.rng.int(8, 22))
    const id = gen.nextId('partner_listings')
    const status = gen.rng.chance(0.8) ? 'attivo' : 'chiuso'
    gen.add(partnerListings, {
      id,
      personId: person.id,
      disciplineId: DISCIPLINE_OF_SECTOR.get(sectorId)!,
      sectorId,
      tournamentId: tournament?.id ?? null,
      provincia: person.provincia,
      livello:
        person.skill > 70 ? 'agonista' : person.skill > 50 ? 'avanzato' : gen.rng.pick(levels.slice(0, 2)),
      disponibilita: gen.rng.pick(T.AVAILABILITY),
      messaggio: gen.rng.pick(T.PARTNER_MESSAGES[person.sesso]),
      status,
      scadeIl: new Date(createdAt.getTime() + 30 * DAY),
      createdAt,
    })
    const requesters = gen.pickEntrants(
      sectorId,
      person.regionId,
      'X',
      gen.rng.int(0, 3),
      new Set([person.id]),
    )
    requesters.forEach((requester, k) => {
      const requestStatus =
        status === 'chiuso' && k === 0
          ? 'confirmed'
          : gen.rng.weighted([
              { weight: 5, value: 'sent' },
              { weight: 2, value: 'refused' },
              { weight: 1, value: 'cancelled' },
            ])
      const requestAt = new Date(createdAt.getTime() + (k + 1) * gen.rng.int(1, 30) * 3_600_000)
      gen.add(partnerRequests, {
        id: gen.nextId('partner_requests'),
        listingId: id,
        requesterPersonId: requester.id,
        messaggio: 'Ciao, ho visto il tuo annuncio: giochiamo insieme?',
        status: requestStatus,
        createdAt: requestAt,
        rispostaIl: requestStatus === 'sent' ? null : new Date(requestAt.getTime() + 6 * 3_600_000),
      })
    })
  }
}
