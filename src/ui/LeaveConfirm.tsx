import { Suspense, lazy, useEffect } from 'react'
import { useBlocker } from 'react-router'

/** The dialog (react-aria's modal, some 30 kB gzip) loads once there is something to protect. */
const LeaveConfirmDialog = lazy(() => import('./LeaveConfirmDialog.tsx'))

/**
 * Protects unsaved work while `active`: an in-app navigation asks first, in Italian (react-router's blocker),
 * and closing or reloading the tab gets the browser's own warning (beforeunload).
 */
export function LeaveConfirm({ active, message }: { active: boolean; message: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  )
  useEffect(() => {
    if (!active) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [active])
  const blocked = blocker.state === 'blocked'
  if (!active && !blocked) return null
  return (
    <Suspense fallback={null}>
      <LeaveConfirmDialog
        isOpen={blocked}
        message={message}
        onStay={() => {
          if (blocker.state === 'blocked') blocker.reset()
        }}
        onLeave={() => blocker.proceed?.()}
      />
    </Suspense>
  )
}
