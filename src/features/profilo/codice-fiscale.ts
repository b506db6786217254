// The codice fiscale library on the client. Its core (about 10 kB gzip with dayjs) is in the page's chunk;
// the Belfiore dataset of comuni and foreign states (about 100 kB gzip) is a chunk of its own, fetched only
// when a birthplace must be looked up, i.e. on submit. Form, check character, surname, name, birth date and
// sex need no dataset and are checked while the user types.
import type { BelfiorePlace, IBelfioreConnector, MultiFormatDate } from '@marketto/belfiore-connector'
import { CheckDigitizer, CodiceFiscaleUtils, Matcher } from '@marketto/codice-fiscale-utils'

type Step = (connector: IBelfioreConnector) => IBelfioreConnector | undefined

let dataset: Promise<IBelfioreConnector> | undefined
const loadDataset = () =>
  (dataset ??= import('@marketto/belfiore-connector-embedded').then((module) => module.belfioreConnector))

/** A connector that loads the real one on its first query; filters (active, byProvince…) are replayed on it. */
function lazyConnector(steps: readonly Step[] = []): IBelfioreConnector {
  const resolve = async () => {
    let connector: IBelfioreConnector | undefined = await loadDataset()
    for (const step of steps) connector = connector ? step(connector) : undefined
    return connector
  }
  const then = (step: Step) => lazyConnector([...steps, step])
  return {
    get provinces() {
      return resolve().then((c) => c?.provinces ?? [])
    },
    toArray: () => resolve().then((c) => c?.toArray() ?? []),
    searchByName: (name: string) => resolve().then((c) => c?.searchByName(name) ?? null),
    findByName: (name: string) => resolve().then((c) => c?.findByName(name) ?? null),
    findByCode: (code: string): Promise<BelfiorePlace | null> =>
      resolve().then((c) => c?.findByCode(code) ?? null),
    get cities() {
      return then((c) => c.cities)
    },
    get countries() {
      return then((c) => c.countries)
    },
    active: (date: MultiFormatDate) => then((c) => c.active(date)),
    from: (date: MultiFormatDate) => then((c) => c.from(date)),
    byProvince: (code: string) => then((c) => c.byProvince(code)),
  }
}

export const codiceFiscaleUtils = new CodiceFiscaleUtils(lazyConnector())

const FORM = new RegExp(`^(?:${Matcher.CODICE_FISCALE})$`)

export const isCodiceFiscaleForm = (cf: string) => FORM.test(cf)

export const hasValidCheckDigit = (cf: string) => CheckDigitizer.checkDigit(cf.slice(0, 15)) === cf[15]

/** The comune or foreign state the code names, if it existed on the birth date the code carries. */
export async function birthPlaceOf(cf: string): Promise<BelfiorePlace | null> {
  return codiceFiscaleUtils.parser.cfToBirthPlace(cf, true)
}
