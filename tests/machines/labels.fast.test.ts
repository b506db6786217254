// The key of an event in a machine's vocabulary (machines/labels.ts, `eventLabelKey`): a delayed event is labelled
// once for its delay, without the id of the state that waits; every other event by its own type. The fast set of
// `npm run mutation` for this module (labels.test.ts checks the vocabularies of all the machines).
import { describe, expect, it } from 'vitest'
import { eventLabelKey } from '../../machines/labels.ts'

describe('eventLabelKey', () => {
  it('labels a delayed event by its delay, without the waiting state’s id', () => {
    expect(eventLabelKey('xstate.after.5000.session.renewing', 'session.renewing')).toBe('xstate.after.5000')
  })

  it('keeps a delayed event of another state whole', () => {
    expect(eventLabelKey('xstate.after.5000.session.renewing', 'session.idle')).toBe(
      'xstate.after.5000.session.renewing',
    )
  })

  it('keeps every other event as it is, even one that ends with the state’s id', () => {
    expect(eventLabelKey('session.signIn', 'session')).toBe('session.signIn')
    expect(eventLabelKey('form.submit', 'submit')).toBe('form.submit')
    expect(eventLabelKey('xstate.done.actor.loadPage', 'loadPage')).toBe('xstate.done.actor.loadPage')
  })
})
