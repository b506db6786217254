// The navigation guards of spec §4, run by the root route's loader before every navigation. The decision is
// the navigationGuards machine's; this module only gathers its input and carries out its output.
import { redirect, type LoaderFunctionArgs } from 'react-router'
import { evaluateGuards, hasChangedCredentials } from '../../machines/navigation-guards.ts'
import { journalInspector } from '../journal/journal.ts'
import { disciplinaStore } from '../stores/disciplina.ts'
import { navigazioneStore } from '../stores/navigazione.ts'
import { utenteStore } from '../stores/utente.ts'
import { readSharedChoice } from '../ui/share.ts'
import { disciplineActor } from './discipline.ts'
import { isAuthRequired, isKnownPath } from './paths.ts'
import { sectorAddress } from './sector-address.ts'
import { sessionFlagsKnown, signIn } from './session.ts'

// The first navigation of a page load comes from outside the portal, not from '/' (step 8 must not fire).
let currentAddress = 'about:blank'
let redirectedFrom: string | null = null

/** A redirect route (e.g. '/' → /scelta-disciplina) tells the guards where the navigation really came from. */
export function markRedirectedFrom(path: string) {
  redirectedFrom = path
}

export type RootLoaderData = { signingIn: boolean }

export async function guardLoader({ request }: LoaderFunctionArgs): Promise<RootLoaderData> {
  const url = new URL(request.url)
  const to = `${url.pathname}${url.search}${url.hash}`
  // Who the user is, and the server's flags, must be known before deciding (a stored token is still being
  // restored at start-up; the flags come with the login call).
  if (isAuthRequired(url.pathname) || utenteStore.getSnapshot().context.token) await sessionFlagsKnown()
  const utente = utenteStore.getSnapshot().context
  const from = redirectedFrom ?? currentAddress
  redirectedFrom = null
  const decision = evaluateGuards(
    {
      from,
      to,
      // A value, not the predicate: the journal keeps the input so that the statechart viewer can replay it.
      isAuthRequired: isAuthRequired(url.pathname),
      // Outside the route table the portal shows «Pagina non trovata»: no detour to the discipline choice.
      isKnownPath: isKnownPath(url.pathname),
      datiIncompleti: utente.login?.dati_incompleti,
      privacy: utente.login?.privacy,
      hasToken: utente.token !== null,
      hasChangedCredentialsCookie: hasChangedCredentials(document.cookie),
      storedSectorId: disciplinaStore.getSnapshot().context.id_settore,
    },
    journalInspector,
  )
  if (decision.recordLocation) navigazioneStore.trigger.locationRecorded({ path: decision.recordLocation })
  switch (decision.type) {
    case 'redirect':
      if (decision.message) navigazioneStore.trigger.noticeShown({ message: decision.message })
      throw redirect(decision.to)
    case 'login':
      // The page is not shown: the identity service takes over and brings the user back to returnTo.
      signIn(decision.returnTo)
      return { signingIn: true }
    case 'allow': {
      // An address naming another sector than the stored one (a link, Back to a page seen before another choice)
      // opens as that sector (issue 19, item 3); Root writes the sector into addresses that lack it.
      const address = sectorAddress(url, disciplinaStore.getSnapshot().context.id_settore)
      if (address.type === 'apply') {
        const shared = readSharedChoice(url)
        if (shared) disciplineActor.send({ type: 'discipline.fromQuery', ...shared })
      }
      currentAddress = to
      return { signingIn: false }
    }
  }
}
