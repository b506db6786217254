import { Link } from 'react-router'
import { formatNumber } from './format.ts'

/**
 * «← Precedenti · Pagina 2 di 9 · Successivi →» under a paged list: links, so each page has its own address (a
 * shared link, Back and a reload agree). `searchFor` is the query of a page number; nothing is drawn for one page.
 */
export function Pager({
  label,
  pagina,
  pages,
  searchFor,
  className,
  mutedClassName,
}: {
  /** The navigation's accessible name: «Pagine della classifica». */
  label: string
  pagina: number
  pages: number
  searchFor: (pagina: number) => string
  className: string
  mutedClassName: string
}) {
  if (pages <= 1) return null
  return (
    <nav className={className} aria-label={label}>
      {pagina > 1 ? (
        <Link className="button secondary" to={{ search: searchFor(pagina - 1) }}>
          ← Precedenti
        </Link>
      ) : (
        <span />
      )}
      <span className={mutedClassName}>
        Pagina {formatNumber(pagina)} di {formatNumber(pages)}
      </span>
      {pagina < pages ? (
        <Link className="button secondary" to={{ search: searchFor(pagina + 1) }}>
          Successivi →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  )
}
