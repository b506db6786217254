import { useSelector } from '@xstate/store-react'
import { useState, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router'
import { disciplinaStore } from '../stores/disciplina.ts'
import { useClipboard } from './clipboard.ts'
import { shareLinks, shareTitle, shareUrl } from './share.ts'

const SITE = 'Portale Federale Racchette'
const COPIED = 'Link copiato'
const COPY_FAILED = 'Copia non riuscita: seleziona il link qui sotto e copialo.'

// The page's title follows document.title, which each page sets after it renders.
function subscribeTitle(onChange: () => void) {
  const observer = new MutationObserver(onChange)
  observer.observe(document.head, { childList: true, subtree: true, characterData: true })
  return () => observer.disconnect()
}
const readTitle = () => document.title

function Icon({ name }: { name: 'whatsapp' | 'facebook' | 'x' | 'email' | 'link' | 'share' }) {
  const paths = {
    whatsapp: (
      <path d="M12 3.5c-4.7 0-8.5 3.5-8.5 7.9 0 2.2 1 4.2 2.6 5.6L5.3 21l4.3-1.9c.8.2 1.6.3 2.4.3 4.7 0 8.5-3.5 8.5-7.9S16.7 3.5 12 3.5Z" />
    ),
    facebook: (
      <path d="M14.5 21v-7.2h2.6l.4-3.1h-3V8.8c0-.9.3-1.5 1.5-1.5h1.6V4.5c-.3 0-1.2-.1-2.3-.1-2.3 0-3.9 1.4-3.9 4v2.3H8.8v3.1h2.6V21" />
    ),
    x: <path d="M5 4.5h3.5L19 19.5h-3.5ZM18.5 4.5 5.5 19.5" />,
    email: (
      <>
        <rect x="3.5" y="5.5" width="17" height="13" rx="2" />
        <path d="m4 7 8 6 8-6" />
      </>
    ),
    link: (
      <path d="M10.5 13.5a4 4 0 0 0 5.7 0l2.6-2.6a4 4 0 0 0-5.7-5.7l-1.2 1.2M13.5 10.5a4 4 0 0 0-5.7 0l-2.6 2.6a4 4 0 0 0 5.7 5.7l1.2-1.2" />
    ),
    share: (
      <>
        <circle cx="17.5" cy="5.5" r="2.5" />
        <circle cx="6.5" cy="12" r="2.5" />
        <circle cx="17.5" cy="18.5" r="2.5" />
        <path d="m8.7 10.8 6.6-4M8.7 13.2l6.6 4" />
      </>
    ),
  }
  return (
    <svg
      className="share-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {paths[name]}
    </svg>
  )
}

const NEW_WINDOW = ' (si apre in una nuova finestra)'

/** The networks shared to in a new window, in the order the box shows them. */
const SOCIAL_NETWORKS = [
  { key: 'whatsapp', nome: 'WhatsApp' },
  { key: 'facebook', nome: 'Facebook' },
  { key: 'x', nome: 'X' },
] as const

/**
 * Share buttons of every page (spec §2), inside the box and under the heading of src/app/layouts/ShareSlot.tsx:
 * the address is the current path plus the stored discipline and sector. WhatsApp, Facebook and X open their
 * share screens; e-mail opens the mail program; «Copia link» uses the Clipboard API and says so in a live region;
 * «Altre app» (Web Share API) appears only where the device has it.
 */
export function ShareButtons() {
  const { pathname, search } = useLocation()
  const disciplina = useSelector(disciplinaStore, (s) => s.context.disciplina)
  const idSettore = useSelector(disciplinaStore, (s) => s.context.id_settore)
  const documentTitle = useSyncExternalStore(subscribeTitle, readTitle)
  const clipboard = useClipboard({ copied: COPIED, failed: COPY_FAILED })

  const url = shareUrl({
    origin: window.location.origin,
    pathname,
    search,
    disciplina,
    id_settore: idSettore,
  })
  const title = shareTitle(documentTitle, SITE)
  const links = shareLinks(url, title, SITE)
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function'

  // A new page starts without the previous page's message or fallback field.
  const [shownFor, setShownFor] = useState(pathname)
  if (shownFor !== pathname) {
    setShownFor(pathname)
    clipboard.reset()
  }

  async function shareWithApps() {
    try {
      await navigator.share({ title: `${title} – ${SITE}`, url })
    } catch {
      // Closing the device's share sheet rejects the promise: nothing to report.
    }
  }

  return (
    <>
      <ul className="share-list">
        {SOCIAL_NETWORKS.map(({ key, nome }) => (
          <li key={key}>
            <a
              className={`share-button share-${key}`}
              aria-label={`Condividi su ${nome}${NEW_WINDOW}`}
              href={links[key]}
              target="_blank"
              rel="noopener noreferrer"
            >
              <Icon name={key} />
              {nome}
            </a>
          </li>
        ))}
        <li>
          <a className="share-button share-email" href={links.email} aria-label="Condividi via e-mail">
            <Icon name="email" />
            E-mail
          </a>
        </li>
        <li>
          <button type="button" className="share-button share-copy" onClick={() => void clipboard.copy(url)}>
            <Icon name="link" />
            Copia link
          </button>
        </li>
        {canShare && (
          <li>
            <button
              type="button"
              className="share-button share-native"
              aria-label="Condividi con altre app"
              onClick={shareWithApps}
            >
              <Icon name="share" />
              Altre app
            </button>
          </li>
        )}
      </ul>
      <p className="share-status" role="status">
        {clipboard.message}
      </p>
      {clipboard.failed && (
        <div className="share-fallback">
          <label htmlFor="share-url">Link della pagina</label>
          <input id="share-url" type="url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
        </div>
      )}
    </>
  )
}
