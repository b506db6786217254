import { createHash } from 'node:crypto'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Sorteggio } from '../../contract/tabelloni.ts'
import { VerificaSorteggio, sha256Hex } from '../../src/features/tornei/VerificaSorteggio.tsx'

vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  submitRaw: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
}))

const { callApi, submitRaw } = await import('../../src/api/client.ts')
const api = vi.mocked(callApi)
const submit = vi.mocked(submitRaw)

const SEED = '3f'.repeat(32)
const HASH = createHash('sha256').update(SEED).digest('hex')

function sorteggio(
  overrides: Partial<Sorteggio> = {},
  fase: Partial<Sorteggio['fasi'][number]> = {},
): Sorteggio {
  return {
    id_torneo: 7,
    formula: 'eliminazione',
    stato: 'sorteggiato',
    puo_organizzare: false,
    tods_url: '/opendata/tornei/7/tods.json',
    fasi: [
      {
        id_tabellone: 70,
        fase: 1,
        nome: 'Tabellone principale',
        tipo: 'eliminazione',
        seed_hash: HASH,
        hash_pubblicato_il: '2026-12-07T11:00:00.000Z',
        seed: SEED,
        sorteggiato_il: '2026-12-08T09:30:00.000Z',
        iscritti: [
          { id_iscrizione: 11, nome: 'Rossi Mario' },
          { id_iscrizione: 12, nome: 'Bianchi Luca' },
        ],
        posizioni: [11, 12],
        gironi: null,
        ...fase,
      },
    ],
    ...overrides,
  }
}

function renderBox(data: Sorteggio) {
  api.mockResolvedValue({ result: data })
  render(<VerificaSorteggio idTorneo={7} idSettore={1} />)
  return userEvent.setup()
}

afterEach(() => vi.clearAllMocks())

describe('VerificaSorteggio', () => {
  it('computes SHA-256 in the browser like everyone else does', async () => {
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('shows hash and seed, and «Verifica» says the revealed seed matches the published hash', async () => {
    const user = renderBox(sorteggio())
    expect(await screen.findByRole('heading', { name: 'Sorteggio verificabile' })).toBeVisible()
    expect(api).toHaveBeenCalledWith(expect.objectContaining({ path: 'tornei/sorteggio/view' }), {
      id_torneo: 7,
    })
    expect(screen.getByText(HASH)).toBeVisible()
    expect(screen.getByText(SEED)).toBeVisible()
    expect(screen.getByText('il 7 dicembre 2026 alle 12:00')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Verifica' }))
    expect(await screen.findByText(/L’impronta corrisponde/)).toBeVisible()
    expect(screen.getByRole('link', { name: /Scarica il torneo in formato TODS/ })).toHaveAttribute(
      'href',
      '/opendata/tornei/7/tods.json',
    )
    // The published order of the entrants, and how to check it all by hand.
    expect(screen.getByText(/Ordine degli iscritti usato dal sorteggio \(2\)/)).toBeInTheDocument()
    expect(screen.getByText('Come verificare il sorteggio da soli')).toBeInTheDocument()
    expect(screen.getByText(/printf '%s' SEME \| sha256sum/)).toBeInTheDocument()
  })

  it('says so when the seed does not match the hash', async () => {
    const user = renderBox(sorteggio({}, { seed_hash: 'e'.repeat(64) }))
    await user.click(await screen.findByRole('button', { name: 'Verifica' }))
    expect(await screen.findByText(/L’impronta non corrisponde/)).toHaveTextContent(HASH)
  })

  it('before the draw shows the hash only, with nothing to verify yet', async () => {
    renderBox(sorteggio({ stato: 'annunciato' }, { seed: null, sorteggiato_il: null, posizioni: null }))
    expect(await screen.findByText(HASH)).toBeVisible()
    expect(screen.getByText('segreto fino al sorteggio')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Verifica' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Esegui il sorteggio' })).toBeNull()
  })

  it('gives the organiser the next step, through the confirmation dialog, and reloads after it', async () => {
    const user = renderBox(sorteggio({ stato: 'da_annunciare', fasi: [], puo_organizzare: true }))
    await user.click(await screen.findByRole('button', { name: 'Annuncia il sorteggio' }))
    submit.mockResolvedValue({ status: 200, body: { result: {} } })
    api.mockResolvedValue({
      result: sorteggio({ stato: 'annunciato', puo_organizzare: true }, { seed: null }),
    })
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Conferma' }))
    expect(submit).toHaveBeenCalledWith(expect.objectContaining({ path: 'tornei/sorteggio/annuncia' }), {
      id_torneo: 7,
    })
    expect(await screen.findByRole('button', { name: 'Esegui il sorteggio' })).toBeVisible()
    expect(screen.getAllByText('Sorteggio annunciato: l’impronta del seme è pubblicata.')[0]).toBeVisible()
    expect(api).toHaveBeenCalledTimes(2)
  })
})
