import { useSelector } from '@xstate/react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { href } from '../paths.ts'
import { sessionActor, signIn, signOut } from '../session.ts'

/**
 * Accedi, or the signed-in user's menu (a disclosure: light enough for the first page's bundle).
 * What shows depends only on the session's state.
 */
export function AccountMenu() {
  const signedIn = useSelector(sessionActor, (s) => s.matches('authenticated'))
  const busy = useSelector(sessionActor, (s) => s.hasTag('busy'))
  const canSignIn = useSelector(sessionActor, (s) => s.can({ type: 'session.signIn' }))
  const name = useSelector(
    sessionActor,
    (s) => s.context.details?.persona ?? s.context.account?.name ?? s.context.account?.username ?? '',
  )
  if (!signedIn) {
    return (
      <button type="button" className="account-button" disabled={!canSignIn} onClick={() => signIn(null)}>
        {busy ? 'Accesso…' : 'Accedi'}
      </button>
    )
  }
  return <UserMenu name={name} />
}

function UserMenu({ name }: { name: string }) {
  const [open, setOpen] = useState(false)
  const menuId = useId()
  const wrapper = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const location = useLocation()
  const [path, setPath] = useState(location.pathname)
  if (path !== location.pathname) {
    setPath(location.pathname)
    setOpen(false)
  }
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false)
        button.current?.focus()
      }
    }
    const onClick = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('click', onClick)
    }
  }, [open])
  return (
    <div className="account" ref={wrapper}>
      <button
        ref={button}
        type="button"
        className="account-button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${initials(name)}: il tuo profilo, ${name}`}
        onClick={() => setOpen((value) => !value)}
      >
        {initials(name)}
      </button>
      <ul id={menuId} className="account-menu" hidden={!open}>
        <li>
          <Link to={href('impostazioni')}>Impostazioni</Link>
        </li>
        <li>
          <Link to={href('elencoTessere')}>Le mie tessere</Link>
        </li>
        <li>
          <Link to={href('modificaProfilo')}>Modifica profilo</Link>
        </li>
        <li>
          <button type="button" className="link-button" onClick={signOut}>
            Esci
          </button>
        </li>
      </ul>
    </div>
  )
}

function initials(name: string): string {
  const parts = name.split(/[\s@.]+/).filter(Boolean)
  return (parts[0]?.[0] ?? '?').toUpperCase() + (parts[1]?.[0] ?? '').toUpperCase()
}
