// A page's data through the shared page-data machine (machines/page-data.ts): the page says how to load, the
// machine decides loading, failure and retry; the view reads one value per selector.
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { fromPromise } from 'xstate'
import { pageDataMachine } from '../../machines/page-data.ts'
import { journalInspector } from '../journal/journal.ts'

/** The page-data machine with its `loadPage` actor. */
export function pageDataLogic<T, P>(load: (params: P, signal: AbortSignal) => Promise<T>) {
  return pageDataMachine.provide({
    actors: { loadPage: fromPromise(({ input, signal }) => load(input.params as P, signal)) },
  })
}

export type PageDataActor = ReturnType<typeof useActorRef<typeof pageDataMachine>>

/** What a view shows of a page-data actor. */
export function usePageDataView<T>(actor: PageDataActor) {
  const loading = useSelector(actor, (s) => s.hasTag('loading'))
  const failed = useSelector(actor, (s) => s.hasTag('failed'))
  const missing = useSelector(actor, (s) => s.matches('missing'))
  const data = useSelector(actor, (s) => s.context.data) as T | null
  const error = useSelector(actor, (s) => s.context.error)
  return { loading, failed, missing, data, error, retry: () => actor.send({ type: 'page.retry' }) }
}

/**
 * Loads a page's data with `load(params)` once the page mounts. `load` is taken at the first render: new params
 * go through `actor.send({ type: 'page.reload', params })`.
 */
export function usePageData<T, P>(
  load: (params: P, signal: AbortSignal) => Promise<T>,
  params: P,
  options: { notFoundIsMissing?: boolean; initial?: T | undefined } = {},
) {
  const [logic] = useState(() => pageDataLogic(load))
  const actor = useActorRef(logic, {
    inspect: journalInspector,
    input: { params, initial: options.initial, notFoundIsMissing: options.notFoundIsMissing },
  })
  return { actor, ...usePageDataView<T>(actor) }
}

/** Reloads a section when `key` changes after the first render (another page, the user signed in or out). */
export function useReloadOn(
  actor: { send: (event: { type: 'page.reload'; params?: unknown }) => void },
  key: string,
  params: unknown,
) {
  const seen = useRef(key)
  useEffect(() => {
    if (seen.current !== key) {
      seen.current = key
      actor.send({ type: 'page.reload', params })
    }
  }, [actor, key, params])
}
