import { useEffect, type ReactNode } from 'react'

const SITE = 'Portale Federale Racchette'

/** The page heading; also the document title, so screen readers and tabs announce the page. */
export function PageTitle({ children, documentTitle }: { children: ReactNode; documentTitle?: string }) {
  const text = documentTitle ?? (typeof children === 'string' ? children : '')
  useEffect(() => {
    document.title = text ? `${text} · ${SITE}` : SITE
  }, [text])
  return (
    <h1 className="page-title" tabIndex={-1} id="titolo-pagina">
      {children}
    </h1>
  )
}
