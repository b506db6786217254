// Model of the PDF sizes of /regolamenti: only paths not yet measured are measured; a failure leaves «PDF».
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { type DocumentSizesContext, documentSizesMachine } from '../../../machines/document-sizes.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { NETWORK_FAILURE } from './failures.ts'

const TENNIS = ['/documenti/regolamento-tennis.pdf', '/documenti/carte-federali.pdf']
const PADEL = ['/documenti/regolamento-padel.pdf', '/documenti/carte-federali.pdf']

function sizesEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = snapshot.context as DocumentSizesContext
  const events: AnyEventObject[] = [
    { type: 'sizes.measure', paths: TENNIS },
    { type: 'sizes.measure', paths: PADEL },
  ]
  if (snapshot.matches('measuring')) {
    events.push(
      done('measureDocuments', Object.fromEntries(c.pending.map((path, i) => [path, 41_000 + i]))),
      fail('measureDocuments', NETWORK_FAILURE),
    )
  }
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as DocumentSizesContext

function checkSizes({ before, event, after, doubles }: ExecutedStep) {
  if (!before) return
  const was = ctx(before)
  const now = ctx(after)
  if (event.type === 'sizes.measure') {
    const unmeasured = (event.paths as string[]).filter((path) => !(path in was.sizes))
    if (unmeasured.length > 0) {
      assert.ok(after.matches('measuring'))
      assert.deepEqual(doubles.lastInput('measureDocuments'), unmeasured, 'solo ciò che manca')
    } else {
      assert.deepEqual(after.value, before.value, 'niente da misurare: nessuna richiesta')
    }
  }
  if (event.type === 'xstate.done.actor.measureDocuments') {
    assert.deepEqual(now.sizes, { ...was.sizes, ...(event.output as object) })
  }
  if (event.type === 'xstate.error.actor.measureDocuments') assert.deepEqual(now.sizes, was.sizes)
}

export const documentSizesModel: MachineModel = {
  machine: documentSizesMachine,
  abstract: (snapshot) => ({ value: snapshot.value, measured: Object.keys(ctx(snapshot).sizes).sort() }),
  scenarios: [{ name: 'Regolamenti di due discipline', events: sizesEvents }],
  check: checkSizes,
}
