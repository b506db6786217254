import { useCallback, useEffect, useRef, useState } from 'react'
import { createActor, type Actor, type AnyActorLogic, type EventFrom, type InputFrom } from 'xstate'
import { journalInspector } from '../journal/journal.ts'

/**
 * An actor whose code is downloaded when first needed (a search field's first focus) instead of with the page:
 * `load` gives a module exporting the actor's `logic`. `wake()` loads it and starts the actor with the latest
 * `input`; `send()` wakes it too, and the events sent on the way are delivered once it runs. Until then `actor`
 * and `code` (the module) are undefined (useSelector takes an undefined actor); `failed` says the module did
 * not arrive, and the next `wake()` tries again. The actor stops with the component.
 */
export function useActorOnDemand<M extends { logic: AnyActorLogic }>(
  load: () => Promise<M>,
  input: InputFrom<M['logic']>,
) {
  const [running, setRunning] = useState<{ code: M; actor: Actor<M['logic']> }>()
  const [failed, setFailed] = useState(false)
  const latest = useRef({
    input,
    mounted: false,
    waking: false,
    pending: [] as EventFrom<M['logic']>[],
    /** The actor once made: an event sent before the next render sees it goes to it, not to a queue emptied already. */
    actor: undefined as Actor<M['logic']> | undefined,
  })
  useEffect(() => {
    latest.current.input = input
  })
  useEffect(() => {
    const state = latest.current
    state.mounted = true
    return () => {
      state.mounted = false
    }
  }, [])
  useEffect(
    () => () => {
      running?.actor.stop()
    },
    [running],
  )

  const wake = useCallback(() => {
    const state = latest.current
    if (state.waking) return
    state.waking = true
    setFailed(false)
    load().then(
      (code) => {
        if (!state.mounted) return
        const actor = createActor(code.logic, { input: state.input, inspect: journalInspector }).start()
        state.actor = actor
        for (const event of state.pending.splice(0)) actor.send(event)
        setRunning({ code, actor })
      },
      () => {
        state.waking = false
        if (state.mounted) setFailed(true)
      },
    )
  }, [load])

  const actor = running?.actor
  const send = useCallback(
    (event: EventFrom<M['logic']>) => {
      const current = actor ?? latest.current.actor
      if (current) current.send(event)
      else {
        latest.current.pending.push(event)
        wake()
      }
    },
    [actor, wake],
  )
  return { actor, code: running?.code, wake, send, failed }
}
