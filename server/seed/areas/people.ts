// Seed area. Players, their cards, and the accounts of the portal (the demo ones first).
// Plain functions of the generator's shared state `gen` (server/seed/generate.ts), called in order by its run().
import { SECTOR_IDS } from '../../../contract/constants.ts'
import { accounts, persons, tessere } from '../../db/schema/core.ts'
import { userSettings } from '../../db/schema/domain.ts'
import { registroTessere } from '../../db/schema/tessere.ts'
import type { PowerState } from '../../domain/power.ts'
import { codiceFiscale } from '../codice-fiscale.ts'
import {
  DEMO_ACCOUNT_AGE_DAYS,
  DEMO_PEOPLE,
  SECTOR_WEIGHTS,
  DISCIPLINE_OF_SECTOR,
  TESSERA_PREFIX,
  REGION_OF_PROVINCE,
  addDays,
  at,
  slugify,
  type Person,
} from '../shared.ts'
import type { SeedGenerator } from '../generate.ts'

export function generatePeople(gen: SeedGenerator) {
  const usedCf = new Set<string>()
  const cfFor = (p: {
    nome: string
    cognome: string
    sesso: 'M' | 'F'
    dataNascita: string
    comune: string
  }) => {
    for (let variant = 0; ; variant++) {
      const code = codiceFiscale(p, variant)
      if (!usedCf.has(code)) {
        usedCf.add(code)
        return code
      }
    }
  }
  const tennisClubs = gen.clubsByDiscipline.get(4332)!
  const total = gen.scale.players
  const registry: RegistryPerson[] = []
  for (let i = 0; i < total; i++) {
    const id = gen.nextId('persons')
    const demo = DEMO_PEOPLE[i]
    const sectorId = demo ? SECTOR_IDS.TENNIS : gen.rng.weighted(SECTOR_WEIGHTS)
    const disciplineId = DISCIPLINE_OF_SECTOR.get(sectorId)!
    const sesso: 'M' | 'F' = demo
      ? demo.sesso
      : sectorId === SECTOR_IDS.WHEELCHAIR
        ? gen.rng.chance(0.75)
          ? 'M'
          : 'F'
        : gen.rng.chance(0.62)
          ? 'M'
          : 'F'
    const nome = demo?.nome ?? gen.faker.person.firstName(sesso === 'M' ? 'male' : 'female')
    const cognome = demo?.cognome ?? gen.faker.person.lastName()
    // Members of a club offering the discipline, mostly from the club's own province.
    const clubPool = gen.clubsByDiscipline.get(disciplineId) ?? tennisClubs
    const club = demo
      ? i === 0
        ? gen.clubs[0]!
        : (tennisClubs.find((c) => c.provincia === demo.provincia) ?? tennisClubs[i % tennisClubs.length]!)
      : gen.rng.pick(clubPool)
    const provincia = demo?.provincia ?? (gen.rng.chance(0.9) ? club.provincia : gen.weightedProvince())
    const comune =
      demo?.comune ??
      (provincia === club.provincia && gen.rng.chance(0.5) ? club.comune : gen.comuneIn(provincia))
    const birthYear =
      sectorId === SECTOR_IDS.FITPJ
        ? gen.rng.int(gen.refYear - 17, gen.refYear - 9)
        : gen.rng.int(gen.refYear - 68, gen.refYear - 18)
    const dataNascita =
      demo?.dataNascita ??
      `${birthYear}-${String(gen.rng.int(1, 12)).padStart(2, '0')}-${String(gen.rng.int(1, 28)).padStart(2, '0')}`
    const email = demo?.email ?? `${slugify(nome)}.${slugify(cognome)}.${id}@posta.example`.replace(/-/g, '')
    // Skill: hidden level driving the invented results (demo player: a good club player).
    const skill = demo && i === 0 ? 72 : Math.max(10, Math.min(95, gen.rng.normal(45, 16)))
    // Most players have played before the generated two years: they come with a Power near their level and a
    // count of earlier matches (as if imported). The others start from scratch, provisional.
    if (demo ? i === 0 : gen.rng.chance(0.7)) {
      const earlier = demo ? 30 : gen.rng.int(4, 60)
      const prior = gen.priorPower.get(sectorId) ?? new Map<number, PowerState>()
      prior.set(id, {
        power: Math.round(Math.max(9, Math.min(99, skill + gen.rng.normal(0, 4))) * 100) / 100,
        partite: earlier,
        partiteTorneo: Math.round(earlier * 0.8),
      })
      gen.priorPower.set(sectorId, prior)
    }
    const person: Person = {
      id,
      nome,
      cognome,
      sesso,
      provincia,
      regionId: REGION_OF_PROVINCE.get(provincia)!,
      clubId: club.id,
      sectorId,
      skill,
      email,
    }
    gen.people.push(person)
    const complete = demo ? demo.complete : true
    const cf = complete ? cfFor({ nome, cognome, sesso, dataNascita, comune }) : null
    gen.add(persons, {
      id,
      nome,
      cognome,
      sesso,
      dataNascita,
      codiceFiscale: cf,
      provincia,
      comune,
      telefono: demo ? demo.telefono : gen.phone(),
      email,
      fototessera: null,
      clubId: club.id,
      createdAt: at(addDays(gen.refDay, -gen.rng.int(30, 2000)), 10),
    })
    // Cards: this season for everyone, last season for most; some play a second discipline.
    const sectorsHeld = [sectorId]
    if (demo && i === 0) sectorsHeld.push(SECTOR_IDS.PADEL)
    else if (!demo && sectorId !== SECTOR_IDS.FITPJ && gen.rng.chance(0.12)) {
      const other = gen.rng.weighted(
        SECTOR_WEIGHTS.filter(
          (s) => s.value !== sectorId && s.value !== SECTOR_IDS.FITPJ && s.value !== SECTOR_IDS.WHEELCHAIR,
        ),
      )
      sectorsHeld.push(other)
    }
    const portalCards: RegistryPerson['cards'] = []
    if (demo && REGISTRY_DEMOS.has(demo.email) && cf) {
      registry.push({ id, codiceFiscale: cf, clubId: club.id, cards: portalCards })
    }
    for (const held of sectorsHeld) {
      const seasons =
        demo && i === 0
          ? [gen.refYear - 2, gen.refYear - 1, gen.refYear]
          : gen.rng.chance(0.7)
            ? [gen.refYear - 1, gen.refYear]
            : [gen.refYear]
      const tipologia =
        held === SECTOR_IDS.FITPJ
          ? 'Junior'
          : gen.rng.chance(0.6) || (demo && i === 0)
            ? 'Agonistica'
            : 'Amatoriale'
      for (const stagione of seasons) {
        const card = {
          codiceTessera: codiceTessera(held, stagione, id),
          tipologia,
          disciplineId: DISCIPLINE_OF_SECTOR.get(held)!,
          sectorId: held,
          clubId: club.id,
          stagione,
          validaDal: `${stagione}-01-01`,
          validaAl: `${stagione}-12-31`,
        }
        gen.add(tessere, { id: gen.nextId('tessere'), personId: id, ...card })
        portalCards.push(card)
      }
    }
    const bySector = gen.peopleBySector.get(sectorId) ?? []
    bySector.push(person)
    gen.peopleBySector.set(sectorId, bySector)
    const regionKey = `${sectorId}:${person.regionId}`
    const byRegion = gen.peopleBySectorRegion.get(regionKey) ?? []
    byRegion.push(person)
    gen.peopleBySectorRegion.set(regionKey, byRegion)
    const clubKey = `${club.id}:${sectorId}`
    const members = gen.membersByClubSector.get(clubKey) ?? []
    members.push(person)
    gen.membersByClubSector.set(clubKey, members)
    if (i % 5000 === 4999) gen.progress('Giocatori e tessere', i + 1, total)
  }
  for (const person of registry) generateRegistryCards(gen, person, tennisClubs)
}

