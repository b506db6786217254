// The card photo (machines/fototessera.ts) through xstate's pure transition(), against the machine's header and
// the contract's limits (FOTOTESSERA, FOTOTESSERA_MESSAGES): a file of another type, too large or empty is refused
// before reading it; a photo read is cropped (from the centre) and uploaded; a refused upload goes back to the
// crop; a stored photo can be removed. The fast set of `npm run mutation`.
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import { FOTOTESSERA, FOTOTESSERA_MESSAGES } from '../../contract/profilo.ts'
import {
  ACCEPTED_TYPES,
  CENTRED,
  type FototesseraContext,
  MAX_ZOOM,
  PHOTO_REMOVED,
  PHOTO_SAVED,
  chosenFileProblem,
  fototesseraLabels,
  fototesseraMachine as machine,
} from '../../machines/fototessera.ts'
import {
  done,
  expectLabelled,
  expectProvidedByTheApplication,
  expectStatesDescribed,
  failed,
  send,
  sendAll,
  start,
} from './fast.ts'

const FILE = { name: 'me.jpg', type: 'image/jpeg', size: 1000 }
const IMAGE = { src: 'blob:1', width: 800, height: 1000 }
const STORED = { url: '/api/v1/profilo/fototessera.jpg?v=1', src: 'blob:s' }
const ctx = (step: { snapshot: { context: unknown } }) => step.snapshot.context as FototesseraContext
const opened = (photo: typeof STORED | null = null) => start(machine, { photo })
const cropping = () =>
  sendAll(machine, opened().snapshot, [{ type: 'file.chosen', file: FILE }, done('readImage', IMAGE)])
const busy = (step: { snapshot: { hasTag: (t: string) => boolean } }) => step.snapshot.hasTag('busy')

