import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { disciplineActor } from './discipline.ts'
import { sessionActor } from './session.ts'

/**
 * The router follows the machines: after sign-in to /home (or the kept path), after sign-out to '/', after a
 * shared link (`?settore=`) to the shared page, or to the last stored location when it names no page.
 */
export function SessionRedirects() {
  const navigate = useNavigate()
  const sessionTarget = useSelector(sessionActor, (s) => s.context.redirectTo)
  const disciplineTarget = useSelector(disciplineActor, (s) => s.context.redirectTo)
  useEffect(() => {
    if (!sessionTarget) return
    sessionActor.send({ type: 'router.redirected' })
    void navigate(sessionTarget, { replace: true })
  }, [sessionTarget, navigate])
  useEffect(() => {
    if (!disciplineTarget) return
    disciplineActor.send({ type: 'router.redirected' })
    void navigate(disciplineTarget, { replace: true })
  }, [disciplineTarget, navigate])
  return null
}
