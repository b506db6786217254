// /impostazioni, «Le mie iscrizioni nel calendario»: the personal calendar feed seen from the settings, with the
// API replaced by a small server that keeps one feed (as tornei/feed_personale/* do: the secret only in the
// answer that makes it).
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import type userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Endpoint } from '../../contract/endpoint.ts'
import { ServerFailure } from '../../src/api/errors.ts'
import { utenteStore } from '../../src/stores/utente.ts'
import { SETTINGS, renderImpostazioni, signInPlayer } from './impostazioni-fixtures.tsx'

vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  submitRaw: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
}))
vi.mock('../../src/app/session.ts', () => ({
  refreshProfile: vi.fn<() => void>(),
  reportFlagsChanged: vi.fn<(flags: object) => void>(),
  signOut: vi.fn<() => void>(),
}))

const { callApi, submitRaw } = await import('../../src/api/client.ts')
const api = vi.mocked(callApi)
const raw = vi.mocked(submitRaw)

const CREATED = '2026-03-12T09:30:00.000Z'
const FEED_PATH = (secret: string) => `/calendario/feed/iscrizioni/${secret}.ics`

/** The feed the server holds; `secrets` are handed out in order, one per renewal. */
let feed: { creato_il: string; usato_il: string | null } | null
let secrets: string[]
/** When set, the renewal is refused with this answer. */
let refusal: { status: number; body: unknown } | null
let viewFails: boolean
let submitted: string[]

beforeEach(() => {
  feed = null
  secrets = ['primo-segreto', 'secondo-segreto']
  refusal = null
  viewFails = false
  submitted = []
  api.mockImplementation(async (endpoint: Endpoint) => {
    if (endpoint.path === 'impostazioni/view_upsert') return { result: SETTINGS } as never
    if (endpoint.path === 'profilo/privacy/view') {
      return { result: { privacy: 1, profilation: 0, privacy_accettata_il: null } } as never
    }
    if (endpoint.path === 'tornei/feed_personale/view') {
      if (viewFails) throw new ServerFailure({ status: 500, message: 'Servizio non disponibile' })
      return {
        result: {
          attivo: feed !== null,
          creato_il: feed?.creato_il ?? null,
          usato_il: feed?.usato_il ?? null,
          url: null,
        },
      } as never
    }
    throw new Error(`unexpected call ${endpoint.path}`)
  })
  raw.mockImplementation(async (endpoint: Endpoint) => {
    submitted.push(endpoint.path)
    if (endpoint.path === 'tornei/feed_personale/rinnova') {
      if (refusal) return refusal
      feed = { creato_il: CREATED, usato_il: null }
      return { status: 200, body: { result: { attivo: true, ...feed, url: FEED_PATH(secrets.shift()!) } } }
    }
    if (endpoint.path === 'tornei/feed_personale/revoca') {
      feed = null
      return { status: 200, body: { result: { attivo: false, creato_il: null, usato_il: null, url: null } } }
    }
    throw new Error(`unexpected submit ${endpoint.path}`)
  })
  signInPlayer()
})

afterEach(() => {
  vi.clearAllMocks()
  utenteStore.trigger.reset()
})

const section = () => screen.getByRole('region', { name: 'Le mie iscrizioni nel calendario' })

/** Opens the dialog with `button`, confirms, checks the result text and closes it. */
async function confirmed(
  user: ReturnType<typeof userEvent.setup>,
  button: string,
  question: string,
  result: string,
) {
  await user.click(within(section()).getByRole('button', { name: button }))
  expect(screen.getByRole('dialog', { name: question })).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Conferma' }))
  expect(await screen.findByRole('dialog', { name: 'Operazione completata' })).toHaveTextContent(result)
  await user.click(screen.getByRole('button', { name: 'Chiudi' }))
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
}

