// Seed area. Partner search: listings and the requests they received, each request written through the same
// machine the server decides with (machines/partner-request.ts, via server/domain/partner-search.ts), with its
// history and the notices it left. Authors and requesters are players with a portal account (only they can
// publish or ask); a listing closes when its author confirms a request, and the other waiting ones lapse.
// Plain functions of the generator's shared state `gen` (server/seed/generate.ts), called in order by its run().
import { SECTOR_IDS } from '../../../contract/constants.ts'
import type { RichiestaStoredState } from '../../../contract/cerca-compagno.ts'
import { todayInItaly } from '../../../contract/dates.ts'
import type { PartnerRequestEvent } from '../../../machines/partner-request.ts'
import { partnerListings, partnerRequests } from '../../db/schema/domain.ts'
import { partnerRequestEvents } from '../../db/schema/partner-search.ts'
import { avvisi } from '../../db/schema/avvisi.ts'
import {
  type Decision,
  decideNewRequest,
  decideRequestEvent,
  formatPeriod,
  listingName,
  requestNoticesOf,
  storedRequestOf,
} from '../../domain/partner-search.ts'
import * as T from '../texts.ts'
import {
  DEMO_PEOPLE,
  DISCIPLINE_BY_ID,
  DISCIPLINE_OF_SECTOR,
  DAY,
  addDays,
  at,
  type Person,
} from '../shared.ts'
import type { SeedGenerator } from '../generate.ts'

const HOUR = 3_600_000
/** An answer comes this long after the request. */
const ANSWER_AFTER = 6 * HOUR

