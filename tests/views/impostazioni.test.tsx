import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Endpoint } from '../../contract/endpoint.ts'
import { ServerFailure } from '../../src/api/errors.ts'
import { appendJournal } from '../../src/journal/journal.ts'
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
const { refreshProfile, reportFlagsChanged, signOut } = await import('../../src/app/session.ts')
const api = vi.mocked(callApi)

const NO_FEED = { attivo: false, creato_il: null, usato_il: null, url: null }

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((res) => (resolve = res))
  return { promise, resolve }
}

let calls: { path: string; body: unknown }[]
let upsert: (body: { impostazioni?: Record<string, unknown> }) => unknown
/** The consents the server holds (profilo/privacy/view). */
let stored: { privacy: number; profilation: number | null }

beforeEach(() => {
  calls = []
  stored = { privacy: 1, profilation: 0 }
  upsert = (body) => ({
    result: {
      ...SETTINGS,
      ...body.impostazioni,
      aggiornato_il: body.impostazioni ? '2026-03-12T09:30:00.000Z' : null,
    },
  })
  api.mockImplementation(async (endpoint: Endpoint, body: unknown) => {
    // The calendar feed's section has tests of its own (impostazioni-feed.test.tsx): here it has none.
    if (endpoint.path === 'tornei/feed_personale/view') return { result: NO_FEED } as never
    calls.push({ path: endpoint.path, body })
    if (endpoint.path === 'impostazioni/view_upsert') return upsert(body as never) as never
    if (endpoint.path === 'profilo/privacy/view') {
      return { result: { ...stored, privacy_accettata_il: '2025-10-12T08:30:00.000Z' } } as never
    }
    if (endpoint.path === 'privacy/edit') {
      return {
        result: { privacy: 1, profilation: (body as { profilation: boolean }).profilation ? 1 : 0 },
      } as never
    }
    throw new Error(`unexpected call ${endpoint.path}`)
  })
  signInPlayer()
})

afterEach(() => {
  vi.clearAllMocks()
  utenteStore.trigger.reset()
})

