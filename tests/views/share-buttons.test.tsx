import { act, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { disciplinaStore, initialDisciplina } from '../../src/stores/disciplina.ts'
import { ShareSlot } from '../../src/app/layouts/ShareSlot.tsx'

function choose(disciplina: string | null, id_settore: number | null) {
  disciplinaStore.trigger.synced({ state: { ...initialDisciplina(), disciplina, id_settore } })
}

function renderSlot(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ShareSlot />
    </MemoryRouter>,
  )
}

/** The box of a public page with its buttons, once their chunk has loaded. */
async function renderAt(path: string) {
  const rendered = renderSlot(path)
  await screen.findByRole('button', { name: 'Copia link' })
  return rendered
}

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href')!

beforeEach(() => {
  document.title = 'Calendario tornei · Portale Federale Racchette'
})
afterEach(() => {
  disciplinaStore.trigger.reset()
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'share')
})

describe('the share widget', () => {
  it('shares the current path with the stored discipline and sector, on every service', async () => {
    choose('padel', 2)
    await renderAt('/tornei/calendario-tornei')
    const url = `${window.location.origin}/tornei/calendario-tornei?disciplina=padel&settore=2`

    const region = screen.getByRole('region', { name: 'Condividi questa pagina' })
    expect(within(region).getAllByRole('link')).toHaveLength(4)
    expect(
      new URL(hrefOf('Condividi su WhatsApp (si apre in una nuova finestra)')).searchParams.get('text'),
    ).toContain(url)
    expect(
      new URL(hrefOf('Condividi su Facebook (si apre in una nuova finestra)')).searchParams.get('u'),
    ).toBe(url)
    expect(new URL(hrefOf('Condividi su X (si apre in una nuova finestra)')).searchParams.get('url')).toBe(
      url,
    )
    const email = decodeURIComponent(hrefOf('Condividi via e-mail'))
    expect(email).toContain('subject=Calendario tornei – Portale Federale Racchette')
    expect(email).toContain(url)
    // The services open in a new window, without access to the portal's window.
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('target', '_blank')
    expect(screen.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('rel', 'noopener noreferrer')
  })

  it('follows a change of discipline and sector', async () => {
    choose('padel', 2)
    await renderAt('/classifiche/classifica-nazionale')
    act(() => choose('tennis', 4))
    expect(
      new URL(hrefOf('Condividi su Facebook (si apre in una nuova finestra)')).searchParams.get('u'),
    ).toBe(`${window.location.origin}/classifiche/classifica-nazionale?disciplina=tennis&settore=4`)
  })

  it('copies the link and announces «Link copiato» in a live region', async () => {
    choose('beach-tennis', 3)
    await renderAt('/faq')
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Copia link' }))
    expect(await screen.findByText('Link copiato')).toHaveAttribute('role', 'status')
    await expect(navigator.clipboard.readText()).resolves.toBe(
      `${window.location.origin}/faq?disciplina=beach-tennis&settore=3`,
    )
  })

  it('shows the link to copy by hand when the clipboard refuses', async () => {
    choose('pickleball', 5)
    await renderAt('/regolamenti')
    const user = userEvent.setup()
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('negato', 'NotAllowedError'),
    )
    await user.click(screen.getByRole('button', { name: 'Copia link' }))
    expect(await screen.findByText(/^Copia non riuscita/)).toHaveAttribute('role', 'status')
    expect(screen.getByRole('textbox', { name: 'Link della pagina' })).toHaveValue(
      `${window.location.origin}/regolamenti?disciplina=pickleball&settore=5`,
    )
  })

  it('offers the device share sheet only where the Web Share API exists', async () => {
    choose('padel', 2)
    const { unmount } = await renderAt('/contatti')
    expect(screen.queryByRole('button', { name: 'Condividi con altre app' })).not.toBeInTheDocument()
    unmount()

    const share = vi.fn<(data: ShareData) => Promise<void>>().mockResolvedValue(undefined)
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    await renderAt('/contatti')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Condividi con altre app' }))
    expect(share).toHaveBeenCalledWith({
      title: 'Calendario tornei – Portale Federale Racchette',
      url: `${window.location.origin}/contatti?disciplina=padel&settore=2`,
    })
  })

  it('is reachable with the keyboard, in order', async () => {
    choose('padel', 2)
    await renderAt('/home')
    const user = userEvent.setup()
    const order = [
      screen.getByRole('link', { name: 'Condividi su WhatsApp (si apre in una nuova finestra)' }),
      screen.getByRole('link', { name: 'Condividi su Facebook (si apre in una nuova finestra)' }),
      screen.getByRole('link', { name: 'Condividi su X (si apre in una nuova finestra)' }),
      screen.getByRole('link', { name: 'Condividi via e-mail' }),
      screen.getByRole('button', { name: 'Copia link' }),
    ]
    for (const element of order) {
      await user.tab()
      expect(document.activeElement).toBe(element)
    }
  })
  describe('loads its buttons only when needed', () => {
    /** An IntersectionObserver the test drives: the observed box comes near the viewport, or goes away. */
    function stubObserver() {
      let notify: IntersectionObserverCallback | undefined
      vi.stubGlobal(
        'IntersectionObserver',
        class {
          constructor(callback: IntersectionObserverCallback) {
            notify = callback
          }
          observe() {}
          disconnect() {}
        },
      )
      const move = (isIntersecting: boolean) =>
        act(() => notify?.([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver))
      return { reach: () => move(true), leave: () => move(false) }
    }

    it("shows the heading at once, keeps the buttons' place, and loads them once the box stays near", async () => {
      choose('padel', 2)
      const observer = stubObserver()
      const { container } = renderSlot('/faq')
      expect(screen.getByRole('region', { name: 'Condividi questa pagina' })).toBeInTheDocument()
      expect(screen.queryByRole('link')).not.toBeInTheDocument()
      expect(container.querySelector('.share-placeholder')).toHaveAttribute('aria-hidden', 'true')

      observer.reach()
      expect(await screen.findByRole('button', { name: 'Copia link' }, { timeout: 3000 })).toBeInTheDocument()
      expect(container.querySelector('.share-placeholder')).not.toBeInTheDocument()
    })

    it('does not load them for a box that only passes by while the page fills in', async () => {
      choose('padel', 2)
      const observer = stubObserver()
      renderSlot('/faq')
      observer.reach()
      observer.leave()
      await new Promise((resolve) => setTimeout(resolve, 1000))
      expect(screen.queryByRole('link')).not.toBeInTheDocument()
    })

    it('loads them at the first Tab, before the keyboard gets there', async () => {
      choose('padel', 2)
      stubObserver()
      renderSlot('/faq')
      expect(screen.queryByRole('link')).not.toBeInTheDocument()
      await userEvent.setup().keyboard('{Tab}')
      expect(await screen.findByRole('link', { name: 'Condividi via e-mail' })).toBeInTheDocument()
    })

    it('has no box on a page of a signed-in user', () => {
      renderSlot('/impostazioni')
      expect(screen.queryByRole('region', { name: 'Condividi questa pagina' })).not.toBeInTheDocument()
    })
  })
})
