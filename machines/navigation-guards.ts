/**
 * The navigation guards of spec §4, one state per step and in the spec's order, each condition a named guard.
 * The machine takes no events: it starts from its input, runs its eventless transitions to a final state and
 * returns the decision as its output, synchronously (`evaluateGuards(input)`).
 *
 * Input: { from, to, isAuthRequired (boolean, or a predicate on the target path), isKnownPath (the same, for
 *          whether the target is a page of the route table), datiIncompleti, privacy, hasToken,
 *          hasChangedCredentialsCookie, storedSectorId }
 * Output (what the router does):
 * - { type: 'allow' }                          go on to `to`
 * - { type: 'redirect', to, message? }         go to `to` instead, showing `message` when present
 * - { type: 'login', returnTo }                start the sign-in (session.signIn { returnTo })
 * and on every decision `recordLocation`: the path to store as lastLocation (step 4), or null when a step
 * before it redirected; `step`: the number of the deciding step (9 when every step let the navigation through).
 *
 * Where we depart from the spec's text, on purpose:
 * - step 1 fires whenever dati_incompleti is 1 (the original condition "rarely fires": a defect not copied);
 * - step 4 never records /scelta-disciplina, so the page asked for (the start page kept by step 6 included)
 *   survives step 7's detour and the choice continues there;
 * - steps 1, 2 and 7 never block the pages of ALWAYS_REACHABLE (profile and privacy edit, the auth pages, the
 *   legal pages, a card's public check): otherwise a user with incomplete data and no sector would bounce between /modifica-profilo
 *   and /scelta-disciplina forever;
 * - step 7 never sends an address outside the route table to the choice: the portal shows «Pagina non trovata»
 *   there (issue 19, item 5), which needs no sector; a detour would hide that the link is wrong.
 */
import { type InspectionEvent, and, assign, createActor, not, setup } from 'xstate'
import { CHANGED_CREDENTIALS_COOKIE } from '../contract/constants.ts'
import { MESSAGES } from '../contract/common.ts'
import { PATHS, isAlwaysReachable, pathOf } from './paths.ts'
import type { MachineLabels } from './labels.ts'

/** A 0/1 flag as login-get and local storage keep it (a number, or a string read back from storage). */
export type Flag = number | string | null | undefined

export interface NavigationInput {
  /** The address the user comes from (path, query and hash). */
  from: string
  /** The address the user goes to (path, query and hash). */
  to: string
  /** Whether `to` needs authentication (spec §6), or the route table's predicate for it. */
  isAuthRequired: boolean | ((to: string) => boolean)
  /** Whether `to` is a page (or a redirect) of the route table (contract/pages.ts), or the table's predicate. */
  isKnownPath: boolean | ((to: string) => boolean)
  datiIncompleti: Flag
  privacy: Flag
  hasToken: boolean
  hasChangedCredentialsCookie: boolean
  storedSectorId: number | string | null | undefined
}

export type GuardDecision =
  | { type: 'allow'; recordLocation: string | null; step: number }
  | { type: 'redirect'; to: string; message?: string; recordLocation: string | null; step: number }
  | { type: 'login'; returnTo: string; recordLocation: string | null; step: number }

export interface NavigationContext {
  from: string
  to: string
  authRequired: boolean
  knownPath: boolean
  datiIncompleti: number | null
  privacy: number | null
  hasToken: boolean
  hasChangedCredentialsCookie: boolean
  storedSectorId: number | null
  recordLocation: string | null
  decision: GuardDecision | null
}

const flag = (value: Flag): number | null => {
  if (value === null || value === undefined || value === '') return null
  const number = Number(value)
  return Number.isFinite(number) ? number : null
}

const sector = (value: number | string | null | undefined): number | null => {
  const number = flag(value)
  return number !== null && Number.isInteger(number) && number > 0 ? number : null
}

