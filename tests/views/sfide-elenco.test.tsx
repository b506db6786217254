// /sfide: the player's challenges with the summary; what waits for the player's answer comes first; the empty
// state says what to do; concluded challenges a page at a time.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RigaSfida } from '../../contract/sfide.ts'
import { callApi } from '../../src/api/client.ts'
import SfidePage from '../../src/features/sfide/SfidePage.tsx'
import { disciplinaStore } from '../../src/stores/disciplina.ts'
import { utenteStore } from '../../src/stores/utente.ts'
import {
  ANDREA,
  GIULIA,
  LUCA,
  accepted,
  answerByPath,
  resultEntered,
  row,
  run,
  signInAs,
  singles,
} from './sfide-fixtures.ts'

vi.mock('../../src/api/client.ts', () => ({
  callApi: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
  submitRaw: vi.fn<(...args: unknown[]) => Promise<unknown>>(),
}))

const api = vi.mocked(callApi)

const sommario = { vinte: 4, perse: 2, in_attesa: 1, da_confermare: 1, da_rispondere: 1 }

function serve(inCorso: RigaSfida[], concluse: RigaSfida[] = [], concluseTotali = concluse.length) {
  answerByPath(api, {
    'sfide/partite/sommario': { result: sommario },
    'sfide/list': (body) =>
      body.filtro === 'in_corso'
        ? { results: inCorso, record: inCorso.length }
        : { results: concluse.slice(0, Number(body.fetchrows)), record: concluseTotali },
  })
}

function renderPage() {
  render(
    <MemoryRouter>
      <SfidePage />
    </MemoryRouter>,
  )
  return userEvent.setup()
}

afterEach(() => {
  api.mockReset()
  utenteStore.trigger.reset()
  disciplinaStore.trigger.reset()
})

describe('/sfide', () => {
  it('shows the summary and lists first what waits for the player’s answer', async () => {
    signInAs(ANDREA)
    serve([
      row({ id: 1 }, run(singles({ avversari: [GIULIA] }))),
      row({ id: 2, da_fare: 'Rispondi all’invito', scade_il: '2026-05-17T08:00:00.000Z' }),
      row({ id: 3, da_fare: 'Conferma o contesta il risultato', punteggio: '6-4 6-4' }, resultEntered()),
      row({ id: 4, da_fare: null }, accepted()),
    ])
    renderPage()
    const summary = await screen.findByRole('region', { name: 'Riepilogo' })
    expect(within(summary).getByText('Inviti a cui rispondere').nextSibling).toHaveTextContent('1')
    expect(within(summary).getByText('Risultati da confermare').nextSibling).toHaveTextContent('1')
    expect(within(summary).getByText('Vinte').nextSibling).toHaveTextContent('4')
    expect(within(summary).getByText('Perse').nextSibling).toHaveTextContent('2')

    const waiting = screen.getByRole('region', { name: 'Aspettano una tua risposta' })
    const first = within(waiting).getAllByRole('listitem')
    expect(first).toHaveLength(2)
    expect(first[0]).toHaveTextContent('Rispondi all’invito')
    expect(first[0]).toHaveTextContent('Scadenza: 17 maggio 2026')
    expect(first[1]).toHaveTextContent('Conferma o contesta il risultato')
    expect(first[1]).toHaveTextContent('6-4 6-4')
    expect(within(first[0]!).getByRole('link', { name: 'Bianchi Luca contro Ricci Andrea' })).toHaveAttribute(
      'href',
      '/sfide/2',
    )
    // The waiting ones come before the rest in the page.
    const rest = screen.getByRole('region', { name: 'In corso' })
    expect(waiting.compareDocumentPosition(rest) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(
      within(rest)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Proposta'), expect.stringContaining('Accettata: da giocare')])
    expect(screen.getByRole('link', { name: 'Lancia una sfida' })).toHaveAttribute('href', '/sfide/nuova')
    expect(screen.getByRole('link', { name: 'Bacheca delle sfide' })).toHaveAttribute(
      'href',
      '/sfide/bacheca',
    )
  })

  it('says what to do when there is no challenge', async () => {
    signInAs(LUCA)
    serve([])
    renderPage()
    const inCorso = await screen.findByRole('region', { name: 'In corso' })
    expect(inCorso).toHaveTextContent('Non hai sfide in corso. Lancia una sfida a un giocatore')
    expect(within(inCorso).getByRole('link', { name: 'Lancia una sfida' })).toHaveAttribute(
      'href',
      '/sfide/nuova',
    )
    expect(screen.getByText('Nessuna sfida aspetta una tua risposta.')).toBeVisible()
    expect(screen.getByText('Nessuna sfida conclusa per ora.')).toBeVisible()
  })

  it('shows concluded challenges a page at a time', async () => {
    signInAs(LUCA)
    const confirmed = run(singles(), [
      { type: 'sfida.accetta', by: ANDREA },
      { type: 'sfida.risultato', by: LUCA, vincitore: 1 },
      { type: 'sfida.conferma', by: ANDREA },
    ])
    const concluse = Array.from({ length: 25 }, (_, i) =>
      row({ id: 100 + i, punteggio: '6-2 6-2' }, confirmed),
    )
    serve([], concluse, 25)
    const user = renderPage()
    const section = await screen.findByRole('region', { name: 'Concluse' })
    expect(within(section).getAllByRole('listitem')).toHaveLength(20)
    await user.click(within(section).getByRole('button', { name: 'Mostra altre sfide concluse' }))
    await vi.waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(25))
    expect(within(section).queryByRole('button', { name: 'Mostra altre sfide concluse' })).toBeNull()
  })

  it('asks an account with no player to complete the profile, and calls nothing', () => {
    signInAs(null)
    renderPage()
    expect(screen.getByText('Per sfidare serve un profilo da giocatore.')).toBeVisible()
    expect(screen.getByRole('link', { name: 'completa il profilo' })).toHaveAttribute(
      'href',
      '/modifica-profilo',
    )
    expect(api).not.toHaveBeenCalled()
  })
})
