import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { useLocation, useNavigate, useNavigation } from 'react-router'
import { disciplineActor } from './discipline.ts'
import { withoutChoice } from './sector-address.ts'
import { sessionActor } from './session.ts'

/**
 * The router follows the machines: after sign-in to /home (or the kept path), after sign-out to '/', after a
 * shared link (`?settore=`) to the shared page, or to the last stored location when it names no page.
 */
export function SessionRedirects() {
  const navigate = useNavigate()
  // Where the router is, or is going: a shared link's page is usually that very address (the router opened it
  // and wrote the sector in it, src/app/sector-address.ts), and going there again would be a second visit.
  const location = useLocation()
  const pending = useNavigation().location
  const { pathname, search, hash } = pending ?? location
  const here = withoutChoice(`${pathname}${search}${hash}`)
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
    if (withoutChoice(disciplineTarget) !== here) void navigate(disciplineTarget, { replace: true })
  }, [disciplineTarget, navigate, here])
  return null
}
