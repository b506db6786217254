// What the /impostazioni view tests share: the settings as the server saved them, a signed-in player, and the
// page in a router. The tests mock the API client and the session module themselves.
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import ImpostazioniPage from '../../src/features/impostazioni/ImpostazioniPage.tsx'
import { utenteStore } from '../../src/stores/utente.ts'

export { SETTINGS } from '../machines/models/impostazioni.model.ts'

/** A signed-in player (privacy given, no profilation consent), as the session projects it into the store. */
export function signInPlayer() {
  utenteStore.trigger.synced({
    state: {
      token: 'eyJ.test.token',
      login: { profilation: 0, privacy: 1, dati_incompleti: 0, tessera_associata: 1, user_id: 'u1' },
      details: null,
      detailsStatus: null,
    },
  })
}

export function renderImpostazioni() {
  render(
    <MemoryRouter>
      <ImpostazioniPage />
    </MemoryRouter>,
  )
  return userEvent.setup()
}
