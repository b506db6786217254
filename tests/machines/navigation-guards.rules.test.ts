// The navigation guards of spec §4 (machines/navigation-guards.ts) step by step, against the spec's if-chain
// restated in the model (models/navigation-guards.model.ts › oracle) and the machine's header: fast, so that
// `npm run mutation` runs them against each mutant (the model's paths are in navigation-guards.test.ts).
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import {
  type GuardDecision,
  type NavigationInput,
  type NavigationContext,
  evaluateGuards,
  hasChangedCredentials,
  navigationGuardsLabels,
  navigationGuardsMachine,
} from '../../machines/navigation-guards.ts'
import {
  AUTH_ROUTES,
  STAYS_REACHABLE,
  UNKNOWN_PATH,
  known as knownPath,
  oracle,
} from './models/navigation-guards.model.ts'

/** A signed-in user with complete data, privacy given, credentials changed and a sector chosen. */
const ok: NavigationInput = {
  from: '/home',
  to: '/news',
  isAuthRequired: false,
  isKnownPath: true,
  datiIncompleti: 0,
  privacy: 1,
  hasToken: true,
  hasChangedCredentialsCookie: true,
  storedSectorId: 1,
}
const auth = (to: string) => AUTH_ROUTES.includes(to.split(/[?#]/)[0]!)
const go = (overrides: Partial<NavigationInput>) => evaluateGuards({ ...ok, ...overrides })

describe('evaluateGuards: the eight steps of spec §4', () => {
  it('lets a complete navigation through and records the location', () => {
    expect(go({})).toEqual({ type: 'allow', recordLocation: '/news', step: 9 })
  })

  it('1. sends incomplete registrations to /modifica-profilo, whatever else holds', () => {
    const expected = {
      type: 'redirect',
      to: '/modifica-profilo',
      message: 'Prima di vistare il sito, completa la registrazione!',
      recordLocation: null,
      step: 1,
    }
    expect(go({ datiIncompleti: 1 })).toEqual(expected)
    // Fires whenever dati_incompleti is 1: the original "rarely fires" condition is not copied.
    for (const to of ['/', '/home', '/scelta-disciplina', '/impostazioni', '/tornei/calendario-tornei']) {
      for (const privacy of [0, 1, null]) {
        for (const storedSectorId of [null, 1]) {
          expect(go({ datiIncompleti: 1, to, privacy, storedSectorId, hasToken: false })).toEqual(expected)
        }
      }
    }
    expect(go({ datiIncompleti: '1' })).toEqual(expected)
    expect(go({ datiIncompleti: null }).type).toBe('allow')
  })

  it('2. sends a missing privacy choice to /modifica-privacy', () => {
    expect(go({ privacy: 0 })).toEqual({
      type: 'redirect',
      to: '/modifica-privacy',
      message: MESSAGES.missingPrivacy,
      recordLocation: null,
      step: 2,
    })
    expect(go({ privacy: '0' }).step).toBe(2)
    expect(go({ privacy: null }).type).toBe('allow')
  })

  it("3. returns from the identity service's 'state' page instead of creating credentials", () => {
    const from = '/tornei/dettaglio-torneo/12#state=eyJpZCI6IjEifQ&code=abc'
    expect(go({ from, to: '/creazione-credenziali' })).toEqual({
      type: 'redirect',
      to: from,
      recordLocation: null,
      step: 3,
    })
    expect(go({ from: '/home', to: '/creazione-credenziali' }).type).toBe('allow')
    expect(go({ from, to: '/home' }).type).toBe('allow')
  })

  it('4. records the last location once steps 1-3 let the navigation through', () => {
    expect(go({ to: '/news?disciplina=padel' }).recordLocation).toBe('/news?disciplina=padel')
    expect(go({ to: '/impostazioni', isAuthRequired: true, hasToken: false }).recordLocation).toBe(
      '/impostazioni',
    )
    expect(go({ datiIncompleti: 1 }).recordLocation).toBeNull()
  })

  it('4. never records /scelta-disciplina: the page asked for survives the detour of step 7', () => {
    expect(go({ storedSectorId: null, to: '/scelta-disciplina' })).toEqual({
      type: 'allow',
      recordLocation: null,
      step: 9,
    })
    expect(go({ to: '/scelta-disciplina?settore=2' }).recordLocation).toBeNull()
  })

  it('5. sends an auth route without the changed_credentials cookie to /creazione-credenziali', () => {
    expect(go({ to: '/impostazioni', isAuthRequired: auth, hasChangedCredentialsCookie: false })).toEqual({
      type: 'redirect',
      to: '/creazione-credenziali',
      recordLocation: '/impostazioni',
      step: 5,
    })
    expect(go({ to: '/news', isAuthRequired: auth, hasChangedCredentialsCookie: false }).type).toBe('allow')
  })

  it('6. starts the sign-in for an auth route without a token, keeping the target', () => {
    expect(go({ to: '/elenco-tessere?pagina=2', isAuthRequired: auth, hasToken: false })).toEqual({
      type: 'login',
      returnTo: '/elenco-tessere?pagina=2',
      recordLocation: '/elenco-tessere?pagina=2',
      step: 6,
    })
    expect(go({ to: '/elenco-tessere', isAuthRequired: auth }).type).toBe('allow')
    expect(go({ to: '/news', isAuthRequired: auth, hasToken: false }).type).toBe('allow')
  })

  it('7. sends everything but /scelta-disciplina to /scelta-disciplina when no sector is stored', () => {
    expect(go({ storedSectorId: null })).toEqual({
      type: 'redirect',
      to: '/scelta-disciplina',
      recordLocation: '/news',
      step: 7,
    })
    expect(go({ storedSectorId: '' }).step).toBe(7)
    expect(go({ storedSectorId: null, to: '/scelta-disciplina' }).type).toBe('allow')
    expect(go({ storedSectorId: '4' }).type).toBe('allow')
  })

  it('7. leaves an address outside the route table alone: «Pagina non trovata», not the discipline choice', () => {
    const unknown = { storedSectorId: null, to: '/pagina-che-non-esiste', isKnownPath: false }
    expect(go(unknown)).toEqual({ type: 'allow', recordLocation: '/pagina-che-non-esiste', step: 9 })
    // The route table's predicate, asked about the path only (not the query nor the hash).
    const known = (to: string) => to.split(/[?#]/)[0] !== '/pagina-che-non-esiste'
    expect(go({ ...unknown, to: '/pagina-che-non-esiste?x=1#y', isKnownPath: known }).type).toBe('allow')
    expect(go({ ...unknown, to: '/news', isKnownPath: known }).step).toBe(7)
    // The other steps still hold for an unknown address.
    expect(go({ ...unknown, datiIncompleti: 1 }).step).toBe(1)
    expect(go({ ...unknown, privacy: 0 }).step).toBe(2)
  })

  it('8. skips the choice when coming from / with a sector already set', () => {
    expect(go({ from: '/', to: '/scelta-disciplina' })).toEqual({
      type: 'redirect',
      to: '/home',
      recordLocation: null,
      step: 8,
    })
    expect(go({ from: '/', to: '/scelta-disciplina', storedSectorId: null }).type).toBe('allow')
    expect(go({ from: '/home', to: '/scelta-disciplina' }).type).toBe('allow')
  })
})

describe('evaluateGuards: pages that stay reachable', () => {
  it.each(STAYS_REACHABLE)(
    '%s is never blocked by incomplete data, missing privacy or a missing sector',
    (to) => {
      const decision = go({
        to,
        datiIncompleti: 1,
        privacy: 0,
        storedSectorId: null,
        isAuthRequired: auth,
      })
      expect(decision).toEqual({ type: 'allow', recordLocation: to, step: 9 })
    },
  )

  it('still protects the reachable auth routes (steps 5 and 6)', () => {
    const input = { to: '/modifica-profilo', datiIncompleti: 1, isAuthRequired: auth }
    expect(go({ ...input, hasChangedCredentialsCookie: false }).step).toBe(5)
    expect(go({ ...input, hasToken: false }).type).toBe('login')
  })
})

describe('evaluateGuards: against the spec, exhaustively', () => {
  const froms = ['/', '/home', '/tornei/calendario-tornei#state=abc&code=1']
  const tos = [
    '/',
    '/home',
    '/scelta-disciplina',
    '/impostazioni',
    '/modifica-profilo',
    '/modifica-privacy',
    '/creazione-credenziali',
    '/privacy',
    '/news?disciplina=padel',
    UNKNOWN_PATH,
  ]
  const inputs: NavigationInput[] = []
  for (const from of froms)
    for (const to of tos)
      for (const datiIncompleti of [0, 1, null])
        for (const privacy of [0, 1, null])
          for (const hasToken of [true, false])
            for (const hasChangedCredentialsCookie of [true, false])
              for (const storedSectorId of [null, 1])
                inputs.push({
                  from,
                  to,
                  isAuthRequired: auth,
                  isKnownPath: knownPath,
                  datiIncompleti,
                  privacy,
                  hasToken,
                  hasChangedCredentialsCookie,
                  storedSectorId,
                })

  it(`decides as the spec's if-chain on ${inputs.length} navigations`, () => {
    const disagreements = inputs
      .map((input) => ({ input, machine: evaluateGuards(input), spec: oracle(input) }))
      .filter(({ machine, spec }) => !isDeepStrictEqual(machine, spec))
    expect(disagreements).toEqual([])
  })

  it('never redirects in a loop: following redirects ends in allow or login within 4 hops', () => {
    const hopsToSettle = (start: NavigationInput) => {
      let input = start
      let decision: GuardDecision = evaluateGuards(input)
      let hops = 0
      while (decision.type === 'redirect' && hops <= 4) {
        hops += 1
        input = { ...input, from: input.to, to: decision.to }
        decision = evaluateGuards(input)
      }
      return hops
    }
    expect(inputs.filter((input) => hopsToSettle(input) > 4)).toEqual([])
    expect(Math.max(...inputs.map(hopsToSettle))).toBeGreaterThan(1)
  })
})

describe('the changed_credentials cookie', () => {
  it('is recognised among other cookies, and only with the value true', () => {
    expect(hasChangedCredentials('a=1; changed_credentials=true; b=2')).toBe(true)
    expect(hasChangedCredentials('changed_credentials=true')).toBe(true)
    expect(hasChangedCredentials('changed_credentials=false')).toBe(false)
    expect(hasChangedCredentials('xchanged_credentials=true')).toBe(false)
    expect(hasChangedCredentials('')).toBe(false)
  })
})

describe('evaluateGuards: the flags as login-get and the storage keep them', () => {
  it('reads 0/1 as numbers or strings, and nothing else as a flag', () => {
    expect(go({ privacy: '' }).type).toBe('allow')
    expect(go({ privacy: undefined }).type).toBe('allow')
    expect(go({ privacy: 'no' }).type).toBe('allow')
    expect(go({ datiIncompleti: 'sì' }).type).toBe('allow')
    expect(go({ datiIncompleti: '' }).type).toBe('allow')
  })

  it('keeps a stored sector only when it is a positive whole number', () => {
    for (const storedSectorId of ['0', 0, -1, '1.5', 'padel', undefined, ''])
      expect([storedSectorId, go({ storedSectorId }).step]).toEqual([storedSectorId, 7])
    expect(go({ storedSectorId: '2' }).step).toBe(9)
  })

  it('takes whether the target needs authentication or is a page as a flag or as the route table’s predicate', () => {
    const seen: string[] = []
    const predicate = (to: string) => {
      seen.push(to)
      return false
    }
    expect(
      go({
        to: '/impostazioni?x=1',
        isAuthRequired: predicate,
        isKnownPath: predicate,
        storedSectorId: null,
        hasToken: false,
      }).type,
    ).toBe('allow')
    expect(seen).toEqual(['/impostazioni?x=1', '/impostazioni?x=1'])
    expect(go({ isAuthRequired: true, hasToken: false }).type).toBe('login')
    expect(go({ isKnownPath: false, storedSectorId: null }).type).toBe('allow')
  })

  it('lets the journal see the run through `inspect`', () => {
    const events: string[] = []
    expect(go({}).type).toBe('allow')
    evaluateGuards(ok, (event) => events.push(event.type))
    expect(events).toContain('@xstate.snapshot')
  })

  it('treats the path, not its trailing slash, query or hash, as the page', () => {
    expect(go({ from: '/?x=1', to: '/scelta-disciplina/' }).step).toBe(8)
    expect(go({ from: '/home', to: '/creazione-credenziali?a=1', hasToken: true }).step).toBe(9)
    expect(go({ from: '/x#state=1', to: '/creazione-credenziali#y' }).step).toBe(3)
    expect(go({ to: '/modifica-profilo/', datiIncompleti: 1 }).step).toBe(9)
  })
})

describe('navigationGuards: what the statechart viewer and the flow report show', () => {
  const states = navigationGuardsMachine.states

  it('numbers the eight steps in the spec’s order and says where each redirect goes', () => {
    const titles = Object.fromEntries(Object.entries(states).map(([key, node]) => [key, node.meta?.title]))
    expect(titles).toEqual({
      incompleteData: '1. Dati di registrazione completi?',
      missingPrivacy: '2. Preferenze sulla privacy espresse?',
      returnFromStatePage: "3. Ritorno dal servizio d'accesso alla creazione credenziali?",
      recordingLocation: "4. Registrazione dell'ultima posizione",
      changedCredentials: '5. Credenziali aggiornate (cookie changed_credentials)?',
      token: '6. Token presente per una pagina riservata?',
      sector: '7. Settore scelto?',
      sectorAlreadyChosen: '8. Scelta disciplina già fatta partendo da / ?',
      allowed: 'Navigazione consentita',
      toProfile: 'Si va a /modifica-profilo',
      toPrivacy: 'Si va a /modifica-privacy',
      backToStatePage: 'Si torna alla pagina di provenienza',
      toCredentialsCreation: 'Si va a /creazione-credenziali',
      toSectorChoice: 'Si va a /scelta-disciplina',
      toHome: 'Si va a /home',
      loginRequired: 'Accesso richiesto',
    })
    for (const node of Object.values(states))
      expect(String(node.meta?.description)).toMatch(/^[A-ZÀ-Ý].{15,}\.$/s)
    expect(states.toProfile?.meta?.message).toBe(MESSAGES.incompleteData)
    expect(states.toPrivacy?.meta?.message).toBe(MESSAGES.missingPrivacy)
    expect(navigationGuardsMachine.id).toBe('navigationGuards')
  })

  it('names the requirement of each step (meta.spec)', () => {
    const claimed = Object.entries(states).flatMap(([key, node]) =>
      (node.always ?? []).map((t) => [key, (t.meta as { spec?: unknown } | undefined)?.spec ?? null]),
    )
    expect(claimed).toEqual([
      ['incompleteData', ['§4 guardia 1', '§8 registrazione incompleta']],
      ['incompleteData', null],
      ['missingPrivacy', ['§4 guardia 2', '§8 privacy mancante']],
      ['missingPrivacy', null],
      ['returnFromStatePage', '§4 guardia 3'],
      ['returnFromStatePage', null],
      ['recordingLocation', null],
      ['recordingLocation', null],
      ['changedCredentials', '§4 guardia 5'],
      ['changedCredentials', null],
      ['token', '§4 guardia 6'],
      ['token', null],
      ['sector', '§4 guardia 7'],
      ['sector', null],
      ['sectorAlreadyChosen', '§4 guardia 8'],
      ['sectorAlreadyChosen', null],
    ])
    expect(states.recordingLocation?.meta?.spec).toBe('§4 guardia 4')
  })

  const shows = (decision: GuardDecision | null) =>
    (navigationGuardsLabels.shows as (context: NavigationContext) => string[])({
      to: '/news',
      decision,
    } as NavigationContext)

  it('says each guard it negates in Italian as the negation reads, for the drawing', () => {
    expect(navigationGuardsLabels.negated).toEqual({
      isAlwaysReachable: 'la pagina non è tra quelle sempre raggiungibili',
      hasChangedCredentialsCookie: 'manca il cookie delle credenziali aggiornate',
      hasToken: 'manca il token',
      hasStoredSector: 'nessun settore è conservato',
      isSectorChoice: 'la pagina non è la scelta della disciplina',
    })
  })

  it('tells in Italian what the user sees after each decision', () => {
    expect(shows(null)).toEqual([])
    expect(shows({ type: 'allow', recordLocation: '/news', step: 9 })).toEqual([
      'si apre la pagina /news',
      'si ricorda l’ultima posizione /news',
    ])
    expect(
      shows({ type: 'redirect', to: '/modifica-privacy', message: 'Scegli', recordLocation: null, step: 2 }),
    ).toEqual(['si va alla pagina /modifica-privacy invece di /news', 'compare il messaggio «Scegli»'])
    expect(shows({ type: 'redirect', to: '/home', recordLocation: null, step: 8 })).toEqual([
      'si va alla pagina /home invece di /news',
    ])
    expect(shows({ type: 'login', returnTo: '/news', recordLocation: null, step: 6 })).toEqual([
      'si apre l’accesso; dopo l’accesso si torna a /news',
    ])
  })
})
