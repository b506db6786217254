// Seed area. Challenges between players and their lifecycle events.
// Plain functions of the generator's shared state `gen` (server/seed/generate.ts), called in order by its run().
import { CHALLENGE_RULES, SECTOR_IDS } from '../../../contract/constants.ts'
import {
  challengeEvents,
  challengeParticipants,
  challengeResults,
  challenges,
  type SetScore,
} from '../../db/schema/domain.ts'
import { simulateMatch } from '../simulate.ts'
import * as T from '../texts.ts'
import { SECTOR_WEIGHTS, DISCIPLINE_OF_SECTOR, DAY, addDays, at, type Person } from '../shared.ts'
import type { SeedGenerator } from '../generate.ts'

export function generateChallenges(gen: SeedGenerator) {
  const demo = gen.people[0]!
  const statuses = [
    { weight: 2, value: 'draft' },
    { weight: 12, value: 'proposed' },
    { weight: 12, value: 'accepted' },
    { weight: 8, value: 'refused' },
    { weight: 6, value: 'cancelled' },
    { weight: 10, value: 'expired' },
    { weight: 8, value: 'resultEntered' },
    { weight: 32, value: 'confirmed' },
    { weight: 5, value: 'contested' },
    { weight: 5, value: 'resolved' },
  ] as const
  // The demo player: challenged (to answer), a result to confirm, a confirmed one.
  const demoPlan = ['proposed', 'resultEntered', 'confirmed'] as const
  for (let c = 0; c < gen.scale.challenges; c++) {
    const forDemo = c < demoPlan.length
    const status = forDemo ? demoPlan[c]! : gen.rng.weighted(statuses)
    const sectorId = forDemo
      ? SECTOR_IDS.TENNIS
      : gen.rng.weighted(SECTOR_WEIGHTS.filter((s) => s.value !== SECTOR_IDS.FITPJ))
    const doubles =
      !forDemo && sectorId !== SECTOR_IDS.TENNIS && sectorId !== SECTOR_IDS.WHEELCHAIR && gen.rng.chance(0.5)
    const creatorPool = gen.peopleBySector.get(sectorId)!
    let creator = demo
    if (!(forDemo && c === 2)) {
      do creator = gen.rng.pick(creatorPool)
      while (creator.id === demo.id)
    }
    const exclude = new Set([creator.id])
    const others = forDemo
      ? c === 2
        ? gen.pickEntrants(sectorId, creator.regionId, 'X', 1, new Set([demo.id]))
        : [demo]
      : gen.pickEntrants(sectorId, creator.regionId, 'X', doubles ? 3 : 1, exclude)
    if (others.length < (doubles ? 3 : 1)) continue
    const side1 = doubles ? [creator, others[0]!] : [creator]
    const side2 = doubles ? [others[1]!, others[2]!] : [others[0]!]
    const id = gen.nextId('challenges')
    const recent = status === 'proposed' || status === 'draft'
    const createdDay = addDays(
      gen.refDay,
      recent ? -gen.rng.int(0, 5) : status === 'resultEntered' ? -gen.rng.int(3, 6) : -gen.rng.int(10, 300),
    )
    const createdAt = at(createdDay, gen.rng.int(8, 21))
    const propostaIl = status === 'draft' ? null : createdAt
    const matchDay =
      status === 'resultEntered' ? addDays(gen.refDay, -1) : addDays(createdDay, gen.rng.int(2, 6))
    const matchAt = at(matchDay, gen.rng.int(9, 20))
    const club = gen.clubs.find((k) => k.id === creator.clubId)!
    gen.add(challenges, {
      id,
      disciplineId: DISCIPLINE_OF_SECTOR.get(sectorId)!,
      sectorId,
      createdByPersonId: creator.id,
      specialita: doubles ? 'doppio' : 'singolare',
      status,
      pubblica: gen.rng.chance(0.25),
      clubId: club.id,
      provincia: club.provincia,
      dataProposta: matchAt,
      messaggio: gen.rng.pick(T.CHALLENGE_MESSAGES),
      propostaIl,
      scadeIl: propostaIl
        ? new Date(propostaIl.getTime() + CHALLENGE_RULES.PROPOSAL_EXPIRES_DAYS * DAY)
        : null,
      createdAt,
      updatedAt: createdAt,
    })
    const answered = !['draft', 'proposed', 'expired', 'cancelled'].includes(status)
    const answer = status === 'refused' ? 'rifiutata' : answered ? 'accettata' : 'in_attesa'
    // Answered within a day, before the match (at least two days after the proposal).
    const answerAt = new Date(createdAt.getTime() + gen.rng.int(1, 24) * 3_600_000)
    for (const p of side1)
      gen.add(challengeParticipants, {
        challengeId: id,
        personId: p.id,
        lato: 1,
        risposta: 'accettata',
        rispostaIl: createdAt,
      })
    for (const p of side2)
      gen.add(challengeParticipants, {
        challengeId: id,
        personId: p.id,
        lato: 2,
        risposta: answer,
        rispostaIl: answer === 'in_attesa' ? null : answerAt,
      })
    // History: every transition of machines/challenge.
    const events: [string, string | null, string, number | null, Date, string?][] = [
      ['challenge.create', null, 'draft', creator.id, createdAt],
    ]
    if (propostaIl) events.push(['challenge.propose', 'draft', 'proposed', creator.id, propostaIl])
    if (status === 'refused') events.push(['challenge.refuse', 'proposed', 'refused', side2[0]!.id, answerAt])
    if (status === 'cancelled')
      events.push(['challenge.cancel', 'proposed', 'cancelled', creator.id, answerAt])
    if (status === 'expired')
      events.push([
        'system.expire',
        'proposed',
        'expired',
        null,
        new Date(propostaIl!.getTime() + CHALLENGE_RULES.PROPOSAL_EXPIRES_DAYS * DAY),
        'Proposta non accettata entro 7 giorni',
      ])
    if (answered && status !== 'refused')
      events.push(['challenge.accept', 'proposed', 'accepted', side2[0]!.id, answerAt])
    if (['resultEntered', 'confirmed', 'contested', 'resolved'].includes(status)) {
      const skill = (side: Person[]) => side.reduce((a, p) => a + p.skill, 0) / side.length
      const result = simulateMatch(gen.rng, skill(side1), skill(side2), {
        rally: sectorId === SECTOR_IDS.PICKLEBALL,
        walkoverRate: 0,
        retireRate: 0,
      })
      // In the demo player's pending result the opponent entered it, so the demo player can confirm it.
      const enteredBy =
        forDemo && status === 'resultEntered' ? creator : gen.rng.chance(0.5) ? side1[0]! : side2[0]!
      const otherSide = side1.includes(enteredBy) ? side2 : side1
      const enteredAt = new Date(matchAt.getTime() + 3 * 3_600_000)
      const auto = status === 'confirmed' && gen.rng.chance(0.2)
      const confirmedAt = auto
        ? new Date(enteredAt.getTime() + CHALLENGE_RULES.RESULT_AUTO_CONFIRM_HOURS * 3_600_000)
        : new Date(enteredAt.getTime() + gen.rng.int(1, 40) * 3_600_000)
      const contested = status === 'contested' || status === 'resolved'
      gen.add(challengeResults, {
        challengeId: id,
        sets: result.sets as SetScore[],
        vincitoreLato: result.winner === 'A' ? 1 : 2,
        gameLato1: result.gameA,
        gameLato2: result.gameB,
        inseritoDa: enteredBy.id,
        inseritoIl: enteredAt,
        confermatoDa: status === 'confirmed' && !auto ? otherSide[0]!.id : null,
        confermatoIl: status === 'confirmed' ? confirmedAt : null,
        confermaAutomatica: auto,
        contestatoDa: contested ? otherSide[0]!.id : null,
        contestatoIl: contested ? confirmedAt : null,
        motivoContestazione: contested ? 'Il punteggio inserito non è quello della partita giocata.' : null,
        risoltoIl: status === 'resolved' ? new Date(confirmedAt.getTime() + 3 * DAY) : null,
        risoluzione:
          status === 'resolved' ? 'Risultato confermato dal circolo dopo aver sentito i giocatori.' : null,
      })
      events.push(['result.enter', 'accepted', 'resultEntered', enteredBy.id, enteredAt])
      if (status === 'confirmed')
        events.push(
          auto
            ? [
                'system.autoConfirm',
                'resultEntered',
                'confirmed',
                null,
                confirmedAt,
                'Confermato dopo 48 ore senza risposta',
              ]
            : ['result.confirm', 'resultEntered', 'confirmed', otherSide[0]!.id, confirmedAt],
        )
      if (contested)
        events.push(['result.contest', 'resultEntered', 'contested', otherSide[0]!.id, confirmedAt])
      if (status === 'resolved')
        events.push([
          'dispute.resolve',
          'contested',
          'resolved',
          null,
          new Date(confirmedAt.getTime() + 3 * DAY),
          'Decisione del circolo',
        ])
      if (status === 'confirmed' || status === 'resolved') {
        const list = gen.ratedBySector.get(sectorId) ?? []
        list.push({
          sideA: side1.map((p) => p.id),
          sideB: side2.map((p) => p.id),
          gamesA: result.gameA!,
          gamesB: result.gameB!,
          at: matchAt,
          torneo: false,
          challengeId: id,
        })
        gen.ratedBySector.set(sectorId, list)
      }
    }
    for (const [evento, daStato, aStato, personId, when, nota] of events)
      gen.add(challengeEvents, {
        challengeId: id,
        evento,
        daStato,
        aStato,
        personId,
        nota: nota ?? null,
        at: when,
      })
  }
}

// -------------------------------------------------------------------------------------------------------
// Rankings and Power, computed by server/domain
