import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Button, Menu, MenuItem, MenuTrigger, Popover, RouterProvider } from 'react-aria-components'
import { useLocation, useNavigate } from 'react-router'
import { avvisiActor } from '../avvisi.ts'
import { href } from '../paths.ts'
import { signOut } from '../session.ts'
import { accountLabel, initials, unseenLabel } from './initials.ts'

/**
 * The signed-in user's menu: react-aria's menu button (arrow keys, Home/End, typing a letter, Esc back to the
 * avatar) in a popover that places itself inside the viewport at any width, flipping and shifting as needed.
 * The avatar carries the count of unseen notices (avvisi). Loaded only once someone is signed in, so anonymous
 * visitors never download it.
 */
export default function UserMenu({ name }: { name: string }) {
  const navigate = useNavigate()
  const mark = initials(name)
  const unseen = useSelector(avvisiActor, (s) => s.context.totale)
  useAvvisiFollowing()
  return (
    <RouterProvider navigate={(path) => void navigate(path)}>
      <MenuTrigger>
        {/* The count sits beside the button, not in it: the button's visible text stays its initials, which its
            accessible name begins with (axe: label-content-name-mismatch); the name says the count. */}
        <span className="account-avatar">
          <Button className="account-button" aria-label={accountLabel(mark, name, unseen)}>
            {mark}
          </Button>
          {unseen > 0 && (
            <span className="account-badge" aria-hidden="true">
              {unseen > 99 ? '99+' : unseen}
            </span>
          )}
        </span>
        <Popover className="account-popover" placement="bottom end" offset={6} containerPadding={8}>
          {/* Named items: the notices' item comes and goes, and the keyboard's first item must stay the first shown. */}
          <Menu className="account-menu">
            {unseen > 0 && (
              <MenuItem id="avvisi" className="account-menu-item" href={`${href('home')}#avvisi`}>
                {unseenLabel(unseen)}
              </MenuItem>
            )}
            <MenuItem id="impostazioni" className="account-menu-item" href={href('impostazioni')}>
              Impostazioni
            </MenuItem>
            <MenuItem id="tessere" className="account-menu-item" href={href('elencoTessere')}>
              Le mie tessere
            </MenuItem>
            <MenuItem id="sfide" className="account-menu-item" href={href('sfide')}>
              Le mie sfide
            </MenuItem>
            <MenuItem id="cerca-compagno" className="account-menu-item" href={href('cercaCompagno')}>
              Cerca compagno
            </MenuItem>
            <MenuItem id="profilo" className="account-menu-item" href={href('modificaProfilo')}>
              Modifica profilo
            </MenuItem>
            <MenuItem id="esci" className="account-menu-item" onAction={signOut}>
              Esci
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
    </RouterProvider>
  )
}

/**
 * Keeps the notices current while someone is signed in: at each page opened and when the tab comes back into
 * view (a notice sent meanwhile shows up); forgotten at sign-out.
 */
function useAvvisiFollowing() {
  const { pathname } = useLocation()
  useEffect(() => {
    avvisiActor.send({ type: 'avvisi.load', page: pathname })
  }, [pathname])
  useEffect(() => {
    const backInView = () => {
      if (document.visibilityState === 'visible') avvisiActor.send({ type: 'avvisi.load' })
    }
    document.addEventListener('visibilitychange', backInView)
    return () => {
      document.removeEventListener('visibilitychange', backInView)
      avvisiActor.send({ type: 'avvisi.clear' })
    }
  }, [])
}
