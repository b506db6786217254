// The helpers every machine shares (machines/actor-contracts.ts): the loud placeholder of an actor the application
// must provide, what a failure says (text, HTTP status, the Italian message of spec §8) and the quiet pause before
// a search. Fast: `npm run mutation` runs it against each mutant.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { MESSAGES } from '../../contract/common.ts'
import {
  failureStatus,
  failureText,
  isNotFoundFailure,
  pauseOf,
  providedByTheApplication,
  userMessage,
} from '../../machines/actor-contracts.ts'

const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('providedByTheApplication', () => {
  it('fails at once, naming the machine and the actor to provide', async () => {
    const actor = createActor(providedByTheApplication<number, void>('sessione', 'caricaDati'))
    actor.subscribe({ error: () => {} })
    actor.start()
    await tick()
    const snapshot = actor.getSnapshot()
    expect(snapshot.status).toBe('error')
    expect(String((snapshot.error as Error).message)).toBe(
      "sessione: l'attore 'caricaDati' deve essere fornito con machine.provide()",
    )
  })
})

describe('failureText', () => {
  it('takes a string as it is, and joins message, errorMessage and errorCode of anything else', () => {
    expect(failureText('AADB2C90118: dimenticata')).toBe('AADB2C90118: dimenticata')
    expect(failureText({ message: 'a', errorMessage: 'b', errorCode: 'c' })).toBe('a b c')
    expect(failureText({ errorCode: 'interaction_required' })).toBe('interaction_required')
    expect(failureText(new Error('Failed to fetch'))).toBe('Failed to fetch')
    expect(failureText({ message: 42, errorMessage: null })).toBe('')
    expect(failureText(null)).toBe('')
    expect(failureText(undefined)).toBe('')
    expect(failureText(7)).toBe('')
  })
})

describe('failureStatus', () => {
  it('reads status, statusCode or StatusCode, the first that is a positive whole number', () => {
    expect(failureStatus({ status: 404 })).toBe(404)
    expect(failureStatus({ statusCode: '401' })).toBe(401)
    expect(failureStatus({ StatusCode: 500 })).toBe(500)
    expect(failureStatus({ status: 0, statusCode: 409 })).toBe(409)
    expect(failureStatus({ status: 'x', StatusCode: 503 })).toBe(503)
    expect(failureStatus({ status: 401.5 })).toBeNull()
    expect(failureStatus({ status: -1 })).toBeNull()
    expect(failureStatus({})).toBeNull()
    expect(failureStatus(null)).toBeNull()
    expect(failureStatus('404')).toBeNull()
  })

  it('says a failure is «not found» for a 404 only', () => {
    expect(isNotFoundFailure({ status: 404 })).toBe(true)
    expect(isNotFoundFailure({ statusCode: '404' })).toBe(true)
    expect(isNotFoundFailure({ status: 410 })).toBe(false)
    expect(isNotFoundFailure(new Error('404'))).toBe(false)
  })
})

describe('userMessage (spec §8)', () => {
  it('says the session expired on a 401, the server’s Italian message when it gave one, else the generic one', () => {
    expect(userMessage({ _tag: 'Unauthorized', message: 'Utente non autorizzato' })).toBe(
      MESSAGES.sessionExpired,
    )
    expect(userMessage({ _tag: 'ServerFailure', message: 'Torneo non trovato' })).toBe('Torneo non trovato')
    expect(userMessage({ _tag: 'ServerFailure', message: 'Internal Server Error' })).toBe(MESSAGES.generic)
    expect(userMessage({ _tag: 'ServerFailure', message: '  ' })).toBe(MESSAGES.generic)
    expect(userMessage({ _tag: 'ServerFailure' })).toBe(MESSAGES.generic)
    expect(userMessage({ _tag: 'NetworkFailure', message: 'Rete assente' })).toBe(MESSAGES.generic)
    expect(userMessage({ message: 'Torneo non trovato' })).toBe(MESSAGES.generic)
    expect(userMessage('Torneo non trovato')).toBe(MESSAGES.generic)
    expect(userMessage(null)).toBe(MESSAGES.generic)
  })
})

describe('pauseOf', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('ends after its time, not before, and a stopped pause never ends', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const ended: string[] = []
    const pause = createActor(pauseOf(300))
    pause.subscribe({ complete: () => ended.push('pausa') })
    pause.start()
    await vi.advanceTimersByTimeAsync(299)
    expect(ended).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(ended).toEqual(['pausa'])

    // Leaving the state stops the pause: its timer goes with it.
    const stopped = createActor(pauseOf(300)).start()
    await vi.advanceTimersByTimeAsync(100)
    expect(vi.getTimerCount()).toBe(1)
    stopped.stop()
    expect(vi.getTimerCount()).toBe(0)
    expect(stopped.getSnapshot().status).toBe('stopped')
  })
})