/** True when the document's cookie string carries changed_credentials=true (spec §9). */
export function hasChangedCredentials(cookie: string): boolean {
  return cookie.split(';').some((part) => part.trim() === CHANGED_CREDENTIALS_COOKIE)
}

export const navigationGuardsMachine = setup({
  types: {
    context: {} as NavigationContext,
    input: {} as NavigationInput,
    output: {} as GuardDecision,
  },
  guards: {
    hasIncompleteData: ({ context }) => context.datiIncompleti === 1,
    hasMissingPrivacy: ({ context }) => context.privacy === 0,
    isAlwaysReachable: ({ context }) => isAlwaysReachable(pathOf(context.to)),
    isFromStatePage: ({ context }) => context.from.includes('state'),
    isCredentialsCreation: ({ context }) => pathOf(context.to) === PATHS.creazioneCredenziali,
    isAuthRoute: ({ context }) => context.authRequired,
    isKnownPath: ({ context }) => context.knownPath,
    hasChangedCredentialsCookie: ({ context }) => context.hasChangedCredentialsCookie,
    hasToken: ({ context }) => context.hasToken,
    hasStoredSector: ({ context }) => context.storedSectorId !== null,
    isSectorChoice: ({ context }) => pathOf(context.to) === PATHS.sceltaDisciplina,
    isFromRoot: ({ context }) => pathOf(context.from) === PATHS.root,
  },
  actions: {
    redirect: assign(({ context }, params: { to: string; message?: string; step: number }) => ({
      decision: {
        type: 'redirect' as const,
        to: params.to,
        ...(params.message === undefined ? {} : { message: params.message }),
        recordLocation: context.recordLocation,
        step: params.step,
      },
    })),
    requireLogin: assign(({ context }) => ({
      decision: {
        type: 'login' as const,
        returnTo: context.to,
        recordLocation: context.recordLocation,
        step: 6,
      },
    })),
    recordLocation: assign(({ context }) => ({ recordLocation: context.to })),
    allow: assign(({ context }) => ({
      decision: { type: 'allow' as const, recordLocation: context.recordLocation, step: 9 },
    })),
  },
}).createMachine({
  id: 'navigationGuards',
  initial: 'incompleteData',
  context: ({ input }) => ({
    from: input.from,
    to: input.to,
    authRequired:
      typeof input.isAuthRequired === 'function' ? input.isAuthRequired(input.to) : input.isAuthRequired,
    knownPath: typeof input.isKnownPath === 'function' ? input.isKnownPath(input.to) : input.isKnownPath,
    datiIncompleti: flag(input.datiIncompleti),
    privacy: flag(input.privacy),
    hasToken: input.hasToken,
    hasChangedCredentialsCookie: input.hasChangedCredentialsCookie,
    storedSectorId: sector(input.storedSectorId),
    recordLocation: null,
    decision: null,
  }),
  output: ({ context }) => context.decision!,
  states: {
    incompleteData: {
      meta: {
        title: '1. Dati di registrazione completi?',
        description: 'Chi ha dati di registrazione incompleti va a completarli.',
      },
      always: [
        {
          guard: and(['hasIncompleteData', not('isAlwaysReachable')]),
          actions: {
            type: 'redirect',
            params: { to: PATHS.modificaProfilo, message: MESSAGES.incompleteData, step: 1 },
          },
          target: 'toProfile',
          meta: { spec: ['§4 guardia 1', '§8 registrazione incompleta'] },
        },
        { target: 'missingPrivacy' },
      ],
    },
    missingPrivacy: {
      meta: {
        title: '2. Preferenze sulla privacy espresse?',
        description: 'Chi non ha espresso le preferenze sulla privacy va a indicarle.',
      },
      always: [
        {
          guard: and(['hasMissingPrivacy', not('isAlwaysReachable')]),
          actions: {
            type: 'redirect',
            params: { to: PATHS.modificaPrivacy, message: MESSAGES.missingPrivacy, step: 2 },
          },
          target: 'toPrivacy',
          meta: { spec: ['§4 guardia 2', '§8 privacy mancante'] },
        },
        { target: 'returnFromStatePage' },
      ],
    },
    returnFromStatePage: {
      meta: {
        title: "3. Ritorno dal servizio d'accesso alla creazione credenziali?",
        description: 'Al ritorno dal servizio d’accesso si torna alla pagina di partenza.',
      },
      always: [
        {
          guard: and(['isFromStatePage', 'isCredentialsCreation']),
          actions: { type: 'redirect', params: ({ context }) => ({ to: context.from, step: 3 }) },
          target: 'backToStatePage',
          meta: { spec: '§4 guardia 3' },
        },
        { target: 'recordingLocation' },
      ],
    },
    recordingLocation: {
      meta: {
        title: "4. Registrazione dell'ultima posizione",
        description: 'La pagina richiesta si ricorda come ultima posizione.',
        spec: '§4 guardia 4',
      },
      always: [
        // The choice page is a detour (step 7, the first-visit default), never where the user was going:
        // recording it would lose the page asked for, and the choice would land on /home instead.
        { guard: 'isSectorChoice', target: 'changedCredentials' },
        { target: 'changedCredentials', actions: 'recordLocation' },
      ],
    },
    changedCredentials: {
      meta: {
        title: '5. Credenziali aggiornate (cookie changed_credentials)?',
        description: 'Chi ha appena cambiato le credenziali va alla loro creazione.',
      },
      always: [
        {
          guard: and(['isAuthRoute', not('hasChangedCredentialsCookie')]),
          actions: { type: 'redirect', params: { to: PATHS.creazioneCredenziali, step: 5 } },
          target: 'toCredentialsCreation',
          meta: { spec: '§4 guardia 5' },
        },
        { target: 'token' },
      ],
    },
    token: {
      meta: {
        title: '6. Token presente per una pagina riservata?',
        description: 'Una pagina riservata senza token chiede l’accesso.',
      },
      always: [
        {
          guard: and(['isAuthRoute', not('hasToken')]),
          target: 'loginRequired',
          actions: 'requireLogin',
          meta: { spec: '§4 guardia 6' },
        },
        { target: 'sector' },
      ],
    },
    sector: {
      meta: {
        title: '7. Settore scelto?',
        description:
          'Senza un settore scelto si va alla scelta della disciplina; un indirizzo che non è una pagina del portale mostra «Pagina non trovata».',
      },
      always: [
        {
          guard: and([
            not('hasStoredSector'),
            'isKnownPath',
            not('isSectorChoice'),
            not('isAlwaysReachable'),
          ]),
          actions: { type: 'redirect', params: { to: PATHS.sceltaDisciplina, step: 7 } },
          target: 'toSectorChoice',
          meta: { spec: '§4 guardia 7' },
        },
        { target: 'sectorAlreadyChosen' },
      ],
    },
    sectorAlreadyChosen: {
      meta: {
        title: '8. Scelta disciplina già fatta partendo da / ?',
        description: 'Chi ha già scelto la disciplina va dritto alla home.',
      },
      always: [
        {
          guard: and(['isFromRoot', 'isSectorChoice', 'hasStoredSector']),
          actions: { type: 'redirect', params: { to: PATHS.home, step: 8 } },
          target: 'toHome',
          meta: { spec: '§4 guardia 8' },
        },
        { target: 'allowed', actions: 'allow' },
      ],
    },
    allowed: {
      type: 'final',
      meta: { title: 'Navigazione consentita', description: 'La pagina richiesta si apre.' },
    },
    // One final state per redirect, so that the drawing shows where each step sends the user and what it says.
    toProfile: {
      type: 'final',
      meta: {
        title: `Si va a ${PATHS.modificaProfilo}`,
        message: MESSAGES.incompleteData,
        description: 'Si apre la modifica del profilo, con il messaggio che chiede di completare i dati.',
      },
    },
    toPrivacy: {
      type: 'final',
      meta: {
        title: `Si va a ${PATHS.modificaPrivacy}`,
        message: MESSAGES.missingPrivacy,
        description: 'Si apre la modifica della privacy, con il messaggio che chiede le preferenze.',
      },
    },
    backToStatePage: {
      type: 'final',
      meta: {
        title: 'Si torna alla pagina di provenienza',
        description: 'Si torna alla pagina da cui si è partiti per il servizio d’accesso.',
      },
    },
    toCredentialsCreation: {
      type: 'final',
      meta: {
        title: `Si va a ${PATHS.creazioneCredenziali}`,
        description: 'Si apre la creazione delle credenziali.',
      },
    },
    toSectorChoice: {
      type: 'final',
      meta: {
        title: `Si va a ${PATHS.sceltaDisciplina}`,
        description: 'Si apre la scelta della disciplina; dopo la scelta si torna alla pagina richiesta.',
      },
    },
    toHome: {
      type: 'final',
      meta: { title: `Si va a ${PATHS.home}`, description: 'Si apre la home della disciplina già scelta.' },
    },
    loginRequired: {
      type: 'final',
      meta: {
        title: 'Accesso richiesto',
        description: 'Si apre l’accesso; dopo si torna alla pagina richiesta.',
      },
    },
  },
})

