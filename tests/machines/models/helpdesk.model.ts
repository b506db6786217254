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
  chiusa_il: stato === 'chiusa' ? '2026-11-26T12:00:00.000Z' : null,
  chiusa_da: stato === 'chiusa' ? 'staff' : null,
  richiedente: null,
  allegati: [],
})
const SENT = richiesta(10)
const PHOTO = { name: 'ricevuta.jpg', size: 200_000, type: 'image/jpeg' }
const PDF = { name: 'modulo.pdf', size: 10_000, type: 'application/pdf' }
// The server's answers to the staff carry no requester's name; the queue's copy does.
const QUEUED = { ...richiesta(7), richiedente: 'Mario Rossi' }
const ANSWERED = richiesta(7, 'risposta')
/** Mine: 5 open, 4 already closed; the server holds a third one, 3, on the next page. */
const MINE = [richiesta(5), richiesta(4, 'chiusa')]
const CLOSED_BY_ME: Richiesta = { ...richiesta(5, 'chiusa'), chiusa_da: 'utente' }
const CLOSED_BY_STAFF: Richiesta = richiesta(7, 'chiusa')
const NEXT_PAGE = { results: [richiesta(4, 'chiusa'), richiesta(3)], record: 3 }

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
  if (snapshot.matches('idle')) {
    const mine = c.coda === null ? 5 : 7
    events.push({ type: 'request.close', id: mine }, { type: 'request.close', id: 4 })
    events.push({ type: 'list.more', list: 'richieste' })
  }
  if (snapshot.matches('confirmingClose')) events.push({ type: 'dialog.confirm' }, { type: 'dialog.cancel' })
  if (snapshot.matches('closing')) {
    const closed = c.closing === 7 ? CLOSED_BY_STAFF : CLOSED_BY_ME
    events.push(done('close', closed), fail('close', SERVER_FAILURE))
  }
  if (snapshot.matches('loadingMore'))
    events.push(done('loadMore', NEXT_PAGE), fail('loadMore', SERVER_FAILURE))
  if (snapshot.matches('sending')) events.push(done('send', SENT), fail('send', SERVER_FAILURE))
  if (snapshot.matches('replying')) events.push(done('reply', ANSWERED), fail('reply', SERVER_FAILURE))
  return events
}

function checkHelpdesk({ before, event, after, doubles }: ExecutedStep) {
  const now = ctx(after)
  assert.equal(
    after.hasTag('sending'),
    after.matches('sending') || after.matches('replying') || after.matches('closing'),
  )
  assert.equal(after.hasTag('loading'), after.matches('loadingMore'))
  if (!before) return
  const was = ctx(before)
  if (event.type === 'request.close') {
    const target = [...was.richieste, ...(was.coda ?? []), ...(was.storico ?? [])].find(
      (r) => r.id_richiesta === event.id,
    )
    if (target?.stato === 'chiusa' || target === undefined)
      assert.ok(after.matches('idle'), 'una richiesta chiusa non si chiude di nuovo')
    else assert.ok(after.matches('confirmingClose'), 'si chiede conferma prima di chiudere')
  }
  if (event.type === 'dialog.cancel') assert.equal(now.closing, null)
  if (event.type === 'dialog.confirm') {
    assert.ok(after.matches('closing'))
    assert.deepEqual(doubles.lastInput('close'), { id_richiesta: was.closing })
  }
  if (event.type === 'xstate.done.actor.close') {
    const id = was.closing!
    assert.equal(now.closed, id)
    assert.ok(!now.coda?.some((r) => r.id_richiesta === id), 'la richiesta chiusa esce dalla coda')
    if (id === 7) assert.equal(now.storico?.[0]?.richiedente, 'Mario Rossi', 'lo storico la mostra per prima')
    for (const r of [...now.richieste, ...(now.storico ?? [])])
      if (r.id_richiesta === id) assert.equal(r.stato, 'chiusa', 'e si mostra chiusa')
  }
  if (event.type === 'xstate.error.actor.close') {
    assert.deepEqual(now.closeError, { id: was.closing, message: expectedMessage(failureOf(event)) })
    assert.deepEqual(now.richieste, was.richieste, 'nulla cambia')
  }
  if (event.type === 'list.more') {
    if (was.richieste.length < was.totali.richieste) {
      assert.ok(after.matches('loadingMore'))
      assert.deepEqual(doubles.lastInput('loadMore'), { list: 'richieste', rowstoskip: was.richieste.length })
    } else assert.ok(after.matches('idle'), 'senza altre richieste sul server non si carica nulla')
  }
  if (event.type === 'xstate.done.actor.loadMore') {
    const ids = now.richieste.map((r) => r.id_richiesta)
    assert.equal(new Set(ids).size, ids.length, 'ogni richiesta una volta sola')
    assert.ok(ids.includes(3))
    assert.equal(now.totali.richieste, 3)
  }
  if (event.type === 'xstate.error.actor.loadMore')
    assert.deepEqual(now.moreError, { list: 'richieste', message: expectedMessage(failureOf(event)) })
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
    assert.equal(now.storico?.[0]?.id_richiesta, 7, 'ed entra nello storico dello staff')
    assert.equal(now.storico?.[0]?.richiedente, 'Mario Rossi', 'con il nome di chi l’ha scritta')
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
      // As a set: a request sent twice over is the same abstract state (the list would grow without end).
      mine: [...new Set(c.richieste.map((r) => `${r.id_richiesta}${r.stato}`))].sort(),
      storico: c.storico?.map((r) => `${r.id_richiesta}${r.stato}`) ?? null,
      closing: c.closing,
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
      name: 'Un giocatore chiude una sua richiesta e guarda le più vecchie',
      input: { categorie: CATEGORIE, tessere: [], richieste: MINE, coda: null, totali: { richieste: 3 } },
      events: (snapshot) =>
        helpdeskEvents(snapshot).filter((e) => !e.type.startsWith('field.') && e.type !== 'files.added'),
    },
    {
      name: 'Lo staff risponde a una richiesta aperta',
      input: { categorie: CATEGORIE, tessere: [], richieste: [], coda: [QUEUED], storico: [] },
      events: helpdeskEvents,
    },
  ],
  check: checkHelpdesk,
}
