// Model of the news editor: an anonymous visitor is asked to sign in; the server decides who may publish and
// says why not; «Riprova» after a failed check; the server's refusal of a draft is shown and the draft kept.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { NewsCard } from '../../../contract/news.ts'
import { type NewsAddContext, type NewsDraft, newsAddMachine } from '../../../machines/news-add.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { SERVER_FAILURE, expectedMessage, failureOf } from './failures.ts'

const TIPOLOGIE = [{ codice: 'comunicati', nome: 'Comunicati' }]
const ALLOWED = { puo_pubblicare: true, messaggio: null, tipologie: TIPOLOGIE }
const REFUSED = {
  puo_pubblicare: false,
  messaggio: 'Le news sono pubblicate dalla redazione federale.',
  tipologie: TIPOLOGIE,
}
const DRAFT: NewsDraft = {
  titolo: 'Campionati italiani',
  sommario: 'A Roma dal 3 al 9 giugno.',
  corpo: 'Il programma completo.',
  tipologia_news: 'comunicati',
  ambito: 'nazionale' as NewsDraft['ambito'],
  in_evidenza: false,
}
const PUBLISHED = { id: 99, titolo: DRAFT.titolo } as unknown as NewsCard
const FORBIDDEN = { message: 'Non puoi pubblicare news', _tag: 'ServerFailure', status: 403 }

function addEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [
    { type: 'editor.signedIn' },
    { type: 'editor.retry' },
    { type: 'editor.publish', draft: DRAFT, id_settore: 1 },
    { type: 'editor.another' },
  ]
  if (snapshot.matches('checking')) {
    events.push(
      done('checkPermission', ALLOWED),
      done('checkPermission', REFUSED),
      fail('checkPermission', SERVER_FAILURE),
    )
  }
  if (snapshot.matches('publishing')) events.push(done('publish', PUBLISHED), fail('publish', FORBIDDEN))
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as NewsAddContext

function checkAdd({ scenario, before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  assert.equal(after.hasTag('loading'), after.matches('checking'))
  assert.equal(after.hasTag('sending'), after.matches('publishing'))
  if (!before) {
    const signedIn = (scenario.input as { signedIn: boolean }).signedIn
    assert.ok(after.matches(signedIn ? 'checking' : 'anonymous'), 'chi non ha fatto l’accesso lo deve fare')
    return
  }
  if (event.type === 'xstate.done.actor.checkPermission') {
    const permission = event.output as typeof ALLOWED | typeof REFUSED
    assert.ok(after.matches(permission.puo_pubblicare ? 'editing' : 'refused'), 'decide il server')
    if (!permission.puo_pubblicare) assert.equal(now.refusal, permission.messaggio)
    else assert.deepEqual(now.tipologie, TIPOLOGIE)
  }
  if (event.type === 'xstate.error.actor.checkPermission') {
    assert.ok(after.matches('failed'))
    assert.equal(now.error, expectedMessage(failureOf(event)))
  }
  if (event.type === 'editor.publish') {
    assert.deepEqual(doubles.lastInput('publish'), { draft: DRAFT, id_settore: 1 })
    assert.equal(now.error, null)
  }
  if (event.type === 'xstate.error.actor.publish') {
    assert.ok(after.matches('editing'), 'la bozza resta')
    assert.equal(now.error, 'Non puoi pubblicare news', 'il rifiuto del server così com’è')
  }
  if (event.type === 'xstate.done.actor.publish') assert.deepEqual(now.published, PUBLISHED)
  if (event.type === 'editor.another') assert.equal(now.published, null)
}

export const newsAddModel: MachineModel = {
  machine: newsAddMachine,
  scenarios: [
    { name: 'Visitatore anonimo', input: { signedIn: false }, events: addEvents },
    { name: 'Utente autenticato', input: { signedIn: true }, events: addEvents },
  ],
  check: checkAdd,
}