/**
 * Runs the guards for one navigation and returns the decision (synchronous: the machine has no actors).
 * `inspect` sees the run (the application journals it).
 */
export function evaluateGuards(
  input: NavigationInput,
  inspect?: (event: InspectionEvent) => void,
): GuardDecision {
  const actor = createActor(navigationGuardsMachine, { input, ...(inspect ? { inspect } : {}) }).start()
  const { output, status } = actor.getSnapshot()
  actor.stop()
  if (status !== 'done' || output === undefined) throw new Error('navigationGuards: nessuna decisione')
  return output
}

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const navigationGuardsLabels: MachineLabels = {
  events: {},
  guards: {
    hasIncompleteData: "l'utente ha dati incompleti",
    hasMissingPrivacy: 'mancano le preferenze sulla privacy',
    isAlwaysReachable: 'la pagina è sempre raggiungibile',
    isFromStatePage: "si torna dal servizio d'accesso",
    isCredentialsCreation: 'la pagina è la creazione delle credenziali',
    isAuthRoute: "la pagina richiede l'accesso",
    isKnownPath: "l'indirizzo è una pagina del portale",
    hasChangedCredentialsCookie: 'le credenziali sono appena cambiate',
    hasToken: "c'è un token",
    hasStoredSector: "c'è un settore conservato",
    isSectorChoice: 'la pagina è la scelta della disciplina',
    isFromRoot: "si arriva dall'indirizzo principale",
  },
  negated: {
    isAlwaysReachable: 'la pagina non è tra quelle sempre raggiungibili',
    hasChangedCredentialsCookie: 'manca il cookie delle credenziali aggiornate',
    hasToken: 'manca il token',
    hasStoredSector: 'nessun settore è conservato',
    isSectorChoice: 'la pagina non è la scelta della disciplina',
  },
  shows: (context: NavigationContext) => {
    const decision = context.decision
    if (!decision) return []
    const shown =
      decision.type === 'allow'
        ? [`si apre la pagina ${context.to}`]
        : decision.type === 'redirect'
          ? [
              `si va alla pagina ${decision.to} invece di ${context.to}`,
              ...(decision.message ? [`compare il messaggio «${decision.message}»`] : []),
            ]
          : [`si apre l’accesso; dopo l’accesso si torna a ${decision.returnTo}`]
    return [
      ...shown,
      ...(decision.recordLocation ? [`si ricorda l’ultima posizione ${decision.recordLocation}`] : []),
    ]
  },
}