/** A card's code: the sector's prefix, the season's last two digits, the holder's id on seven digits. */
const codiceTessera = (sectorId: number, stagione: number, personId: number) =>
  `${TESSERA_PREFIX[sectorId]}${String(stagione).slice(2)}${String(personId).padStart(7, '0')}`

/** The demo players whose cards the federation's registry holds (docs/regole.md «Tessere»). */
const REGISTRY_DEMOS = new Set(['giocatore@demo.it', 'redattore@demo.it'])

type RegistryCard = {
  codiceTessera: string
  tipologia: string
  disciplineId: number
  sectorId: number
  clubId: number
  stagione: number
  validaDal: string
  validaAl: string
}
type RegistryPerson = { id: number; codiceFiscale: string; clubId: number; cards: RegistryCard[] }

/**
 * What the registry holds for a demo player, so that adding a card and synchronising have something to do: this
 * season's cards as the portal has them, the tennis one moved to another club (an update); a beach tennis card of
 * this season and next season's tennis card (new); a padel card of this season unless they hold one (the card to
 * add by its code); a beach tennis card two seasons old (expired: refused, never imported).
 * No random draws: the other areas' streams stay as they were.
 */
function generateRegistryCards(
  gen: SeedGenerator,
  person: RegistryPerson,
  tennisClubs: readonly { id: number }[],
) {
  const year = gen.refYear
  const card = (sectorId: number, stagione: number, tipologia: string): RegistryCard => ({
    codiceTessera: codiceTessera(sectorId, stagione, person.id),
    tipologia,
    disciplineId: DISCIPLINE_OF_SECTOR.get(sectorId)!,
    sectorId,
    clubId: person.clubId,
    stagione,
    validaDal: `${stagione}-01-01`,
    validaAl: `${stagione}-12-31`,
  })
  const otherClub = tennisClubs.find((c) => c.id !== person.clubId)!
  const current = person.cards.filter((c) => c.stagione === year)
  const rows: RegistryCard[] = current.map((c) =>
    c.sectorId === SECTOR_IDS.TENNIS ? { ...c, clubId: otherClub.id } : c,
  )
  if (!current.some((c) => c.sectorId === SECTOR_IDS.PADEL))
    rows.push(card(SECTOR_IDS.PADEL, year, 'Amatoriale'))
  rows.push(
    card(SECTOR_IDS.BEACH, year, 'Amatoriale'),
    card(SECTOR_IDS.TENNIS, year + 1, 'Agonistica'),
    card(SECTOR_IDS.BEACH, year - 2, 'Amatoriale'),
  )
  for (const row of rows) {
    gen.add(registroTessere, {
      id: gen.nextId('registro_tessere'),
      codiceFiscale: person.codiceFiscale,
      aggiornataIl: at(addDays(gen.refDay, -3), 9),
      ...row,
    })
  }
}

