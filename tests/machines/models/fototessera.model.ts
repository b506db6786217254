// Model of the card photo: a file refused before reading (declared type, size), read, cropped with a preview,
// uploaded (the server's refusal goes back to the crop with its message), or the photo removed.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { FOTOTESSERA_MESSAGES } from '../../../contract/profilo.ts'
import {
  CENTRED,
  PHOTO_REMOVED,
  PHOTO_SAVED,
  type FototesseraContext,
  fototesseraMachine,
} from '../../../machines/fototessera.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { SERVER_FAILURE, expectedMessage, failureOf } from './failures.ts'

const JPEG = { name: 'io.jpg', type: 'image/jpeg', size: 900_000 }
const PDF = { name: 'io.pdf', type: 'application/pdf', size: 90_000 }
const HUGE = { name: 'io.png', type: 'image/png', size: 6 * 1024 * 1024 }
const IMAGE = { src: 'blob:immagine', width: 1200, height: 1600 }
const STORED = { url: '/api/v1/profilo/fototessera.jpg?v=1', src: 'blob:salvata' }
const REFUSED = { ...SERVER_FAILURE, status: 400, message: FOTOTESSERA_MESSAGES.tooManyPixels }

function photoEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [
    { type: 'file.chosen', file: JPEG },
    { type: 'file.chosen', file: PDF },
    { type: 'file.chosen', file: HUGE },
    { type: 'crop.changed', crop: { zoom: 2, x: 0.3, y: 0.6 } },
    { type: 'crop.cancel' },
    { type: 'crop.confirm' },
    { type: 'photo.remove' },
  ]
  if (snapshot.matches('reading'))
    events.push(done('readImage', IMAGE), fail('readImage', { message: 'decode' }))
  if (snapshot.matches('uploading')) events.push(done('uploadPhoto', STORED), fail('uploadPhoto', REFUSED))
  if (snapshot.matches('removing'))
    events.push(done('removePhoto', undefined), fail('removePhoto', SERVER_FAILURE))
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as FototesseraContext

function checkPhoto({ before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  assert.equal(
    after.hasTag('busy'),
    ['reading', 'uploading', 'removing'].some((s) => after.matches(s)),
  )
  if (!before) return
  const was = ctx(before)
  if (event.type === 'file.chosen') {
    if (event.file.type === 'application/pdf') {
      assert.ok(after.matches('idle'))
      assert.equal(now.error, FOTOTESSERA_MESSAGES.notAnImage)
    } else if (event.file.size > 5 * 1024 * 1024) {
      assert.ok(after.matches('idle'))
      assert.equal(now.error, FOTOTESSERA_MESSAGES.tooLarge)
    } else {
      assert.ok(after.matches('reading'))
      assert.deepEqual(doubles.lastInput('readImage'), JPEG)
      assert.deepEqual(now.crop, CENTRED, 'una foto nuova si ritaglia dal centro')
    }
  }
  if (event.type === 'xstate.done.actor.readImage') {
    assert.ok(after.matches('cropping'))
    assert.deepEqual(now.image, IMAGE)
  }
  if (event.type === 'xstate.error.actor.readImage') {
    assert.ok(after.matches('idle'))
    assert.equal(now.error, FOTOTESSERA_MESSAGES.unreadable)
  }
  if (event.type === 'crop.changed') assert.deepEqual(now.crop, event.crop)
  if (event.type === 'crop.cancel') {
    assert.ok(after.matches('idle'))
    assert.equal(now.image, null)
    assert.deepEqual(now.photo, was.photo, 'annullare non tocca la foto salvata')
  }
  if (event.type === 'crop.confirm') {
    assert.ok(after.matches('uploading'))
    assert.deepEqual(doubles.lastInput('uploadPhoto'), { image: was.image, crop: was.crop })
  }
  if (event.type === 'xstate.done.actor.uploadPhoto') {
    assert.ok(after.matches('idle'))
    assert.deepEqual(now.photo, STORED)
    assert.equal(now.notice, PHOTO_SAVED)
  }
  if (event.type === 'xstate.error.actor.uploadPhoto') {
    assert.ok(after.matches('cropping'), 'si torna al ritaglio')
    assert.equal(now.error, expectedMessage(failureOf(event)))
    assert.deepEqual(now.photo, was.photo, 'una foto rifiutata non cambia quella salvata')
  }
  if (event.type === 'photo.remove') assert.ok(after.matches(was.photo ? 'removing' : 'idle'))
  if (event.type === 'xstate.done.actor.removePhoto') {
    assert.equal(now.photo, null)
    assert.equal(now.notice, PHOTO_REMOVED)
  }
  if (event.type === 'xstate.error.actor.removePhoto') {
    assert.deepEqual(now.photo, was.photo)
    assert.equal(now.error, expectedMessage(failureOf(event)))
  }
}

export const fototesseraModel: MachineModel = {
  machine: fototesseraMachine,
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return { value: snapshot.value, photo: c.photo !== null, image: c.image !== null }
  },
  scenarios: [
    { name: 'Senza fototessera', input: { photo: null }, events: photoEvents },
    { name: 'Con la fototessera', input: { photo: STORED }, events: photoEvents },
  ],
  check: checkPhoto,
}
