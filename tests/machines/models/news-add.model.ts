// Model of the news editor: a draft published, or the server's refusal shown as it is with the draft kept;
// then another news.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { NewsCard } from '../../../contract/news.ts'
import { type NewsAddContext, type NewsDraft, newsAddMachine } from '../../../machines/news-add.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'

const TIPOLOGIE = [{ codice: 'comunicati', nome: 'Comunicati' }]
const DRAFT: NewsDraft = {
  titolo: 'Campionati italiani',
  sommario: 'A Roma dal 3 al 9 giugno.',
  corpo: 'Il programma completo.',
  tipologia_news: 'comunicati',
  ambito: 'settore',
  in_evidenza: false,
}
/** A news «in evidenza» for another sector. */
const HIGHLIGHTED: NewsDraft = { ...DRAFT, ambito: 'federazione', in_evidenza: true }
const PUBLISHED = { id: 99, titolo: DRAFT.titolo } as unknown as NewsCard
const FORBIDDEN = { message: 'Non puoi pubblicare news', _tag: 'ServerFailure', status: 403 }

function addEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [
    { type: 'editor.publish', draft: DRAFT, id_settore: 1 },
    { type: 'editor.publish', draft: HIGHLIGHTED, id_settore: 2 },
    { type: 'editor.another' },
  ]
  if (snapshot.matches('publishing')) events.push(done('publish', PUBLISHED), fail('publish', FORBIDDEN))
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as NewsAddContext

function checkAdd({ before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  assert.equal(after.hasTag('sending'), after.matches('publishing'))
  assert.deepEqual(now.tipologie, TIPOLOGIE)
  if (!before) {
    assert.ok(after.matches('editing'))
    return
  }
  if (event.type === 'editor.publish') {
    assert.deepEqual(doubles.lastInput('publish'), { draft: event.draft, id_settore: event.id_settore })
    assert.equal(now.error, null)
  }
  if (event.type === 'xstate.error.actor.publish') {
    assert.ok(after.matches('editing'), 'la bozza resta')
    assert.equal(now.error, 'Non puoi pubblicare news', 'il rifiuto del server così com’è')
  }
  if (event.type === 'xstate.done.actor.publish') assert.deepEqual(now.published, PUBLISHED)
  if (event.type === 'editor.another') {
    assert.ok(after.matches('editing'))
    assert.equal(now.published, null)
  }
}

export const newsAddModel: MachineModel = {
  machine: newsAddMachine,
  scenarios: [{ name: 'Redattore', input: { tipologie: TIPOLOGIE }, events: addEvents }],
  check: checkAdd,
}
