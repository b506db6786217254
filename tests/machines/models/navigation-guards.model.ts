// Model of the navigation guards (spec §4 "Navigation guards, in order"). The machine takes no events: each
// scenario is one navigation, and the path is the chain of steps it runs through. The oracle below restates
// the eight steps from the spec (with our two documented departures) as a plain if-chain.
import assert from 'node:assert/strict'
import { MESSAGES } from '../../../contract/common.ts'
import type { GuardDecision, NavigationInput } from '../../../machines/navigation-guards.ts'
import { navigationGuardsMachine } from '../../../machines/navigation-guards.ts'
import type { ExecutedStep, MachineModel, Scenario } from '../coverage.ts'

/** Routes that need authentication (spec §2, §6). */
export const AUTH_ROUTES = ['/impostazioni', '/elenco-tessere', '/modifica-profilo', '/modifica-privacy']
/** Spec §4 and the brief: where incomplete data or missing privacy never blocks. */
export const STAYS_REACHABLE = [
  '/modifica-profilo',
  '/modifica-privacy',
  '/creazione-credenziali',
  '/verify-email',
  '/reset-password',
  '/crea-password',
  '/privacy',
  '/cookies',
  '/dichiarazione-di-accessibilita',
]

const path = (address: string) => address.split(/[?#]/)[0]

/** An address outside the route table (contract/pages.ts): the portal shows «Pagina non trovata» there. */
export const UNKNOWN_PATH = '/pagina-che-non-esiste'
/** The route table's predicate, as the model sees it: every address but UNKNOWN_PATH is a page. */
export const known = (to: string) => path(to) !== UNKNOWN_PATH

/** The spec's steps in order, independently of the machine. */
export function oracle(input: NavigationInput): GuardDecision {
  const to = path(input.to)!
  const reachable = STAYS_REACHABLE.includes(to)
  const authRequired =
    typeof input.isAuthRequired === 'function' ? input.isAuthRequired(input.to) : input.isAuthRequired
  const knownPath = typeof input.isKnownPath === 'function' ? input.isKnownPath(input.to) : input.isKnownPath
  const sector =
    input.storedSectorId === null || input.storedSectorId === undefined ? null : input.storedSectorId
  if (Number(input.datiIncompleti) === 1 && input.datiIncompleti !== null && !reachable) {
    return {
      type: 'redirect',
      to: '/modifica-profilo',
      message: MESSAGES.incompleteData,
      recordLocation: null,
      step: 1,
    }
  }
  if (input.privacy !== null && input.privacy !== undefined && Number(input.privacy) === 0 && !reachable) {
    return {
      type: 'redirect',
      to: '/modifica-privacy',
      message: MESSAGES.missingPrivacy,
      recordLocation: null,
      step: 2,
    }
  }
  if (input.from.includes('state') && to === '/creazione-credenziali') {
    return { type: 'redirect', to: input.from, recordLocation: null, step: 3 }
  }
  // Our departure: the choice page is never recorded, so the page asked for survives step 7's detour.
  const recordLocation = to === '/scelta-disciplina' ? null : input.to
  if (authRequired && !input.hasChangedCredentialsCookie) {
    return { type: 'redirect', to: '/creazione-credenziali', recordLocation, step: 5 }
  }
  if (authRequired && !input.hasToken) return { type: 'login', returnTo: input.to, recordLocation, step: 6 }
  // Our departure: an address outside the route table is not sent to the choice («Pagina non trovata» shows).
  if (sector === null && knownPath && to !== '/scelta-disciplina' && !reachable) {
    return { type: 'redirect', to: '/scelta-disciplina', recordLocation, step: 7 }
  }
  if (path(input.from) === '/' && to === '/scelta-disciplina' && sector !== null) {
    return { type: 'redirect', to: '/home', recordLocation, step: 8 }
  }
  return { type: 'allow', recordLocation, step: 9 }
}

const base: NavigationInput = {
  from: '/home',
  to: '/news',
  isAuthRequired: (to) => AUTH_ROUTES.includes(path(to)!),
  isKnownPath: known,
  datiIncompleti: 0,
  privacy: 1,
  hasToken: true,
  hasChangedCredentialsCookie: true,
  storedSectorId: 1,
}

/** One navigation per branch of each step, named as a product owner would. */
export const NAVIGATIONS: readonly { name: string; input: NavigationInput }[] = [
  { name: 'Pagina pubblica, tutto in ordine', input: base },
  { name: '1. Dati incompleti: verso la modifica del profilo', input: { ...base, datiIncompleti: 1 } },
  {
    name: '1. Dati incompleti, ma la modifica del profilo resta raggiungibile',
    input: { ...base, datiIncompleti: 1, to: '/modifica-profilo' },
  },
  {
    name: '1. Dati incompleti (valore letto dal salvataggio), pagina legale raggiungibile',
    input: { ...base, datiIncompleti: '1', to: '/cookies' },
  },
  { name: '2. Privacy mancante: verso le preferenze', input: { ...base, privacy: 0 } },
  {
    name: '2. Privacy mancante, ma le pagine di accesso restano raggiungibili',
    input: { ...base, privacy: 0, to: '/verify-email' },
  },
  {
    name: "3. Ritorno dal servizio d'accesso alla creazione credenziali",
    input: {
      ...base,
      from: '/tornei/calendario-tornei#state=eyJhYmMi&code=123',
      to: '/creazione-credenziali',
    },
  },
  {
    name: '3. Creazione credenziali da una pagina qualsiasi',
    input: { ...base, to: '/creazione-credenziali' },
  },
  {
    name: '5. Pagina riservata senza il cookie delle credenziali',
    input: { ...base, to: '/impostazioni', hasChangedCredentialsCookie: false },
  },
  {
    name: '6. Pagina riservata senza token: accesso richiesto',
    input: { ...base, to: '/elenco-tessere', hasToken: false },
  },
  { name: '6. Pagina riservata con token', input: { ...base, to: '/elenco-tessere' } },
  { name: '7. Nessun settore: verso la scelta della disciplina', input: { ...base, storedSectorId: null } },
  {
    name: '7. Nessun settore, già sulla scelta della disciplina',
    input: { ...base, storedSectorId: null, to: '/scelta-disciplina' },
  },
  {
    name: '7. Nessun settore, indirizzo sconosciuto: «Pagina non trovata», non la scelta della disciplina',
    input: { ...base, storedSectorId: null, to: UNKNOWN_PATH },
  },
  {
    name: '7. Nessun settore, pagina privacy raggiungibile',
    input: { ...base, storedSectorId: null, to: '/privacy' },
  },
  {
    name: '8. Da / alla scelta della disciplina con un settore: verso la home',
    input: { ...base, from: '/', to: '/scelta-disciplina' },
  },
  {
    name: '8. Scelta della disciplina da un’altra pagina',
    input: { ...base, from: '/home', to: '/scelta-disciplina' },
  },
  {
    name: '8. Da / a un’altra pagina con un settore',
    input: { ...base, from: '/', to: '/home' },
  },
]

function checkNavigation({ scenario, event, after }: ExecutedStep) {
  assert.equal(event.type, 'xstate.init')
  assert.equal(after.status, 'done', 'le regole decidono senza attendere nulla')
  assert.deepEqual(after.output, oracle(scenario.input as NavigationInput))
}

export const navigationGuardsModel: MachineModel = {
  machine: navigationGuardsMachine,
  scenarios: NAVIGATIONS.map((navigation): Scenario => ({ name: navigation.name, input: navigation.input })),
  // The predicate in the input is not data: the model state is the machine's (serializable) context.
  abstract: (snapshot) => ({ value: snapshot.value, status: snapshot.status, context: snapshot.context }),
  check: checkNavigation,
}