describe('fototessera: the file', () => {
  it('takes JPEG, PNG and WebP, up to the largest size, never empty', () => {
    expect(ACCEPTED_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp'])
    for (const type of ACCEPTED_TYPES) expect(chosenFileProblem({ ...FILE, type })).toBeNull()
    expect(chosenFileProblem({ ...FILE, type: 'image/gif' })).toBe(FOTOTESSERA_MESSAGES.notAnImage)
    expect(chosenFileProblem({ ...FILE, size: FOTOTESSERA.maxBytes })).toBeNull()
    expect(chosenFileProblem({ ...FILE, size: FOTOTESSERA.maxBytes + 1 })).toBe(FOTOTESSERA_MESSAGES.tooLarge)
    expect(chosenFileProblem({ ...FILE, size: 0 })).toBe(FOTOTESSERA_MESSAGES.missing)
    expect(chosenFileProblem({ ...FILE, size: 1 })).toBeNull()
  })

  it('crops from the centre, zooming from 1 to 4', () => {
    expect(CENTRED).toEqual({ zoom: 1, x: 0.5, y: 0.5 })
    expect(MAX_ZOOM).toBe(4)
  })

  it('has sentences for a saved and a removed photo', () => {
    expect(PHOTO_SAVED).toMatch(/^Fototessera .*salvata\.$/)
    expect(PHOTO_REMOVED).toMatch(/^Fototessera .*rimossa\.$/)
  })
})

describe('fototessera: choosing, cropping, uploading', () => {
  it('opens with the stored photo and nothing to say', () => {
    const step = opened(STORED)
    expect(step.snapshot.value).toBe('idle')
    expect(step.snapshot.context).toEqual({
      photo: STORED,
      image: null,
      crop: CENTRED,
      error: null,
      notice: null,
    })
    expect(busy(step)).toBe(false)
  })

  it('refuses a wrong file before reading it, and says why', () => {
    const saved = sendAll(machine, cropping().snapshot, [
      { type: 'crop.confirm' },
      done('uploadPhoto', STORED),
    ])
    const step = send(machine, saved.snapshot, { type: 'file.chosen', file: { ...FILE, type: 'text/plain' } })
    expect(step.snapshot.value).toBe('idle')
    expect(step.started).toEqual([])
    expect(ctx(step)).toMatchObject({ error: FOTOTESSERA_MESSAGES.notAnImage, notice: null })
  })

  it('reads a good file, with the crop back at the centre and old messages cleared', () => {
    const refused = send(machine, opened().snapshot, { type: 'file.chosen', file: { ...FILE, size: 0 } })
    const moved = sendAll(machine, cropping().snapshot, [
      { type: 'crop.changed', crop: { zoom: 2, x: 0, y: 1 } },
      { type: 'crop.cancel' },
    ])
    for (const from of [refused, moved]) {
      const step = send(machine, from.snapshot, { type: 'file.chosen', file: FILE })
      expect(step.snapshot.value).toBe('reading')
      expect(busy(step)).toBe(true)
      expect(ctx(step)).toMatchObject({ error: null, notice: null, crop: CENTRED })
      expect(step.started).toEqual([{ id: 'readImage', src: 'readImage', input: FILE }])
    }
  })

  it('says a file it cannot read is no photo', () => {
    const step = sendAll(machine, opened().snapshot, [
      { type: 'file.chosen', file: FILE },
      failed('readImage', new Error('x')),
    ])
    expect(step.snapshot.value).toBe('idle')
    expect(ctx(step)).toMatchObject({ error: FOTOTESSERA_MESSAGES.unreadable, image: null })
  })

  it('crops the photo read, and goes back without sending anything', () => {
    const step = cropping()
    expect(step.snapshot.value).toBe('cropping')
    expect(busy(step)).toBe(false)
    expect(ctx(step).image).toEqual(IMAGE)
    const moved = send(machine, step.snapshot, { type: 'crop.changed', crop: { zoom: 2, x: 0.1, y: 0.9 } })
    expect(ctx(moved).crop).toEqual({ zoom: 2, x: 0.1, y: 0.9 })
    const back = send(machine, moved.snapshot, { type: 'crop.cancel' })
    expect(back.snapshot.value).toBe('idle')
    expect(back.started).toEqual([])
    expect(ctx(back)).toMatchObject({ image: null, error: null, notice: null })
  })

  it('uploads the photo with its crop, then shows it as stored', () => {
    const moved = send(machine, cropping().snapshot, {
      type: 'crop.changed',
      crop: { zoom: 3, x: 0.2, y: 0.4 },
    })
    const step = send(machine, moved.snapshot, { type: 'crop.confirm' })
    expect(step.snapshot.value).toBe('uploading')
    expect(busy(step)).toBe(true)
    expect(step.started).toEqual([
      { id: 'uploadPhoto', src: 'uploadPhoto', input: { image: IMAGE, crop: { zoom: 3, x: 0.2, y: 0.4 } } },
    ])
    const saved = send(machine, step.snapshot, done('uploadPhoto', STORED))
    expect(saved.snapshot.value).toBe('idle')
    expect(ctx(saved)).toMatchObject({ photo: STORED, image: null, notice: PHOTO_SAVED, error: null })
  })

  it('goes back to the crop when the server refuses the photo, with its message, cleared at the next try', () => {
    const step = sendAll(machine, cropping().snapshot, [
      { type: 'crop.confirm' },
      failed('uploadPhoto', { _tag: 'ServerFailure', message: FOTOTESSERA_MESSAGES.tooSmall }),
    ])
    expect(step.snapshot.value).toBe('cropping')
    expect(ctx(step)).toMatchObject({ image: IMAGE, error: FOTOTESSERA_MESSAGES.tooSmall })
    expect(ctx(send(machine, step.snapshot, { type: 'crop.confirm' })).error).toBeNull()
    expect(ctx(send(machine, step.snapshot, { type: 'crop.cancel' })).error).toBeNull()
  })
})

describe('fototessera: removing', () => {
  it('removes a stored photo, and only when there is one', () => {
    expect(opened().snapshot.can({ type: 'photo.remove' })).toBe(false)
    const step = send(machine, opened(STORED).snapshot, { type: 'photo.remove' })
    expect(step.snapshot.value).toBe('removing')
    expect(busy(step)).toBe(true)
    expect(step.started.map((s) => s.src)).toEqual(['removePhoto'])
    const removed = send(machine, step.snapshot, done('removePhoto'))
    expect(removed.snapshot.value).toBe('idle')
    expect(ctx(removed)).toMatchObject({ photo: null, notice: PHOTO_REMOVED, error: null })
  })

  it('keeps the photo when removing fails, says why, and clears the messages at the next try', () => {
    const step = sendAll(machine, opened(STORED).snapshot, [
      { type: 'photo.remove' },
      failed('removePhoto', { _tag: 'ServerFailure', message: 'Fototessera bloccata dalla federazione' }),
    ])
    expect(step.snapshot.value).toBe('idle')
    expect(ctx(step)).toMatchObject({ photo: STORED, error: 'Fototessera bloccata dalla federazione' })
    const generic = sendAll(machine, opened(STORED).snapshot, [
      { type: 'photo.remove' },
      failed('removePhoto', new Error('x')),
    ])
    expect(ctx(generic).error).toBe(MESSAGES.generic)
    expect(ctx(send(machine, step.snapshot, { type: 'photo.remove' }))).toMatchObject({
      error: null,
      notice: null,
    })
  })

  it('is the machine fototessera, each state titled and described, each event and guard labelled', async () => {
    expect(machine.id).toBe('fototessera')
    expectStatesDescribed(machine)
    expectLabelled(machine, fototesseraLabels)
    await expectProvidedByTheApplication(machine, ['readImage', 'uploadPhoto', 'removePhoto'])
  })
})
