// Seed area. Clubs, their disciplines and courts.
// Plain functions of the generator's shared state `gen` (server/seed/generate.ts), called in order by its run().
import { DISCIPLINES } from '../../../contract/constants.ts'
import { PROVINCES } from '../../db/reference.ts'
import { clubDisciplines, clubs, courts } from '../../db/schema/domain.ts'
import { capsOf, coordinatesOf } from '../places.ts'
import * as T from '../texts.ts'
import { DISCIPLINE_BY_ID, METRO, REGION_OF_PROVINCE, slugify, type Club } from '../shared.ts'
import type { SeedGenerator } from '../generate.ts'

export function generateClubs(gen: SeedGenerator) {
  const names = new Set<string>()
  const disciplineIds = { tennis: 4332, padel: 172, beach: 171, pickleball: 174 }
  const provinces = PROVINCES.map((p) => p.sigla)
  for (let i = 0; i < gen.scale.clubs; i++) {
    // The first club is the demo player's, in Rome; then every province gets a club before any gets a second
    // one, when there are enough clubs.
    const provincia =
      i === 0
        ? 'RM'
        : i < provinces.length && gen.scale.clubs >= provinces.length * 2
          ? provinces[i]!
          : gen.weightedProvince()
    const comune = i === 0 ? 'Roma' : gen.comuneIn(provincia, METRO.has(provincia) ? 0.75 : 0.45)
    const kind = i === 0 ? T.CLUB_KINDS[0]!.value : gen.rng.weighted(T.CLUB_KINDS)
    const places = T.CITY_PLACES[provincia]
    const place =
      i === 0
        ? 'Parioli'
        : places && comune === PROVINCES.find((p) => p.sigla === provincia)!.nome && gen.rng.chance(0.7)
          ? gen.rng.pick(places)
          : gen.rng.chance(0.5)
            ? comune
            : gen.rng.pick(T.GENERIC_PLACES)
    let nome = `${kind.prefix} ${place}`
    if (names.has(nome)) {
      nome =
        place === comune ? `${kind.prefix} ${gen.rng.pick(T.GENERIC_PLACES)} ${comune}` : `${nome} ${comune}`
    }
    for (let n = 2; names.has(nome); n++) nome = `${kind.prefix} ${place} ${comune} ${n}`
    names.add(nome)
    const offered = new Set<number>()
    if (kind.disciplines === 'tennis') {
      offered.add(disciplineIds.tennis)
      if (i === 0 || gen.rng.chance(0.55)) offered.add(disciplineIds.padel)
    } else if (kind.disciplines === 'padel') offered.add(disciplineIds.padel)
    else if (kind.disciplines === 'beach') {
      offered.add(disciplineIds.beach)
      if (gen.rng.chance(0.4)) offered.add(disciplineIds.padel)
    } else if (kind.disciplines === 'pickleball') offered.add(disciplineIds.pickleball)
    else {
      offered.add(disciplineIds.tennis)
      offered.add(disciplineIds.padel)
      if (gen.rng.chance(0.4)) offered.add(disciplineIds.beach)
    }
    if (gen.rng.chance(0.15)) offered.add(disciplineIds.pickleball)
    const id = gen.nextId('clubs')
    const slug = slugify(nome).replace(/-/g, '')
    const club: Club = {
      id,
      nome,
      provincia,
      regionId: REGION_OF_PROVINCE.get(provincia)!,
      comune,
      disciplines: [],
    }
    gen.clubs.push(club)
    gen.add(clubs, {
      id,
      codice: `${provincia}${String(id).padStart(4, '0')}`,
      nome,
      provincia,
      comune,
      indirizzo: `${gen.faker.location.street()}, ${gen.rng.int(1, 180)}`,
      cap: capOf(provincia, comune, gen.faker.location.zipCode()),
      telefono: gen.phone({ provincia, comune }),
      email: `segreteria@${slug}.example`,
      sitoWeb: gen.rng.chance(0.7) ? `https://www.${slug}.example` : null,
      logo: `/media/circoli/logo-${(id % 20) + 1}.png`,
      descrizione: `${nome} è un circolo affiliato di ${comune}, con scuola per tutte le età e tornei durante tutta la stagione.`,
      // The comune's centre: no draw, so the rest of the data stays as it was.
      ...(coordinatesOf(provincia, comune) ?? {}),
      affiliataDal: `${gen.rng.int(1950, gen.refYear - 1)}-${String(gen.rng.int(1, 12)).padStart(2, '0')}-01`,
      attivo: i === 0 || gen.rng.chance(0.97),
    })
    for (const disciplineId of [...offered].sort((a, b) => a - b)) offerDiscipline(gen, club, disciplineId)
  }
  // Every discipline needs clubs, whatever the draw of club kinds gave at a small scale.
  const minimum = Math.max(2, Math.round(gen.scale.clubs / 20))
  for (const discipline of DISCIPLINES) {
    const offering = gen.clubsByDiscipline.get(discipline.id)?.length ?? 0
    const others = gen.clubs.filter((c) => !c.disciplines.includes(discipline.id))
    for (const club of gen.rng.sample(others, Math.max(0, minimum - offering)))
      offerDiscipline(gen, club, discipline.id)
  }
}

/** One of the comune's CAPs, chosen by faker's draw (still made, so faker's later names stay the same). */
function capOf(provincia: string, comune: string, drawn: string): string | null {
  const caps = capsOf(provincia, comune)
  return caps.length === 0 ? null : caps[Number(drawn.replace(/\D/g, '')) % caps.length]!
}

export function offerDiscipline(gen: SeedGenerator, club: Club, disciplineId: number) {
  club.disciplines.push(disciplineId)
  gen.add(clubDisciplines, { clubId: club.id, disciplineId })
  const list = gen.clubsByDiscipline.get(disciplineId) ?? []
  list.push(club)
  gen.clubsByDiscipline.set(disciplineId, list)
  const discipline = DISCIPLINE_BY_ID.get(disciplineId)!
  const courtIds: number[] = []
  const count = gen.rng.int(2, 8)
  for (let c = 1; c <= count; c++) {
    const courtId = gen.nextId('courts')
    courtIds.push(courtId)
    gen.add(courts, {
      id: courtId,
      clubId: club.id,
      nome: `Campo ${c}${discipline.codice === 'tennis' ? '' : ` ${discipline.nome}`}`,
      disciplineId,
      superficie: gen.rng.pick(T.SURFACES[discipline.codice]!),
      coperto: gen.rng.chance(0.35),
      illuminato: gen.rng.chance(0.85),
    })
  }
  gen.courtsByClubDiscipline.set(`${club.id}:${disciplineId}`, courtIds)
}
