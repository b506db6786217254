// Seed area. Challenges between players, each history written by machines/challenge.ts (as the server decides).
// Plain functions of the generator's shared state `gen` (server/seed/generate.ts), called in order by its run().
import { CHALLENGE_RULES, SECTOR_IDS } from '../../../contract/constants.ts'
import {
  challengeEvents,
  challengeParticipants,
  challengeResults,
  challenges,
  type SetScore,
} from '../../db/schema/domain.ts'
import { avvisi } from '../../db/schema/avvisi.ts'
import { personName } from '../../../contract/words.ts'
import type { ChallengeEvent } from '../../../machines/challenge.ts'
import { decideEvent, deadlineOf, noticesOf, startChallenge } from '../../domain/challenge.ts'
import { scoreString } from '../../../contract/scores.ts'
import { simulateMatch } from '../simulate.ts'
import * as T from '../texts.ts'
import { SECTOR_WEIGHTS, DISCIPLINE_OF_SECTOR, DAY, addDays, at, type Person } from '../shared.ts'
import type { SeedGenerator } from '../generate.ts'

export function generateChallenges(gen: SeedGenerator) {
  const demo = gen.people[0]!
  // 'draft' is drawn as before and proposed at once (the machine has no draft): every later area of the seed
  // draws the same random numbers as before the machine wrote these histories.
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
    const drawn = forDemo ? demoPlan[c]! : gen.rng.weighted(statuses)
    const status = drawn === 'draft' ? 'proposed' : drawn
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
    const recent = status === 'proposed'
    const createdDay = addDays(
      gen.refDay,
      recent ? -gen.rng.int(0, 5) : status === 'resultEntered' ? -gen.rng.int(3, 6) : -gen.rng.int(10, 300),
    )
    const createdAt = at(createdDay, gen.rng.int(8, 21))
    // The random draws in the generator's order: match day and time, board, message, answer time.
    const matchDay =
      status === 'resultEntered' ? addDays(gen.refDay, -1) : addDays(createdDay, gen.rng.int(2, 6))
    const matchAt = at(matchDay, gen.rng.int(9, 20))
    // Half the pending proposals are public (the draw comes first, so the stream stays as it was), and a public
    // proposal keeps a place free (no opponent in singles, one in doubles): the public board, which lists only
    // challenges with a free place, has some to take.
    const drawnPublic = gen.rng.chance(0.25)
    const pubblica = drawnPublic || (status === 'proposed' && !forDemo && c % 2 === 0)
    const freePlace = status === 'proposed' && pubblica && !forDemo
    const invited = freePlace ? side2.slice(0, side2.length - 1) : side2
    const messaggio = gen.rng.pick(T.CHALLENGE_MESSAGES)
    // Answered within a day, before the match (at least two days after the proposal).
    const answerAt = new Date(createdAt.getTime() + gen.rng.int(1, 24) * 3_600_000)
    // The history is written by the machine itself (machines/challenge.ts), as the server would decide it.
    const history: [string, string | null, string, number | null, Date, string | null][] = [
      ['sfida.proponi', null, 'proposed', creator.id, createdAt, null],
    ]
    let stored = startChallenge({
      creatore: creator.id,
      doppio: doubles,
      pubblica,
      compagno: doubles ? side1[1]!.id : null,
      avversari: invited.map((p) => p.id),
    })
    let lastAt = createdAt
    const step = (event: ChallengeEvent, when: Date, nota: string | null = null) => {
      const decision = decideEvent(stored, event)
      if (!decision.ok) throw new Error(`seed: la sfida ${id} in ${stored.value} non accetta ${event.type}`)
      history.push([event.type, decision.from, decision.to, event.by, when, nota])
      stored = decision.stored
      lastAt = when
    }
    if (status === 'refused') step({ type: 'sfida.rifiuta', by: side2[0]!.id }, answerAt)
    if (status === 'cancelled') step({ type: 'sfida.annulla', by: creator.id }, answerAt)
    if (status === 'expired')
      step(
        { type: 'sfida.scade', by: null },
        new Date(createdAt.getTime() + CHALLENGE_RULES.PROPOSAL_EXPIRES_DAYS * DAY),
      )
    const played = ['resultEntered', 'confirmed', 'contested', 'resolved'].includes(status)
    if (status === 'accepted' || played)
      for (const p of [...side1.slice(1), ...side2]) step({ type: 'sfida.accetta', by: p.id }, answerAt)
    let result: ReturnType<typeof simulateMatch> | undefined
    if (played) {
      const skill = (side: Person[]) => side.reduce((a, p) => a + p.skill, 0) / side.length
      result = simulateMatch(gen.rng, skill(side1), skill(side2), {
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
      const answeredAt = auto
        ? new Date(enteredAt.getTime() + CHALLENGE_RULES.RESULT_AUTO_CONFIRM_HOURS * 3_600_000)
        : new Date(enteredAt.getTime() + gen.rng.int(1, 40) * 3_600_000)
      const score = scoreString(result.sets as SetScore[])
      step(
        { type: 'sfida.risultato', by: enteredBy.id, vincitore: result.winner === 'A' ? 1 : 2 },
        enteredAt,
        score,
      )
      const motivo = 'Il punteggio inserito non è quello della partita giocata.'
      if (status === 'confirmed')
        step(
          auto
            ? { type: 'sfida.confermaAutomatica', by: null }
            : { type: 'sfida.conferma', by: otherSide[0]!.id },
          answeredAt,
        )
      if (status === 'contested' || status === 'resolved')
        step({ type: 'sfida.contesta', by: otherSide[0]!.id }, answeredAt, motivo)
      const decision = 'il risultato vale (referto del circolo)'
      if (status === 'resolved')
        step(
          { type: 'sfida.risolvi', by: null, arbitro: true, esito: 'confermato' },
          new Date(answeredAt.getTime() + 3 * DAY),
          decision,
        )
      gen.add(challengeResults, {
        challengeId: id,
        sets: result.sets as SetScore[],
        vincitoreLato: result.winner === 'A' ? 1 : 2,
        gameLato1: result.gameA,
        gameLato2: result.gameB,
        inseritoDa: enteredBy.id,
        inseritoIl: enteredAt,
        confermatoDa: status === 'confirmed' && !auto ? otherSide[0]!.id : null,
        confermatoIl: status === 'confirmed' ? answeredAt : null,
        confermaAutomatica: auto,
        contestatoDa: status === 'contested' || status === 'resolved' ? otherSide[0]!.id : null,
        contestatoIl: status === 'contested' || status === 'resolved' ? answeredAt : null,
        motivoContestazione: status === 'contested' || status === 'resolved' ? motivo : null,
        risoltoIl: status === 'resolved' ? lastAt : null,
        risoluzione: status === 'resolved' ? decision : null,
      })
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
    if (stored.value !== status)
      throw new Error(`seed: la sfida ${id} è finita in ${stored.value}, non in ${status}`)
    const club = gen.clubs.find((k) => k.id === creator.clubId)!
    gen.add(challenges, {
      id,
      disciplineId: DISCIPLINE_OF_SECTOR.get(sectorId)!,
      sectorId,
      createdByPersonId: creator.id,
      specialita: doubles ? 'doppio' : 'singolare',
      status: stored.value,
      pubblica: stored.context.pubblica,
      clubId: club.id,
      provincia: club.provincia,
      dataProposta: matchAt,
      messaggio,
      propostaIl: createdAt,
      scadeIl: deadlineOf(stored.value, lastAt),
      createdAt,
      updatedAt: lastAt,
    })
    for (const p of stored.context.partecipanti) {
      const refusedHere = status === 'refused' && p.persona === side2[0]!.id
      gen.add(challengeParticipants, {
        challengeId: id,
        personId: p.persona,
        lato: p.lato,
        risposta: refusedHere ? 'rifiutata' : p.risposta,
        rispostaIl:
          p.persona === creator.id ? createdAt : p.risposta === 'in_attesa' && !refusedHere ? null : answerAt,
      })
    }
    for (const [evento, daStato, aStato, personId, when, nota] of history)
      gen.add(challengeEvents, { challengeId: id, evento, daStato, aStato, personId, nota, at: when })
    // Who is still to answer has the proposal's notice in the portal, unseen, as the server would have written it.
    if (status === 'proposed') {
      const before = {
        ...stored.context,
        partecipanti: stored.context.partecipanti.filter((p) => p.persona === creator.id),
      }
      const names = new Map([[creator.id, personName(creator)]])
      for (const notice of noticesOf(['avvisaInvito'], before, stored.context, creator.id, names))
        gen.add(avvisi, {
          personId: notice.destinatario,
          mittenteId: creator.id,
          ambito: 'sfida',
          riferimento: id,
          testo: notice.testo,
          creatoIl: createdAt,
          lettoIl: null,
        })
    }
  }
}

// -------------------------------------------------------------------------------------------------------
// Rankings and Power, computed by server/domain
