// Model of the help desk's form and the staff's reply (issue 23 item 3): a request with a problem is never sent
// and says why in Italian; a sent one joins «Le mie richieste» and empties the form; a refusal keeps the text; a
// reply takes the request out of the staff's queue.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import type { Richiesta } from '../../../contract/helpdesk.ts'
import { type HelpdeskContext, helpdeskMachine, validateHelpdesk } from '../../../machines/helpdesk.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'
import { SERVER_FAILURE, expectedMessage, failureOf } from './failures.ts'

const CATEGORIE = [
  { id: 1, descrizione: 'Assistenza' },
  { id: 2, descrizione: 'Disservizi' },
]
const TESSERE = [{ id: 'T1', label: 'T1 – Agonistica – Tennis' }]
const richiesta = (id: number, stato: Richiesta['stato'] = 'aperta'): Richiesta => ({
  id_richiesta: id,
  id_categoria: 1,
  categoria: 'Assistenza',
  id_settore: 1,
  codice_tessera: null,
  oggetto: 'Tessera',
  messaggio: 'Non la vedo',
  stato,
  creata_il: '2026-11-26T10:00:00.000Z',
  risposta: stato === 'risposta' ? 'Fatto' : null,
  risposta_il: null,
  richiedente: null,
  allegati: [],
})
const SENT = richiesta(10)
const PHOTO = { name: 'ricevuta.jpg', size: 200_000, type: 'image/jpeg' }
const PDF = { name: 'modulo.pdf', size: 10_000, type: 'application/pdf' }
const ANSWERED = { ...richiesta(7, 'risposta'), richiedente: 'Mario Rossi' }

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as HelpdeskContext

function helpdeskEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const c = ctx(snapshot)
  const events: AnyEventObject[] = [{ type: 'form.submit', id_settore: 1 }]
  if (c.values.id_categoria === '') events.push({ type: 'field.changed', field: 'id_categoria', value: '1' })
  if (c.values.oggetto === '') events.push({ type: 'field.changed', field: 'oggetto', value: ' Tessera ' })
  if (c.values.messaggio === '')
    events.push({ type: 'field.changed', field: 'messaggio', value: 'Non la vedo' })
  if (c.values.codice_tessera === '')
    events.push({ type: 'field.changed', field: 'codice_tessera', value: 'ZZ' })
  if (c.coda === null && c.allegati.length === 0) events.push({ type: 'files.added', files: [PHOTO, PDF] })
  if (c.allegati.length > 0) events.push({ type: 'file.removed', index: c.allegati.length - 1 })
  if (c.coda?.some((r) => r.id_richiesta === 7)) {
    events.push({ type: 'reply.submit', id: 7 })
    if (!c.replies[7]) events.push({ type: 'reply.changed', id: 7, value: 'Fatto' })
  }
  if (snapshot.matches('sending')) events.push(done('send', SENT), fail('send', SERVER_FAILURE))
  if (snapshot.matches('replying')) events.push(done('reply', ANSWERED), fail('reply', SERVER_FAILURE))
  return events
}

function checkHelpdesk({ before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  assert.equal(after.hasTag('sending'), !after.matches('idle'))
  if (!before) return
  const was = ctx(before)
  if (event.type === 'form.submit') {
    const problems = validateHelpdesk(was.values, was.categorie, was.tessere)
    if (Object.keys(problems).length > 0) {
      assert.ok(after.matches('idle'), 'una richiesta con errori non parte')
      assert.deepEqual(now.errors, problems)
    } else if (was.allegatiErrors.some((p) => p !== null)) {
      assert.ok(after.matches('idle'), 'una richiesta con un allegato da togliere non parte')
    } else {
      assert.ok(after.matches('sending'))
      assert.deepEqual(doubles.lastInput('send'), {
        id_settore: 1,
        id_categoria: 1,
        oggetto: 'Tessera',
        messaggio: 'Non la vedo',
        ...(was.allegati.length > 0 ? { allegati: was.allegati } : {}),
      })
    }
  }
  if (event.type === 'files.added' || event.type === 'file.removed') {
    assert.equal(now.allegatiErrors.length, now.allegati.length)
    now.allegati.forEach((file, i) =>
      assert.equal(
        now.allegatiErrors[i],
        file.type === 'application/pdf' ? 'Non è un’immagine JPEG, PNG o WebP.' : null,
      ),
    )
  }
  if (event.type === 'xstate.done.actor.send') {
    assert.equal(now.richieste[0], SENT)
    assert.equal(now.values.oggetto, '', 'il modulo si svuota')
    assert.deepEqual(now.allegati, [], 'anche gli allegati')
  }
  if (event.type === 'xstate.error.actor.send') {
    assert.equal(now.error, expectedMessage(failureOf(event)))
    assert.deepEqual(now.values, was.values, 'il testo scritto resta')
  }
  if (event.type === 'reply.submit' && !was.replies[7]) {
    assert.equal(now.replyErrors[7], 'Scrivi la risposta.')
    assert.ok(after.matches('idle'))
  }
  if (event.type === 'xstate.done.actor.reply') {
    assert.ok(!now.coda?.some((r) => r.id_richiesta === 7), 'la richiesta risposta esce dalla coda')
    assert.equal(now.answered, 7)
  }
  if (event.type === 'xstate.error.actor.reply') {
    assert.equal(now.replyErrors[7], expectedMessage(failureOf(event)))
    assert.equal(now.coda?.length, was.coda?.length)
  }
}

export const helpdeskModel: MachineModel = {
  machine: helpdeskMachine,
  abstract: (snapshot) => {
    const c = ctx(snapshot)
    return {
      value: snapshot.value,
      filled: Object.entries(c.values)
        .filter(([, v]) => v !== '')
        .map(([k]) => k),
      submitted: c.submitted,
      sent: c.sent !== null,
      reply: Boolean(c.replies[7]),
      files: c.allegati.length,
      queued: c.coda?.length ?? -1,
      error: c.error !== null,
    }
  },
  scenarios: [
    {
      name: 'Un giocatore scrive una richiesta',
      input: { categorie: CATEGORIE, tessere: TESSERE, richieste: [], coda: null },
      events: helpdeskEvents,
    },
    {
      name: 'Lo staff risponde a una richiesta aperta',
      input: { categorie: CATEGORIE, tessere: [], richieste: [], coda: [richiesta(7)] },
      events: helpdeskEvents,
    },
  ],
  check: checkHelpdesk,
}
