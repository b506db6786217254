import type { ReactNode } from 'react'
import { LoadError } from './LoadError.tsx'
import type { usePageDataView } from './page-data.ts'

type PageView = Pick<ReturnType<typeof usePageDataView>, 'loading' | 'failed' | 'missing' | 'error' | 'retry'>

/**
 * What a detail page shows before or instead of its data: a skeleton the first time it loads (announced to a
 * screen reader), the error with «Riprova», or what to do when the record does not exist.
 */
export function PageStates({
  page,
  hasData,
  loadingText,
  skeletonClassName,
  missing,
}: {
  page: PageView
  hasData: boolean
  /** «Caricamento del circolo…» */
  loadingText: string
  skeletonClassName: string
  /** The sentence, with its way on, when the record does not exist. */
  missing: ReactNode
}) {
  return (
    <>
      {page.loading && !hasData && (
        <div className={skeletonClassName}>
          <p role="status" className="visually-hidden">
            {loadingText}
          </p>
          <div className="skeleton" aria-hidden="true" />
        </div>
      )}
      {page.failed && <LoadError message={page.error} onRetry={page.retry} />}
      {page.missing && (
        <div className="empty-state">
          <p>{missing}</p>
        </div>
      )}
    </>
  )
}
