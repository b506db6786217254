import { useSelector } from '@xstate/react'
import { useLocation } from 'react-router'
import { sessionActor, signIn } from './session.ts'

/**
 * What a visitor sees where a signed-in user would act (comment, enrol): why, and a button that signs in and
 * comes back to this page. Disabled while the session cannot start a sign-in (one is already under way).
 */
export function SignInPrompt({
  text,
  action,
  className = 'empty-state',
}: {
  text: string
  action: string
  className?: string
}) {
  const location = useLocation()
  const canSignIn = useSelector(sessionActor, (s) => s.can({ type: 'session.signIn', returnTo: null }))
  return (
    <div className={className}>
      <p>{text}</p>
      <button
        type="button"
        className="button"
        disabled={!canSignIn}
        onClick={() => signIn(location.pathname)}
      >
        {action}
      </button>
    </div>
  )
}
