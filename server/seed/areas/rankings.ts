// Seed area. Rankings and Power, computed from the generated results by the domain functions that serve live data.
// Plain functions of the generator's shared state `gen` (server/seed/generate.ts), called in order by its run().
import {
  circuitRankings,
  clubRankings,
  powerHistory,
  powerRatings,
  rankings,
} from '../../db/schema/domain.ts'
import { computePower, isPromotionCandidate, isProvisional } from '../../domain/power.ts'
import { classificaCircuito } from '../../domain/circuits.ts'
import {
  classificaAffiliati,
  classificaNazionale,
  raceAnnuale,
  type PointsRecord,
} from '../../domain/rankings.ts'
import { SECTOR_WEIGHTS } from '../shared.ts'
import type { SeedGenerator } from '../generate.ts'

export function generateRankings(gen: SeedGenerator) {
  const byId = new Map(gen.people.map((p) => [p.id, p]))
  const clubOf = new Map(gen.people.map((p) => [p.id, p.clubId]))
  const clubProvince = new Map(gen.clubs.map((c) => [c.id, c.provincia]))
  const sectors = [...new Set(SECTOR_WEIGHTS.map((s) => s.value))]
  for (const sectorId of sectors) {
    const records = gen.pointsRecords.filter((r) => r.sectorId === sectorId)
    const snapshots: [string, number, ReturnType<typeof raceAnnuale>, string][] = [
      ['race', gen.refYear, raceAnnuale(records, gen.refYear), gen.refDay],
      ['race', gen.refYear - 1, raceAnnuale(records, gen.refYear - 1), `${gen.refYear - 1}-12-31`],
      ['nazionale', gen.refYear, classificaNazionale(records, gen.refDay), gen.refDay],
    ]
    for (const [tipo, stagione, rows, calcolataAl] of snapshots) {
      for (const row of rows) {
        const person = byId.get(row.personId)!
        gen.add(rankings, {
          tipo,
          sectorId,
          stagione,
          personId: row.personId,
          posizione: row.posizione,
          punti: row.punti,
          tornei: row.tornei,
          clubId: person.clubId,
          provincia: person.provincia,
          sesso: person.sesso,
          calcolataAl,
        })
      }
    }
    for (const stagione of [gen.refYear, gen.refYear - 1]) {
      for (const row of classificaAffiliati(records, clubOf, stagione)) {
        gen.add(clubRankings, {
          sectorId,
          stagione,
          clubId: row.clubId,
          posizione: row.posizione,
          punti: row.punti,
          tesserati: row.tesserati,
          provincia: clubProvince.get(row.clubId),
          calcolataAl: stagione === gen.refYear ? gen.refDay : `${stagione}-12-31`,
        })
      }
    }
  }
  const byCircuit = new Map<number, PointsRecord[]>()
  for (const r of gen.pointsRecords) {
    if (r.circuitId === null) continue
    const list = byCircuit.get(r.circuitId)
    if (list) list.push(r)
    else byCircuit.set(r.circuitId, [r])
  }
  for (const circuit of gen.circuitRows) {
    const records = byCircuit.get(circuit.id) ?? []
    for (const row of classificaCircuito(records, gen.circuitMatches.get(circuit.id) ?? [])) {
      gen.add(circuitRankings, {
        circuitId: circuit.id,
        personId: row.personId,
        posizione: row.posizione,
        punti: row.punti,
        tappe: row.tappe,
      })
    }
  }
}

export async function generatePower(gen: SeedGenerator) {
  const sectors = [...new Set([...gen.ratedBySector.keys(), ...gen.priorPower.keys()])].sort((a, b) => a - b)
  for (const sectorId of sectors) {
    const rated = gen.ratedBySector.get(sectorId) ?? []
    const { ratings, history } = computePower(rated, gen.priorPower.get(sectorId))
    const lastAt = new Map<number, Date>()
    for (const change of history) {
      lastAt.set(change.personId, change.at)
      gen.add(powerHistory, {
        personId: change.personId,
        sectorId,
        matchId: change.matchId,
        challengeId: change.challengeId,
        giocataIl: change.at,
        powerPrima: change.powerPrima,
        powerDopo: change.powerDopo,
        livelloProprio: change.livelloProprio,
        livelloAvversari: change.livelloAvversari,
        atteso: change.atteso,
        ottenuto: change.ottenuto,
        gameVinti: change.gameVinti,
        gamePersi: change.gamePersi,
        fattoreK: change.fattoreK,
        provvisorio: change.provvisorio,
      })
      if ((gen.pending.get(powerHistory)?.length ?? 0) >= 20_000) await gen.flush()
    }
    for (const [personId, state] of [...ratings].sort((a, b) => a[0] - b[0])) {
      gen.add(powerRatings, {
        personId,
        sectorId,
        power: state.power,
        partite: state.partite,
        partiteTorneo: state.partiteTorneo,
        provvisorio: isProvisional(state.partite),
        promozione: isPromotionCandidate(state),
        aggiornatoIl: lastAt.get(personId) ?? gen.now,
      })
    }
  }
}

// -------------------------------------------------------------------------------------------------------
// Partner search, content, help desk