describe('/impostazioni: the personal calendar feed', () => {
  it('creates the feed after confirmation and shows its address once, to copy or open as webcal:', async () => {
    const user = renderImpostazioni()
    expect(await within(section()).findByText(/Crea un collegamento segreto/)).toBeInTheDocument()

    // Annulla: nothing is made.
    await user.click(within(section()).getByRole('button', { name: 'Crea il collegamento' }))
    await user.click(screen.getByRole('button', { name: 'Annulla' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(submitted).toEqual([])

    await confirmed(user, 'Crea il collegamento', 'Sei sicuro?', 'Collegamento creato')
    expect(submitted).toEqual(['tornei/feed_personale/rinnova'])

    const address = `${window.location.origin}${FEED_PATH('primo-segreto')}`
    expect(await within(section()).findByText(address)).toBeInTheDocument()
    expect(
      within(section()).getByText(/Hai un calendario personale attivo dal 12 marzo 2026/),
    ).toBeInTheDocument()
    expect(within(section()).getByRole('link', { name: 'Apri nel calendario' })).toHaveAttribute(
      'href',
      `webcal://${window.location.host}${FEED_PATH('primo-segreto')}`,
    )
    await user.click(within(section()).getByRole('button', { name: 'Copia collegamento' }))
    expect(await within(section()).findByText('Collegamento copiato')).toHaveAttribute('role', 'status')
    await expect(navigator.clipboard.readText()).resolves.toBe(address)

    // The server keeps only a hash: the next visit says a feed is active, never its address.
    cleanup()
    renderImpostazioni()
    expect(await within(section()).findByText(/Hai un calendario personale attivo/)).toBeInTheDocument()
    expect(screen.queryByText(/primo-segreto/)).not.toBeInTheDocument()
    expect(within(section()).queryByRole('button', { name: 'Copia collegamento' })).not.toBeInTheDocument()
  })

  it('renews an active feed, warning that the old address stops working, and shows the new one', async () => {
    feed = { creato_il: CREATED, usato_il: '2026-03-20T07:00:00.000Z' }
    const user = renderImpostazioni()
    expect(await within(section()).findByText(/letto l’ultima volta il 20 marzo 2026/)).toBeInTheDocument()
    await confirmed(
      user,
      'Rinnova il collegamento',
      'Il collegamento attuale smetterà di funzionare e ne verrà creato uno nuovo. Sei sicuro?',
      'Collegamento creato',
    )
    expect(within(section()).getByText(new RegExp(`${FEED_PATH('primo-segreto')}$`))).toBeInTheDocument()
  })

  it('revokes the feed: the address goes and the section offers to create one again', async () => {
    const user = renderImpostazioni()
    await within(section()).findByRole('button', { name: 'Crea il collegamento' })
    await confirmed(user, 'Crea il collegamento', 'Sei sicuro?', 'Collegamento creato')
    expect(await within(section()).findByRole('button', { name: 'Copia collegamento' })).toBeInTheDocument()

    await confirmed(
      user,
      'Disattiva',
      'Il calendario del telefono smetterà di ricevere le tue iscrizioni. Sei sicuro?',
      'Collegamento disattivato.',
    )
    expect(submitted).toEqual(['tornei/feed_personale/rinnova', 'tornei/feed_personale/revoca'])
    expect(await within(section()).findByRole('button', { name: 'Crea il collegamento' })).toBeInTheDocument()
    expect(within(section()).queryByRole('button', { name: 'Disattiva' })).not.toBeInTheDocument()
    expect(screen.queryByText(/primo-segreto/)).not.toBeInTheDocument()
  })

  it('says why a renewal was refused, in a dialog that only Chiudi closes, and shows no address', async () => {
    refusal = {
      status: 403,
      body: { message: 'Per avere il calendario delle tue iscrizioni associa prima la tua tessera.' },
    }
    const user = renderImpostazioni()
    await user.click(await within(section()).findByRole('button', { name: 'Crea il collegamento' }))
    await user.click(screen.getByRole('button', { name: 'Conferma' }))
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('associa prima la tua tessera')
    await user.click(screen.getByRole('button', { name: 'Chiudi' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(within(section()).queryByRole('button', { name: 'Copia collegamento' })).not.toBeInTheDocument()
    expect(within(section()).getByRole('button', { name: 'Crea il collegamento' })).toBeInTheDocument()
  })

  it('offers «Riprova» when the feed cannot be read, without hiding the rest of the settings', async () => {
    viewFails = true
    const user = renderImpostazioni()
    expect(await within(section()).findByText('Servizio non disponibile')).toBeInTheDocument()
    expect(await screen.findByLabelText('Ricevi notifiche via e-mail')).toBeChecked()
    viewFails = false
    await user.click(within(section()).getByRole('button', { name: 'Riprova' }))
    expect(await within(section()).findByRole('button', { name: 'Crea il collegamento' })).toBeInTheDocument()
  })
})