export function generatePartnerSearch(gen: SeedGenerator) {
  const open = gen.tournamentInfos.filter((t) => t.status === 'iscrizioni_aperte' && t.doubles)
  const doublesSectors = [
    { weight: 5, value: SECTOR_IDS.PADEL },
    { weight: 3, value: SECTOR_IDS.BEACH },
    { weight: 1, value: SECTOR_IDS.PICKLEBALL },
    { weight: 1, value: SECTOR_IDS.TENNIS },
  ]
  const levels = ['principiante', 'intermedio', 'avanzato', 'agonista']
  const holders = accountHolders(gen)
  for (let l = 0; l < gen.scale.listings; l++) {
    const sectorId = gen.rng.weighted(doublesSectors)
    // The draws are the ones this area always made (the data after it stays as it was); the player drawn is
    // then replaced, without drawing, by a player of the sector who has an account.
    const drawnAuthor = gen.rng.pick(gen.peopleBySector.get(sectorId)!)
    const person = holderFor(holders, sectorId, drawnAuthor, new Set())!
    const candidates = open.filter((t) => t.sectorId === sectorId)
    const tournament = candidates.length > 0 && gen.rng.chance(0.5) ? gen.rng.pick(candidates) : null
    const createdAt = at(addDays(gen.refDay, -gen.rng.int(0, 45)), gen.rng.int(8, 22))
    const id = gen.nextId('partner_listings')
    const closed = !gen.rng.chance(0.8)
    const dataDal = todayInItaly(createdAt)
    // For a tournament: until it starts; otherwise a month or two.
    const dataAl = tournament
      ? tournament.dataInizio < dataDal
        ? dataDal
        : tournament.dataInizio
      : addDays(dataDal, 30 + (id % 31))
    const disciplina = DISCIPLINE_BY_ID.get(DISCIPLINE_OF_SECTOR.get(sectorId)!)!.nome
    const annuncio = listingName({
      torneo: tournament?.nome ?? null,
      disciplina,
      periodo: formatPeriod(dataDal, dataAl),
    })
    const levelDrawn = drawnAuthor.skill > 50 ? null : gen.rng.pick(levels.slice(0, 2))
    const livello =
      person.skill > 70 ? 'agonista' : person.skill > 50 ? 'avanzato' : (levelDrawn ?? levels[id % 2]!)
    const disponibilita = gen.rng.pick(T.AVAILABILITY)
    const messaggio = gen.rng.pick(T.PARTNER_MESSAGES[person.sesso])
    const drawn = gen.pickEntrants(
      sectorId,
      drawnAuthor.regionId,
      'X',
      gen.rng.int(0, 3),
      new Set([drawnAuthor.id]),
    )
    const taken = new Set([person.id])
    const all = drawn.map((requester, k) => {
      const status: RichiestaStoredState =
        closed && k === 0
          ? 'confirmed'
          : gen.rng.weighted([
              { weight: 5, value: 'sent' as const },
              { weight: 2, value: 'refused' as const },
              { weight: 1, value: 'cancelled' as const },
            ])
      const sentAt = new Date(createdAt.getTime() + (k + 1) * gen.rng.int(1, 30) * HOUR)
      return { requester: holderFor(holders, sectorId, requester, taken), status, sentAt, k }
    })
    const requests = all.flatMap((r) => (r.requester ? [{ ...r, requester: r.requester }] : []))
    // A closed listing: its author confirmed the first request (or withdrew it, when nobody asked).
    const confirmed = requests.find((r) => r.status === 'confirmed')
    const closedAt = !closed
      ? null
      : confirmed
        ? new Date(confirmed.sentAt.getTime() + ANSWER_AFTER)
        : new Date(createdAt.getTime() + 3 * DAY)
    gen.add(partnerListings, {
      id,
      personId: person.id,
      disciplineId: DISCIPLINE_OF_SECTOR.get(sectorId)!,
      sectorId,
      tournamentId: tournament?.id ?? null,
      provincia: person.provincia,
      livello,
      disponibilita,
      messaggio,
      status: closed ? 'chiuso' : 'attivo',
      scadeIl: at(dataAl, 23, 59),
      dataDal,
      dataAl,
      chiusoIl: closedAt,
      createdAt,
    })
    const names = new Map(
      [person, ...requests.map((r) => r.requester)].map((p) => [p.id, `${p.nome} ${p.cognome}`]),
    )
    // The confirmation first (it closes the listing), then the others in the order they were sent.
    const ordered = requests.toSorted((a, b) =>
      a === confirmed ? -1 : b === confirmed ? 1 : a.sentAt.getTime() - b.sentAt.getTime(),
    )
    for (const request of ordered) {
      const lapses = closedAt !== null && request !== confirmed
      // Nobody can ask once the listing closed.
      if (lapses && request.sentAt >= closedAt) continue
      const parties = { autore: person.id, richiedente: request.requester.id }
      const requestId = gen.nextId('partner_requests')
      const history: { event: PartnerRequestEvent; decision: Extract<Decision, { ok: true }>; when: Date }[] =
        []
      const sent = decideNewRequest(parties, request.requester.id)
      if (!sent.ok) throw new Error(`Seme: richiesta ${requestId} rifiutata dalla macchina`)
      history.push({
        event: { type: 'richiesta.invia', by: request.requester.id },
        decision: sent,
        when: request.sentAt,
      })
      const answeredAt = new Date(request.sentAt.getTime() + ANSWER_AFTER)
      const answer: { event: PartnerRequestEvent; when: Date } | null =
        lapses && (request.status === 'sent' || answeredAt > closedAt)
          ? { event: { type: 'richiesta.decade', by: null }, when: closedAt }
          : request.status === 'confirmed'
            ? { event: { type: 'richiesta.conferma', by: person.id }, when: answeredAt }
            : request.status === 'refused'
              ? { event: { type: 'richiesta.rifiuta', by: person.id }, when: answeredAt }
              : request.status === 'cancelled'
                ? { event: { type: 'richiesta.cancella', by: request.requester.id }, when: answeredAt }
                : null
      if (answer) {
        const decision = decideRequestEvent(storedRequestOf({ status: 'sent', ...parties }), answer.event)
        if (!decision.ok) throw new Error(`Seme: ${answer.event.type} rifiutato dalla macchina`)
        history.push({ event: answer.event, decision, when: answer.when })
      }
      const last = history.at(-1)!
      gen.add(partnerRequests, {
        id: requestId,
        listingId: id,
        requesterPersonId: request.requester.id,
        messaggio: 'Ciao, ho visto il tuo annuncio: giochiamo insieme?',
        status: last.decision.to,
        createdAt: request.sentAt,
        rispostaIl: last.decision.to === 'sent' ? null : last.when,
      })
      for (const { event, decision, when } of history) {
        const notices = requestNoticesOf(decision.actions, parties, annuncio, names)
        // A request still to answer is an unseen notice in the author's portal, as the server would have left it.
        if (last.decision.to === 'sent')
          for (const notice of notices)
            gen.add(avvisi, {
              personId: notice.destinatario,
              mittenteId: event.by,
              ambito: 'annuncio',
              riferimento: id,
              testo: notice.testo,
              creatoIl: when,
              lettoIl: null,
            })
        for (const notice of notices.length > 0 ? notices : [null])
          gen.add(partnerRequestEvents, {
            requestId,
            evento: event.type,
            daStato: decision.from,
            aStato: decision.to,
            personId: event.by,
            destinatarioId: notice?.destinatario ?? null,
            avviso: notice?.testo ?? null,
            at: when,
          })
      }
    }
  }
}

/** The players of each sector who have a portal account (the demo people left to the journeys), by id. */
function accountHolders(gen: SeedGenerator): Map<number, Person[]> {
  const withAccount = new Set(gen.portalAccounts.map((a) => a.personId))
  const bySector = new Map<number, Person[]>()
  for (const person of gen.people) {
    if (!withAccount.has(person.id) || person.id <= DEMO_PEOPLE.length) continue
    bySector.set(person.sectorId, [...(bySector.get(person.sectorId) ?? []), person])
  }
  return bySector
}

/**
 * The player drawn when they have an account, else the account holder of the sector the id points to (no draw),
 * skipping those already `taken`; the player drawn when the sector has no one else left, or null when that one
 * is taken too. Adds the result to `taken`.
 */
function holderFor(
  holders: Map<number, Person[]>,
  sectorId: number,
  drawn: Person,
  taken: Set<number>,
): Person | null {
  const pool = (holders.get(sectorId) ?? []).filter((p) => !taken.has(p.id))
  const chosen =
    pool.some((p) => p.id === drawn.id) || pool.length === 0 ? drawn : pool[drawn.id % pool.length]!
  if (taken.has(chosen.id)) return null
  taken.add(chosen.id)
  return chosen
}
