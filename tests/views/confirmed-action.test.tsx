import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmedAction } from '../../src/ui/ConfirmedAction.tsx'

function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

function setup(submit: () => Promise<{ status: number; body?: unknown }>, onSuccess = vi.fn()) {
  render(
    <ConfirmedAction
      trigger={(open) => (
        <button type="button" onClick={open}>
          Cancella iscrizione
        </button>
      )}
      submit={submit}
      successText="Iscrizione cancellata"
      errorText="Non è stato possibile cancellare l'iscrizione"
      onSuccess={onSuccess}
    />,
  )
  return { user: userEvent.setup(), onSuccess }
}

describe('the confirmed-action dialog', () => {
  it("loads its dialog's code only once the user comes to the trigger, and opens it then", async () => {
    vi.resetModules()
    const dialogModule = vi.fn()
    vi.doMock('../../src/ui/ConfirmedActionDialog.tsx', async (importOriginal) => {
      dialogModule()
      return importOriginal()
    })
    const fresh = await import('../../src/ui/ConfirmedAction.tsx')
    render(
      <fresh.ConfirmedAction
        trigger={(open) => (
          <button type="button" onClick={open}>
            Cancella iscrizione
          </button>
        )}
        submit={vi.fn()}
      />,
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(dialogModule).not.toHaveBeenCalled()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Cancella iscrizione' }))
    expect(await screen.findByRole('dialog', { name: 'Sei sicuro?' })).toBeVisible()
    expect(dialogModule).toHaveBeenCalledTimes(1)
    vi.doUnmock('../../src/ui/ConfirmedActionDialog.tsx')
  })

  // Issue 19, item 5: after «Chiudi» (or Annulla) the keyboard user is back on the button that opened the dialog.
  it.each([
    ['success', { status: 204 }],
    ['failure', { status: 409, body: { statusCode: 409, message: 'Iscrizioni chiuse' } }],
  ])('gives the focus back to the button that opened it after Chiudi (%s)', async (_, answer) => {
    const { user } = setup(async () => answer)
    const opener = screen.getByRole('button', { name: 'Cancella iscrizione' })
    await user.click(opener)
    await user.click(screen.getByRole('button', { name: 'Conferma' }))
    await user.click(await screen.findByRole('button', { name: 'Chiudi' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(opener).toHaveFocus())
  })

  it('gives the focus back to the button that opened it after Annulla', async () => {
    const { user } = setup(vi.fn())
    const opener = screen.getByRole('button', { name: 'Cancella iscrizione' })
    await user.click(opener)
    await user.click(screen.getByRole('button', { name: 'Annulla' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(opener).toHaveFocus())
  })

  it("asks 'Sei sicuro?' and Annulla closes without calling the server", async () => {
    const submit = vi.fn()
    const { user } = setup(submit)
    await user.click(screen.getByRole('button', { name: 'Cancella iscrizione' }))
    const dialog = screen.getByRole('dialog', { name: 'Sei sicuro?' })
    expect(dialog).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Annulla' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(submit).not.toHaveBeenCalled()
  })

  it('shows a loader while the request runs, then the caller’s success text with Chiudi', async () => {
    const answer = deferred<{ status: number; body?: unknown }>()
    const { user, onSuccess } = setup(() => answer.promise)
    await user.click(screen.getByRole('button', { name: 'Cancella iscrizione' }))
    await user.click(screen.getByRole('button', { name: 'Conferma' }))
    expect(screen.getByRole('status')).toHaveTextContent('Attendi…')
    expect(screen.queryByRole('button', { name: 'Conferma' })).not.toBeInTheDocument()
    await act(async () => answer.resolve({ status: 204 }))
    expect(await screen.findByText('Iscrizione cancellata')).toBeInTheDocument()
    expect(onSuccess).toHaveBeenCalledTimes(1)
    // Conferma is gone: focus lands on Chiudi, so keyboard users are not lost.
    expect(screen.getByRole('button', { name: 'Chiudi' })).toHaveFocus()
    await user.click(screen.getByRole('button', { name: 'Chiudi' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it("fails on a 200 whose body carries another statusCode, showing the server's message; not dismissible", async () => {
    const { user, onSuccess } = setup(async () => ({
      status: 200,
      body: { StatusCode: 409, message: 'Il torneo è già iniziato' },
    }))
    await user.click(screen.getByRole('button', { name: 'Cancella iscrizione' }))
    await user.click(screen.getByRole('button', { name: 'Conferma' }))
    const alert = await screen.findByRole('alertdialog')
    expect(alert).toHaveTextContent('Il torneo è già iniziato')
    await user.keyboard('{Escape}')
    await user.click(document.body)
    expect(screen.getByRole('alertdialog')).toBeInTheDocument()
    expect(onSuccess).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Chiudi' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
  })

  it("uses the caller's fallback when the server gives no message, and when there is no answer at all", async () => {
    const answers = [
      async () => ({ status: 500, body: {} }),
      async () => {
        throw new TypeError('Failed to fetch')
      },
    ]
    const { user } = setup(() => answers.shift()!())
    for (let attempt = 0; attempt < 2; attempt++) {
      await user.click(screen.getByRole('button', { name: 'Cancella iscrizione' }))
      await user.click(screen.getByRole('button', { name: 'Conferma' }))
      expect(await screen.findByRole('alertdialog')).toHaveTextContent(
        "Non è stato possibile cancellare l'iscrizione",
      )
      await user.click(screen.getByRole('button', { name: 'Chiudi' }))
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    }
  })
})
