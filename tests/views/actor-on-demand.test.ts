// An actor whose code arrives on first use (src/ui/actor-on-demand.ts): an event sent through a `send` from a render
// that had not yet seen the actor (the code arrived, React had not rendered again) reaches the actor. Seen in the
// club filter on a loaded machine: the field's focus loaded the search, the text came before the next render, and
// the list said «0 circoli trovati» without a search.
import { act, renderHook } from '@testing-library/react'
import { expect, it } from 'vitest'
import { assign, createMachine } from 'xstate'
import { useActorOnDemand } from '../../src/ui/actor-on-demand.ts'

const logic = createMachine({
  types: {} as { context: { texts: string[] }; events: { type: 'typed'; text: string } },
  context: { texts: [] },
  on: { typed: { actions: assign({ texts: ({ context, event }) => [...context.texts, event.text] }) } },
})

it('delivers an event sent before the render that shows the actor', async () => {
  let arrived!: () => void
  const code = new Promise<{ logic: typeof logic }>((resolve) => {
    arrived = () => resolve({ logic })
  })
  const { result } = renderHook(() => useActorOnDemand(() => code, undefined as never))
  const { send, wake } = result.current
  wake()
  // The code arrives; before React renders again, the field sends what was typed through the old render's `send`.
  arrived()
  await code
  await Promise.resolve()
  send({ type: 'typed', text: 'Circolo Tennis Parioli' })
  await act(async () => {})
  expect(result.current.actor?.getSnapshot().context.texts).toEqual(['Circolo Tennis Parioli'])
})

it('delivers the events sent while the code was on its way, in order', async () => {
  let arrived!: () => void
  const code = new Promise<{ logic: typeof logic }>((resolve) => {
    arrived = () => resolve({ logic })
  })
  const { result } = renderHook(() => useActorOnDemand(() => code, undefined as never))
  result.current.send({ type: 'typed', text: 'Ci' })
  result.current.send({ type: 'typed', text: 'Circ' })
  await act(async () => {
    arrived()
    await code
  })
  expect(result.current.actor?.getSnapshot().context.texts).toEqual(['Ci', 'Circ'])
})
