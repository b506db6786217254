// Seed area. Two tennis tournaments with enrolment open, made for the demo accounts' enrolment journeys (README,
// e2e/iscrizione.spec.ts): an OPEN singles one that giocatore@demo.it is not yet in, and an OPEN men's doubles one
// in which giocatore@demo.it and admin@demo.it (both men with a tennis card) can form a pair. Fixed names, no
// random draws: the rest of the generated data stays as it was.
import { SECTOR_IDS, DISCIPLINE_IDS } from '../../../contract/constants.ts'
import { tournamentEntries, tournaments } from '../../db/schema/domain.ts'
import type { SeedGenerator } from '../generate.ts'
import { DEMO_PEOPLE, addDays, at } from '../shared.ts'

export const DEMO_ENROLMENT_TOURNAMENTS = {
  singles: 'Open delle iscrizioni – singolare',
  doubles: 'Open delle iscrizioni – doppio',
} as const

export function generateDemoEnrolment(gen: SeedGenerator) {
  const demoRegion = gen.clubs[0]!.regionId
  const club =
    gen.clubsByDiscipline.get(DISCIPLINE_IDS.TENNIS)!.find((c) => c.regionId === demoRegion) ??
    gen.clubsByDiscipline.get(DISCIPLINE_IDS.TENNIS)![0]!
  // Players of the sector who are not demo people, in id order: the same at every run.
  const others = (gen.peopleBySector.get(SECTOR_IDS.TENNIS) ?? [])
    .filter((p) => p.id > DEMO_PEOPLE.length)
    .toSorted((a, b) => a.id - b.id)
  const plan = [
    { nome: DEMO_ENROLMENT_TOURNAMENTS.singles, doppio: false, start: 21, max: 16, teams: 5 },
    { nome: DEMO_ENROLMENT_TOURNAMENTS.doubles, doppio: true, start: 24, max: 8, teams: 2 },
  ]
  let next = 0
  for (const t of plan) {
    const dataInizio = addDays(gen.refDay, t.start)
    const iscrizioniDal = at(addDays(gen.refDay, -10), 9)
    const iscrizioniAl = at(addDays(dataInizio, -3), 12)
    const id = gen.nextId('tournaments')
    gen.add(tournaments, {
      id,
      nome: t.nome,
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
      tipo: 'TR',
      categoria: 'OPEN',
      specialita: t.doppio ? 'doppio' : 'singolare',
      // Doubles of two men (the demo pair is): a mixed doubles would pair a woman and a man.
      genere: t.doppio ? 'M' : 'X',
      formula: 'eliminazione',
      clubId: club.id,
      circuitId: null,
      tappa: null,
      championshipId: null,
      regionId: null,
      dataInizio,
      dataFine: addDays(dataInizio, 2),
      iscrizioniDal,
      iscrizioniAl,
      maxIscritti: t.max,
      quotaCentesimi: 2000,
      status: 'iscrizioni_aperte',
      descrizione: `${t.nome}: torneo open di tennis ${t.doppio ? 'in doppio' : 'in singolare'}, aperto a tutti i tesserati.`,
      locandina: `/media/locandine/locandina-${(id % 12) + 1}.jpg`,
      giudiceArbitro: 'Giulia Ferri',
    })
    const entrants = t.doppio ? others.slice(next).filter((p) => p.sesso === 'M') : others.slice(next)
    let taken = 0
    for (let k = 0; k < t.teams; k++) {
      const player = entrants[taken++]
      const partner = t.doppio ? entrants[taken++] : undefined
      next = others.indexOf((partner ?? player)!) + 1
      if (!player || (t.doppio && !partner)) break
      gen.add(tournamentEntries, {
        id: gen.nextId('tournament_entries'),
        tournamentId: id,
        personId: player.id,
        partnerId: partner?.id ?? null,
        status: 'iscritto',
        posizioneAttesa: null,
        testaDiSerie: null,
        puntiIngresso: 0,
        iscrittoIl: at(addDays(gen.refDay, -9 + k), 10),
        iscrittoDa: null,
      })
    }
  }
}
