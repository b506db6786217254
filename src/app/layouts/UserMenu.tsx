import { Button, Menu, MenuItem, MenuTrigger, Popover, RouterProvider } from 'react-aria-components'
import { useNavigate } from 'react-router'
import { href } from '../paths.ts'
import { signOut } from '../session.ts'
import { initials } from './initials.ts'

/**
 * The signed-in user's menu: react-aria's menu button (arrow keys, Home/End, typing a letter, Esc back to the
 * avatar) in a popover that places itself inside the viewport at any width, flipping and shifting as needed.
 * Loaded only once someone is signed in, so anonymous visitors never download it.
 */
export default function UserMenu({ name }: { name: string }) {
  const navigate = useNavigate()
  const mark = initials(name)
  return (
    <RouterProvider navigate={(path) => void navigate(path)}>
      <MenuTrigger>
        <Button className="account-button" aria-label={`${mark}: il tuo profilo, ${name}`}>
          {mark}
        </Button>
        <Popover className="account-popover" placement="bottom end" offset={6} containerPadding={8}>
          <Menu className="account-menu">
            <MenuItem className="account-menu-item" href={href('impostazioni')}>
              Impostazioni
            </MenuItem>
            <MenuItem className="account-menu-item" href={href('elencoTessere')}>
              Le mie tessere
            </MenuItem>
            <MenuItem className="account-menu-item" href={href('sfide')}>
              Le mie sfide
            </MenuItem>
            <MenuItem className="account-menu-item" href={href('cercaCompagno')}>
              Cerca compagno
            </MenuItem>
            <MenuItem className="account-menu-item" href={href('modificaProfilo')}>
              Modifica profilo
            </MenuItem>
            <MenuItem className="account-menu-item" onAction={signOut}>
              Esci
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
    </RouterProvider>
  )
}
