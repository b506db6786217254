// A page whose filters live in the URL builds each change on the query it reads back from the URL. Between a
// navigation and the render that reads it there is a moment (a quick hand, a slow phone) in which a second change
// would be built on the old URL and drop the first. This hook keeps the query last sent until the URL moves on.
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'

/**
 * `latest()` is the query to build a change on: the one last sent while the URL still shows the query it was built
 * from, otherwise the URL's. `go(next)` navigates to `next` and remembers it.
 */
export function useUrlQuery<Q>(query: Q, searchOf: (query: Q) => string) {
  const navigate = useNavigate()
  const sent = useRef<{ from: string; next: Q } | null>(null)
  const search = searchOf(query)
  // Once the URL has moved on (the change arrived, or the visitor went back), it is the filters' state again.
  useEffect(() => {
    if (sent.current && sent.current.from !== search) sent.current = null
  }, [search])
  return {
    latest: (): Q => (sent.current?.from === search ? sent.current.next : query),
    go: (next: Q) => {
      sent.current = { from: search, next }
      void navigate({ search: searchOf(next) })
    },
  }
}
