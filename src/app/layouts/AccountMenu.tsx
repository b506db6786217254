import { useSelector } from '@xstate/react'
import { Suspense, lazy } from 'react'
import { useLocation } from 'react-router'
import { sessionActor, signIn } from '../session.ts'
import { initials } from './initials.ts'

// The menu (react-aria's menu and popover) is its own chunk: the first page's bundle stays light for visitors.
const UserMenu = lazy(() => import('./UserMenu.tsx'))

/**
 * Accedi, or the signed-in user's menu. What shows depends only on the session's state. «Accedi» lands on /home
 * (spec §2), which then links back to the page the user was on.
 */
export function AccountMenu() {
  const location = useLocation()
  const signedIn = useSelector(sessionActor, (s) => s.matches('authenticated'))
  const busy = useSelector(sessionActor, (s) => s.hasTag('busy'))
  const canSignIn = useSelector(sessionActor, (s) => s.can({ type: 'session.signIn' }))
  const name = useSelector(
    sessionActor,
    (s) => s.context.details?.persona ?? s.context.account?.name ?? s.context.account?.username ?? '',
  )
  if (!signedIn) {
    return (
      <button
        type="button"
        className="account-button"
        disabled={!canSignIn}
        onClick={() => signIn(null, `${location.pathname}${location.search}`)}
      >
        {busy ? 'Accesso…' : 'Accedi'}
      </button>
    )
  }
  return (
    <Suspense fallback={<AvatarPlaceholder name={name} />}>
      <UserMenu name={name} />
    </Suspense>
  )
}

/** What shows while the menu's code arrives (just after signing in): the same avatar, not yet a menu. */
function AvatarPlaceholder({ name }: { name: string }) {
  const mark = initials(name)
  return (
    <button type="button" className="account-button" aria-label={`${mark}: il tuo profilo, ${name}`} disabled>
      {mark}
    </button>
  )
}