describe('/impostazioni', () => {
  it('loads the settings behind a skeleton and links to profile, cards and privacy', async () => {
    const view = deferred<unknown>()
    upsert = () => view.promise
    renderImpostazioni()
    expect(screen.getByRole('status')).toHaveTextContent('Caricamento delle impostazioni…')
    await act(async () => view.resolve({ result: SETTINGS }))
    expect(await screen.findByLabelText('Ricevi notifiche via e-mail')).toBeChecked()
    expect(screen.getByLabelText('Newsletter della federazione')).not.toBeChecked()
    expect(screen.getByLabelText('Consenso alla profilazione')).not.toBeChecked()
    expect(screen.getByRole('link', { name: 'Modifica profilo' })).toHaveAttribute(
      'href',
      '/modifica-profilo',
    )
    expect(screen.getByRole('link', { name: 'Le mie tessere' })).toHaveAttribute('href', '/elenco-tessere')
    expect(screen.getByRole('link', { name: 'Preferenze privacy' })).toHaveAttribute(
      'href',
      '/modifica-privacy',
    )
    expect(screen.getByRole('button', { name: 'Salva impostazioni' })).toBeDisabled()
  })

  it('saves only what changed, the profilation through privacy/edit, and says when', async () => {
    const user = renderImpostazioni()
    await user.click(await screen.findByLabelText('Newsletter della federazione'))
    await user.selectOptions(screen.getByLabelText('Settore delle notifiche'), 'Padel')
    await user.click(screen.getByLabelText('Consenso alla profilazione'))
    await user.click(screen.getByRole('button', { name: 'Salva impostazioni' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Impostazioni salvate.'))
    expect(screen.getByRole('status')).toHaveTextContent(/Ultimo salvataggio: 12 marzo 2026.*10:30\./)
    expect(calls.slice(2)).toEqual([
      { path: 'impostazioni/view_upsert', body: { impostazioni: { newsletter: true, id_settore: 2 } } },
      { path: 'privacy/edit', body: { profilation: true } },
    ])
    // The page tells the session (the one writer of user state); it never writes the store itself.
    expect(reportFlagsChanged).toHaveBeenCalledWith({ profilation: 1 })
    expect(utenteStore.getSnapshot().context.login?.profilation).toBe(0)
    expect(refreshProfile).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('button', { name: 'Salva impostazioni' })).toBeDisabled()
  })

  it.each([
    { session: 0, server: 1, ticked: true },
    { session: 1, server: 0, ticked: false },
    { session: null, server: 1, ticked: true },
    { session: null, server: null, ticked: false },
  ])(
    'shows the consent the server holds ($server), not the session flag ($session)',
    async ({ session, server, ticked }) => {
      // The session's flags are unknown (null: login-get still out on a fresh load) or stale (another device).
      utenteStore.trigger.synced({
        state: {
          token: 'eyJ.test.token',
          login:
            session === null
              ? null
              : { profilation: session, privacy: 1, dati_incompleti: 0, tessera_associata: 1, user_id: 'u1' },
          details: null,
          detailsStatus: null,
        },
      })
      stored = { privacy: 1, profilation: server }
      renderImpostazioni()
      const box = await screen.findByLabelText('Consenso alla profilazione')
      expect((box as HTMLInputElement).checked).toBe(ticked)
      expect(calls.map((call) => call.path).sort()).toEqual([
        'impostazioni/view_upsert',
        'profilo/privacy/view',
      ])
      expect(screen.getByRole('button', { name: 'Salva impostazioni' })).toBeDisabled()
    },
  )

  it('turns the topics off with the e-mail notifications', async () => {
    const user = renderImpostazioni()
    await user.click(await screen.findByLabelText('Ricevi notifiche via e-mail'))
    expect(screen.getByLabelText(/^Tornei/)).toBeDisabled()
    expect(screen.getByLabelText(/^Sfide/)).toBeDisabled()
    expect(screen.getByLabelText('Settore delle notifiche')).toBeDisabled()
  })

  it('keeps the sector choosable for the newsletter with the e-mail notifications off, and says what it limits', async () => {
    const user = renderImpostazioni()
    await user.click(await screen.findByLabelText('Ricevi notifiche via e-mail'))
    await user.click(screen.getByLabelText('Newsletter della federazione'))
    const sector = screen.getByLabelText('Settore delle notifiche')
    expect(sector).toBeEnabled()
    expect(sector).toHaveAccessibleDescription(
      'Le e-mail su tornei e sfide e la newsletter riguardano solo questo settore. Gli avvisi nel portale arrivano tutti.',
    )
    expect(screen.getByLabelText('Newsletter della federazione')).toHaveAccessibleDescription(
      'Ogni lunedì, le news pubblicate sul portale nella settimana precedente (del settore scelto, se ne hai scelto uno).',
    )
  })

  it('shows "Salvataggio…" while saving and keeps the changes after a failure, with the message focused', async () => {
    const save = deferred<unknown>()
    const user = renderImpostazioni()
    await user.click(await screen.findByLabelText('Newsletter della federazione'))
    upsert = () => save.promise
    await user.click(screen.getByRole('button', { name: 'Salva impostazioni' }))
    expect(screen.getByRole('button', { name: 'Salvataggio…' })).toBeDisabled()
    await act(async () => {
      save.resolve(Promise.reject(new ServerFailure({ status: 500, message: null })))
    })
    const error = await screen.findByText(/Attenzione! Si è verificato un errore. Riprovare più tardi/)
    await waitFor(() => expect(error.closest('.form-error')).toHaveFocus())
    expect(screen.getByLabelText('Newsletter della federazione')).toBeChecked()
    expect(screen.getByRole('button', { name: 'Salva impostazioni' })).toBeEnabled()
  })

  it('exports the journal as registro-portale.json and signs out with Esci', async () => {
    appendJournal('test', 'evento.prova', { token: 'segreto' })
    let downloaded: { name: string; blob: Blob } | undefined
    const createObjectURL = vi.fn<(blob: Blob) => string>((blob) => {
      downloaded = { name: '', blob }
      return 'blob:registro'
    })
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn<(url: string) => void>() })
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloaded!.name = this.download
    })
    const user = renderImpostazioni()
    // The export is for support, in a section of its own; the sign-out area holds only the sign-out.
    const assistenza = screen.getByRole('region', { name: "Per l'assistenza" })
    const uscita = screen.getByRole('region', { name: 'Esci dal portale' })
    expect(within(uscita).queryByRole('button', { name: 'Esporta registro' })).toBeNull()
    expect(within(assistenza).queryByRole('button', { name: 'Esci' })).toBeNull()
    await user.click(within(assistenza).getByRole('button', { name: 'Esporta registro' }))
    expect(click).toHaveBeenCalledTimes(1)
    expect(downloaded!.name).toBe('registro-portale.json')
    const exported = JSON.parse(await downloaded!.blob.text()) as {
      eventi: { type: string; payload: unknown }[]
    }
    expect(exported.eventi).toContainEqual(
      expect.objectContaining({ type: 'evento.prova', payload: { token: '[redatto]' } }),
    )
    await user.click(within(uscita).getByRole('button', { name: 'Esci' }))
    expect(signOut).toHaveBeenCalledTimes(1)
    click.mockRestore()
  })

  it('signs out everywhere only after the confirmation, then signs this device out', async () => {
    const raw = vi.mocked(submitRaw)
    raw.mockResolvedValue({ status: 200, body: { result: { disconnesso: true, feed_url: null } } })
    const user = renderImpostazioni()
    const uscita = screen.getByRole('region', { name: 'Esci dal portale' })
    await user.click(within(uscita).getByRole('button', { name: 'Esci da tutti i dispositivi' }))
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Uscirai da tutti i dispositivi, compreso questo')
    // Annulla: nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Annulla' }))
    expect(raw).not.toHaveBeenCalled()
    expect(signOut).not.toHaveBeenCalled()

    await user.click(within(uscita).getByRole('button', { name: 'Esci da tutti i dispositivi' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Conferma' }))
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1))
    expect(raw).toHaveBeenCalledTimes(1)
    expect(raw.mock.calls[0]![0]).toMatchObject({ path: 'logout/ovunque' })
  })
})