export function generateAccounts(gen: SeedGenerator) {
  DEMO_PEOPLE.forEach((demo, i) => {
    const id = gen.faker.string.uuid()
    gen.demoAccountIds.push(id)
    gen.add(accounts, {
      id,
      email: demo.email,
      passwordHash: gen.options.passwordHashes[i] ?? '!seed',
      emailVerifiedAt: at(addDays(gen.refDay, -DEMO_ACCOUNT_AGE_DAYS), 9),
      personId: i + 1,
      role: demo.role,
      puoEsportareClassifiche: demo.export,
      privacyAcceptedAt: demo.privacy ? at(addDays(gen.refDay, -DEMO_ACCOUNT_AGE_DAYS), 9, 5) : null,
      profilation: demo.privacy ? i % 2 === 0 : null,
      createdAt: at(addDays(gen.refDay, -DEMO_ACCOUNT_AGE_DAYS), 9),
    })
    gen.add(userSettings, {
      accountId: id,
      disciplineId: 4332,
      sectorId: SECTOR_IDS.TENNIS,
      notificheEmail: true,
      notificheTornei: true,
      notificheSfide: i === 0,
      newsletter: i === 0,
      visibileRicerche: true,
      mostraPower: true,
      updatedAt: at(addDays(gen.refDay, -30), 18),
    })
  })
  // Players who use the portal: they write comments, help-desk requests and partner listings. Their password
  // hash is unusable ('!seed'): only the demo accounts can sign in.
  const candidates = gen.rng.sample(gen.people.slice(DEMO_PEOPLE.length), gen.scale.accounts)
  for (const person of candidates) {
    const id = gen.faker.string.uuid()
    const createdAt = at(addDays(gen.refDay, -gen.rng.int(5, 700)), gen.rng.int(8, 22))
    gen.portalAccounts.push({
      id,
      personId: person.id,
      name: `${person.nome} ${person.cognome}`,
      nome: person.nome,
      cognome: person.cognome,
      createdAt,
    })
    gen.add(accounts, {
      id,
      email: person.email,
      passwordHash: '!seed',
      emailVerifiedAt: createdAt,
      personId: person.id,
      role: 'player',
      puoEsportareClassifiche: false,
      privacyAcceptedAt: createdAt,
      profilation: gen.rng.chance(0.4),
      createdAt,
    })
    if (gen.rng.chance(0.3)) {
      gen.add(userSettings, {
        accountId: id,
        disciplineId: DISCIPLINE_OF_SECTOR.get(person.sectorId)!,
        sectorId: person.sectorId,
        notificheEmail: gen.rng.chance(0.8),
        notificheTornei: gen.rng.chance(0.7),
        notificheSfide: gen.rng.chance(0.6),
        newsletter: gen.rng.chance(0.3),
        visibileRicerche: gen.rng.chance(0.85),
        mostraPower: gen.rng.chance(0.9),
        updatedAt: createdAt,
      })
    }
  }
}
