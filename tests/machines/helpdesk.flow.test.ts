// The help desk's statechart (machines/helpdesk.ts) step by step through xstate's pure `transition()`: each
// event of the form, the staff's replies, the closing and the next pages, what it leaves in the context the page
// reads, and which steps each state refuses. The rules are restated from the machine's header, docs/regole.md
// «Allegati delle richieste di assistenza» and the contract's limits, not copied from the machine. The model test
// (helpdesk.test.ts) walks the paths through a real actor; this is the fast set `npm run mutation` runs.
import {
  type AnyActorLogic,
  type AnyMachineSnapshot,
  createActor,
  fromPromise,
  initialTransition,
  transition,
} from 'xstate'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import {
  HELPDESK_MESSAGGIO_MAX,
  HELPDESK_OGGETTO_MAX,
  HELPDESK_RISPOSTA_MAX,
  type Richiesta,
} from '../../contract/helpdesk.ts'
import {
  type HelpdeskContext,
  type HelpdeskInput,
  attachmentProblems,
  fileSize,
  helpdeskLabels,
  helpdeskMachine,
  isClosable,
  replyProblem,
  validateHelpdesk,
} from '../../machines/helpdesk.ts'
import { SERVER_FAILURE, NETWORK_FAILURE, SESSION_ENDED } from './models/failures.ts'

const CATEGORIE = [
  { id: 1, descrizione: 'Assistenza' },
  { id: 2, descrizione: 'Disservizi' },
]
const TESSERE = [{ id: 'T1', label: 'T1 – Agonistica – Tennis' }]
const richiesta = (
  id: number,
  stato: Richiesta['stato'] = 'aperta',
  change: Partial<Richiesta> = {},
): Richiesta => ({
  id_richiesta: id,
  id_categoria: 1,
  categoria: 'Assistenza',
  id_settore: 1,
  codice_tessera: null,
  oggetto: 'Tessera',
  messaggio: 'Non la vedo',
  stato,
  creata_il: '2026-11-26T10:00:00.000Z',
  risposta: null,
  risposta_il: null,
  chiusa_il: null,
  chiusa_da: null,
  richiedente: null,
  allegati: [],
  ...change,
})
const PHOTO = { name: 'ricevuta.jpg', size: 200_000, type: 'image/jpeg' }
const PNG = { name: 'schermata.png', size: 1_000, type: 'image/png' }
const PDF = { name: 'modulo.pdf', size: 10_000, type: 'application/pdf' }
const MB = 1024 * 1024

type Event = Parameters<typeof helpdeskMachine.transition>[1] | { type: string; [key: string]: unknown }

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as HelpdeskContext
const start = (input: Partial<HelpdeskInput> = {}) =>
  initialTransition(helpdeskMachine, {
    categorie: CATEGORIE,
    tessere: TESSERE,
    richieste: [],
    coda: null,
    ...input,
  })[0]
/** The snapshot after the events, each of which must be taken. */
function after(snapshot: AnyMachineSnapshot, ...events: Event[]): AnyMachineSnapshot {
  return events.reduce((current, event) => {
    expect([current.value, event.type, current.can(event as never)]).toEqual([
      current.value,
      event.type,
      true,
    ])
    return transition(helpdeskMachine, current, event as never)[0]
  }, snapshot)
}
const expectRefused = (snapshot: AnyMachineSnapshot, event: Event) => {
  expect(snapshot.can(event as never)).toBe(false)
  expect(transition(helpdeskMachine, snapshot, event as never)[0]).toBe(snapshot)
}
const field = (name: string, value: string): Event => ({ type: 'field.changed', field: name, value })
const done = (id: string, output: unknown): Event => ({ type: `xstate.done.actor.${id}`, output })
const fail = (id: string, error: unknown): Event => ({ type: `xstate.error.actor.${id}`, error })
const FILLED = [
  field('id_categoria', '2'),
  field('oggetto', '  Tessera  '),
  field('messaggio', ' Non la vedo '),
]

describe('validateHelpdesk: every problem of the draft, in Italian, by field', () => {
  const draft = { id_categoria: '1', codice_tessera: '', oggetto: 'Tessera', messaggio: 'Non la vedo' }

  it('takes a draft with a known category, no card or one of mine, a subject and a message', () => {
    expect(validateHelpdesk(draft, CATEGORIE, TESSERE)).toEqual({})
    expect(validateHelpdesk({ ...draft, codice_tessera: 'T1' }, CATEGORIE, TESSERE)).toEqual({})
    const two = [...TESSERE, { id: 'T2', label: 'T2 – Amatoriale – Padel' }]
    expect(validateHelpdesk({ ...draft, codice_tessera: 'T2' }, CATEGORIE, two)).toEqual({})
  })

  it('names a missing category, a card not mine, an empty or blank subject and message', () => {
    expect(
      validateHelpdesk(
        { id_categoria: '3', codice_tessera: 'T9', oggetto: ' ', messaggio: '' },
        CATEGORIE,
        TESSERE,
      ),
    ).toEqual({
      id_categoria: 'Scegli la categoria.',
      codice_tessera: 'Scegli una delle tue tessere.',
      oggetto: "Scrivi l'oggetto.",
      messaggio: 'Scrivi il messaggio.',
    })
  })

  it('counts the trimmed text against the contract’s limits, the limit itself allowed', () => {
    const at = {
      ...draft,
      oggetto: ` ${'a'.repeat(HELPDESK_OGGETTO_MAX)} `,
      messaggio: 'm'.repeat(HELPDESK_MESSAGGIO_MAX),
    }
    expect(validateHelpdesk(at, CATEGORIE, TESSERE)).toEqual({})
    const over = {
      ...draft,
      oggetto: 'a'.repeat(HELPDESK_OGGETTO_MAX + 1),
      messaggio: 'm'.repeat(HELPDESK_MESSAGGIO_MAX + 1),
    }
    expect(validateHelpdesk(over, CATEGORIE, TESSERE)).toEqual({
      oggetto: `L'oggetto può avere al massimo ${HELPDESK_OGGETTO_MAX} caratteri: ne hai scritti ${HELPDESK_OGGETTO_MAX + 1}.`,
      messaggio: `Il messaggio può avere al massimo ${HELPDESK_MESSAGGIO_MAX} caratteri: ne hai scritti ${HELPDESK_MESSAGGIO_MAX + 1}.`,
    })
  })
})

describe('attachments: up to 3 images, JPEG, PNG or WebP, of 5 MB at most, none empty', () => {
  it('says each file’s problem, or null', () => {
    const webp = { name: 'a.webp', size: 5 * MB, type: 'image/webp' }
    expect(attachmentProblems([PHOTO, PDF, { ...PNG, size: 0 }, { ...PHOTO, size: 5 * MB + 1 }])).toEqual([
      null,
      'Non è un’immagine JPEG, PNG o WebP.',
      'Il file è vuoto.',
      'Puoi allegare al massimo 3 file: togline qualcuno.',
    ])
    expect(attachmentProblems([webp, { ...PHOTO, size: 5 * MB + 1 }, { ...PHOTO, size: 7.25 * MB }])).toEqual(
      [null, 'Pesa 5,0 MB: al massimo 5 MB.', 'Pesa 7,3 MB: al massimo 5 MB.'],
    )
    expect(attachmentProblems([])).toEqual([])
  })

  it('shows sizes as the form does: kB under a megabyte (at least 1), MB with one decimal', () => {
    expect(fileSize(0)).toBe('1 kB')
    expect(fileSize(1536)).toBe('2 kB')
    expect(fileSize(MB - 1)).toBe('1024 kB')
    expect(fileSize(MB)).toBe('1,0 MB')
    expect(fileSize(2.44 * MB)).toBe('2,4 MB')
    expect(fileSize(12 * MB)).toBe('12,0 MB')
  })
})

describe('replyProblem and isClosable', () => {
  it('wants a reply with text, within the limit', () => {
    expect(replyProblem('  ')).toBe('Scrivi la risposta.')
    expect(replyProblem(` ${'r'.repeat(HELPDESK_RISPOSTA_MAX)} `)).toBeNull()
    expect(replyProblem('r'.repeat(HELPDESK_RISPOSTA_MAX + 1))).toBe(
      `La risposta può avere al massimo ${HELPDESK_RISPOSTA_MAX} caratteri: ne hai scritti ${HELPDESK_RISPOSTA_MAX + 1}.`,
    )
  })

  it('closes a request not closed yet, and none it does not know', () => {
    expect(isClosable(richiesta(1))).toBe(true)
    expect(isClosable(richiesta(1, 'risposta'))).toBe(true)
    expect(isClosable(richiesta(1, 'chiusa'))).toBe(false)
    expect(isClosable(undefined)).toBe(false)
  })
})

describe('helpdesk: the page as it opens', () => {
  it('starts with an empty form and the lists it was given, counted when the server said nothing', () => {
    const mine = [richiesta(5)]
    const snapshot = start({ richieste: mine })
    expect(snapshot.value).toBe('idle')
    expect(ctx(snapshot)).toEqual({
      categorie: CATEGORIE,
      tessere: TESSERE,
      values: { id_categoria: '', codice_tessera: '', oggetto: '', messaggio: '' },
      errors: {},
      allegati: [],
      allegatiErrors: [],
      submitted: false,
      attempts: 0,
      error: null,
      sent: null,
      richieste: mine,
      coda: null,
      storico: null,
      totali: { richieste: 1, coda: 0, storico: 0 },
      replies: {},
      replyErrors: {},
      answered: null,
      sending: null,
      replying: null,
      closing: null,
      closed: null,
      closeError: null,
      loadingMore: null,
      moreError: null,
    })
  })

  it('counts the staff’s queue and history as loaded, or as the server says', () => {
    const lists = { coda: [richiesta(7), richiesta(8)], storico: [richiesta(9)] }
    expect(ctx(start(lists)).totali).toEqual({ richieste: 0, coda: 2, storico: 1 })
    expect(ctx(start({ ...lists, totali: { richieste: 4, coda: 10, storico: 30 } })).totali).toEqual({
      richieste: 4,
      coda: 10,
      storico: 30,
    })
    expect(ctx(start(lists)).storico).toEqual(lists.storico)
  })
})

describe('helpdesk: writing and sending a request', () => {
  it('says nothing while the user writes, until «Invia» finds something to correct; then it checks as they type', () => {
    const typing = after(start(), field('oggetto', 'Tessera'))
    expect(ctx(typing).values.oggetto).toBe('Tessera')
    expect(ctx(typing).errors).toEqual({})
    const refused = after(typing, { type: 'form.submit', id_settore: 1 })
    expect(refused.value).toBe('idle')
    expect(ctx(refused)).toMatchObject({
      submitted: true,
      attempts: 1,
      error: null,
      sent: null,
      errors: { id_categoria: 'Scegli la categoria.', messaggio: 'Scrivi il messaggio.' },
    })
    expect(ctx(after(refused, { type: 'form.submit', id_settore: 1 })).attempts).toBe(2)
    const fixing = after(refused, field('id_categoria', '1'))
    expect(ctx(fixing).errors).toEqual({ messaggio: 'Scrivi il messaggio.' })
  })

  it('adds and removes attachments, each checked at once, and refuses to send while one has a problem', () => {
    const chosen = after(start(), ...FILLED, { type: 'files.added', files: [PHOTO, PDF] })
    expect(ctx(chosen).allegati).toEqual([PHOTO, PDF])
    expect(ctx(chosen).allegatiErrors).toEqual([null, 'Non è un’immagine JPEG, PNG o WebP.'])
    const refused = after(chosen, { type: 'form.submit', id_settore: 1 })
    expect(refused.value).toBe('idle')
    expect(ctx(refused).attempts).toBe(1)
    const more = after(chosen, { type: 'files.added', files: [PNG] })
    expect(ctx(more).allegati).toEqual([PHOTO, PDF, PNG])
    const removed = after(more, { type: 'file.removed', index: 1 })
    expect(ctx(removed).allegati).toEqual([PHOTO, PNG])
    expect(ctx(removed).allegatiErrors).toEqual([null, null])
    expect(after(removed, { type: 'form.submit', id_settore: 1 }).value).toBe('sending')
  })

  it('sends the trimmed text, the category as a number, the card and the files only when there are', () => {
    const plain = after(start(), ...FILLED, { type: 'form.submit', id_settore: 3 })
    expect(plain.value).toBe('sending')
    expect(plain.hasTag('sending')).toBe(true)
    expect(ctx(plain).sending).toStrictEqual({
      id_settore: 3,
      id_categoria: 2,
      oggetto: 'Tessera',
      messaggio: 'Non la vedo',
    })
    const full = after(
      start(),
      ...FILLED,
      field('codice_tessera', 'T1'),
      { type: 'files.added', files: [PHOTO] },
      {
        type: 'form.submit',
        id_settore: 1,
      },
    )
    expect(ctx(full).sending).toStrictEqual({
      id_settore: 1,
      id_categoria: 2,
      codice_tessera: 'T1',
      oggetto: 'Tessera',
      messaggio: 'Non la vedo',
      allegati: [PHOTO],
    })
  })

  it('puts the sent request first among mine and empties the form; a refusal keeps the text and says why', () => {
    const old = richiesta(5)
    const sending = after(
      start({ richieste: [old] }),
      ...FILLED,
      { type: 'files.added', files: [PHOTO] },
      {
        type: 'form.submit',
        id_settore: 1,
      },
    )
    const sent = richiesta(10)
    const ok = after(sending, done('send', sent))
    expect(ok.value).toBe('idle')
    expect(ctx(ok)).toMatchObject({
      sent,
      richieste: [sent, old],
      values: { id_categoria: '', codice_tessera: '', oggetto: '', messaggio: '' },
      allegati: [],
      allegatiErrors: [],
      submitted: false,
      sending: null,
      error: null,
      errors: {},
    })
    // A new file after a sent request hides «sent».
    expect(ctx(after(ok, { type: 'files.added', files: [PNG] })).sent).toBeNull()
    const refused = after(sending, fail('send', SERVER_FAILURE))
    expect(refused.value).toBe('idle')
    expect(ctx(refused)).toMatchObject({ error: SERVER_FAILURE.message, sending: null, allegati: [PHOTO] })
    expect(ctx(refused).values.oggetto).toBe('  Tessera  ')
    expect(
      ctx(after(start(), ...FILLED, { type: 'form.submit', id_settore: 1 }, fail('send', SESSION_ENDED)))
        .error,
    ).toBe(MESSAGES.sessionExpired)
    // The next attempt starts without the old refusal.
    expect(ctx(after(refused, { type: 'form.submit', id_settore: 1 })).error).toBeNull()
  })

  it('forgets the last sent request when «Invia» finds something to correct', () => {
    const ok = after(start(), ...FILLED, { type: 'form.submit', id_settore: 1 }, done('send', richiesta(10)))
    const refused = after(ok, { type: 'form.submit', id_settore: 1 })
    expect(ctx(refused).sent).toBeNull()
    expect(ctx(refused).errors).toMatchObject({ id_categoria: 'Scegli la categoria.' })
  })
})

describe('helpdesk: the staff replies', () => {
  const QUEUED = richiesta(7, 'aperta', { richiedente: 'Mario Rossi' })
  const OTHER = richiesta(8, 'aperta', { richiedente: 'Anna Bianchi' })
  const HANDLED = richiesta(9, 'risposta', { richiedente: 'Luca Verdi' })
  const staff = () => start({ coda: [QUEUED, OTHER], storico: [HANDLED], totali: { coda: 5, storico: 12 } })

  it('keeps each reply apart, says a missing one is missing, and clears the problem as the staff types', () => {
    const empty = after(staff(), { type: 'reply.submit', id: 7 })
    expect(empty.value).toBe('idle')
    expect(ctx(empty).replyErrors).toEqual({ 7: 'Scrivi la risposta.' })
    const typed = after(
      empty,
      { type: 'reply.changed', id: 7, value: ' Fatto ' },
      { type: 'reply.changed', id: 8, value: 'Altro' },
    )
    expect(ctx(typed).replies).toEqual({ 7: ' Fatto ', 8: 'Altro' })
    expect(ctx(typed).replyErrors[7]).toBeUndefined()
    // Typing one reply leaves another's problem where it is.
    const both = after(
      staff(),
      { type: 'reply.submit', id: 7 },
      { type: 'reply.submit', id: 8 },
      {
        type: 'reply.changed',
        id: 7,
        value: 'Fatto',
      },
    )
    expect(ctx(both).replyErrors[8]).toBe('Scrivi la risposta.')
    const blank = after(typed, { type: 'reply.changed', id: 8, value: ' ' }, { type: 'reply.submit', id: 8 })
    expect(ctx(blank).replyErrors[8]).toBe('Scrivi la risposta.')
  })

  it('sends the trimmed reply, then takes the request out of the queue and puts it first in the history', () => {
    const replying = after(
      staff(),
      { type: 'reply.changed', id: 7, value: ' Fatto ' },
      { type: 'reply.submit', id: 7 },
    )
    expect(replying.value).toBe('replying')
    expect(replying.hasTag('sending')).toBe(true)
    expect(ctx(replying).replying).toEqual({ id_richiesta: 7, risposta: 'Fatto' })
    // The server answers without the requester's name: the queue's copy keeps it.
    const answer = richiesta(7, 'risposta', { risposta: 'Fatto' })
    const replied = after(replying, done('reply', answer))
    expect(replied.value).toBe('idle')
    const kept = { ...answer, richiedente: 'Mario Rossi' }
    expect(ctx(replied)).toMatchObject({
      answered: 7,
      closed: null,
      replying: null,
      coda: [OTHER],
      storico: [kept, HANDLED],
      totali: { richieste: 0, coda: 4, storico: 13 },
    })
  })

  it('moves a request answered again to the top of the history without counting it twice', () => {
    const again = richiesta(9, 'risposta', { risposta: 'Di nuovo' })
    const replied = after(
      staff(),
      { type: 'reply.changed', id: 9, value: 'Di nuovo' },
      { type: 'reply.submit', id: 9 },
      done('reply', again),
    )
    expect(ctx(replied).storico).toEqual([{ ...again, richiedente: 'Luca Verdi' }])
    expect(ctx(replied).coda).toEqual([QUEUED, OTHER])
    expect(ctx(replied).totali).toEqual({ richieste: 0, coda: 5, storico: 12 })
  })

  it('replaces the copy among the staff member’s own requests too, keeping a name the answer carries', () => {
    const own = richiesta(7)
    const answer = richiesta(7, 'risposta', { richiedente: 'Dal server' })
    const replied = after(
      start({ richieste: [own, richiesta(6)], coda: [QUEUED], storico: [] }),
      { type: 'reply.changed', id: 7, value: 'Fatto' },
      { type: 'reply.submit', id: 7 },
      done('reply', answer),
    )
    expect(ctx(replied).richieste).toEqual([answer, richiesta(6)])
    expect(ctx(replied).storico).toEqual([answer])
    expect(ctx(replied).totali).toEqual({ richieste: 2, coda: 0, storico: 1 })
  })

  it('shows a refused reply next to its request and keeps the text', () => {
    const replying = after(
      staff(),
      { type: 'reply.changed', id: 8, value: 'Fatto' },
      { type: 'reply.submit', id: 8 },
    )
    const refused = after(replying, fail('reply', SERVER_FAILURE))
    expect(refused.value).toBe('idle')
    expect(ctx(refused)).toMatchObject({
      replying: null,
      replies: { 8: 'Fatto' },
      replyErrors: { 8: SERVER_FAILURE.message },
    })
    expect(ctx(after(replying, fail('reply', NETWORK_FAILURE))).replyErrors[8]).toBe(MESSAGES.generic)
  })

  it('clears the last answered request when a new reply starts', () => {
    const replied = after(
      staff(),
      { type: 'reply.changed', id: 7, value: 'x' },
      { type: 'reply.submit', id: 7 },
      done('reply', richiesta(7, 'risposta')),
    )
    const next = after(replied, { type: 'reply.changed', id: 8, value: 'y' }, { type: 'reply.submit', id: 8 })
    expect(ctx(next).answered).toBeNull()
  })
})

describe('helpdesk: closing a request', () => {
  const MINE = [richiesta(5), richiesta(4, 'chiusa')]

  it('asks to confirm only for a request it knows and that is not closed yet', () => {
    const asked = after(start({ richieste: MINE }), { type: 'request.close', id: 5 })
    expect(asked.value).toBe('confirmingClose')
    expect(ctx(asked)).toMatchObject({ closing: 5, closeError: null, closed: null, answered: null })
    expectRefused(start({ richieste: MINE }), { type: 'request.close', id: 4 })
    expectRefused(start({ richieste: MINE }), { type: 'request.close', id: 99 })
    // The staff closes one of the queue, or of the history.
    expect(after(start({ coda: [richiesta(7)] }), { type: 'request.close', id: 7 }).value).toBe(
      'confirmingClose',
    )
    expect(
      after(start({ coda: [], storico: [richiesta(9, 'risposta')] }), { type: 'request.close', id: 9 }).value,
    ).toBe('confirmingClose')
  })

  it('leaves the request as it is on «Annulla»', () => {
    const cancelled = after(
      start({ richieste: MINE }),
      { type: 'request.close', id: 5 },
      { type: 'dialog.cancel' },
    )
    expect(cancelled.value).toBe('idle')
    expect(ctx(cancelled).closing).toBeNull()
    expect(ctx(cancelled).richieste).toEqual(MINE)
  })

  it('closes the user’s own: replaced in place, not in any history', () => {
    const closing = after(
      start({ richieste: MINE }),
      { type: 'request.close', id: 5 },
      { type: 'dialog.confirm' },
    )
    expect(closing.value).toBe('closing')
    expect(closing.hasTag('sending')).toBe(true)
    const closedByMe = richiesta(5, 'chiusa', { chiusa_da: 'utente' })
    const closed = after(closing, done('close', closedByMe))
    expect(closed.value).toBe('idle')
    expect(ctx(closed)).toMatchObject({
      closed: 5,
      closing: null,
      richieste: [closedByMe, MINE[1]],
      coda: null,
      storico: null,
      totali: { richieste: 2, coda: 0, storico: 0 },
    })
    // The only request of the list is replaced too.
    const alone = after(
      start({ richieste: [richiesta(5)] }),
      { type: 'request.close', id: 5 },
      { type: 'dialog.confirm' },
      done('close', closedByMe),
    )
    expect(ctx(alone).richieste).toEqual([closedByMe])
  })

  it('a staff member without a history loaded counts none when replying', () => {
    const replied = after(
      start({ coda: [richiesta(7)], totali: { coda: 3 } }),
      { type: 'reply.changed', id: 7, value: 'Fatto' },
      { type: 'reply.submit', id: 7 },
      done('reply', richiesta(7, 'risposta')),
    )
    expect(ctx(replied).storico).toBeNull()
    expect(ctx(replied).totali).toEqual({ richieste: 0, coda: 2, storico: 0 })
  })

  it('a request the user closes leaves the staff’s queue, and stays where it was in the history', () => {
    const QUEUED = richiesta(7, 'aperta', { richiedente: 'Mario Rossi' })
    const HANDLED = richiesta(9, 'risposta', { richiedente: 'Luca Verdi' })
    const byUser = richiesta(7, 'chiusa', { chiusa_da: 'utente' })
    const closed = after(
      start({ coda: [QUEUED], storico: [richiesta(8, 'risposta'), HANDLED] }),
      { type: 'request.close', id: 7 },
      { type: 'dialog.confirm' },
      done('close', byUser),
    )
    expect(ctx(closed).coda).toEqual([])
    expect(ctx(closed).storico).toEqual([richiesta(8, 'risposta'), HANDLED])
    expect(ctx(closed).totali).toEqual({ richieste: 0, coda: 0, storico: 2 })
    const inHistory = richiesta(9, 'chiusa', { chiusa_da: 'utente' })
    const closedOld = after(
      start({ coda: [], storico: [richiesta(8, 'risposta'), HANDLED] }),
      { type: 'request.close', id: 9 },
      { type: 'dialog.confirm' },
      done('close', inHistory),
    )
    expect(ctx(closedOld).storico).toEqual([
      richiesta(8, 'risposta'),
      { ...inHistory, richiedente: 'Luca Verdi' },
    ])
    expect(ctx(closedOld).totali).toEqual({ richieste: 0, coda: 0, storico: 2 })
  })

  it('a request the staff closes joins the top of the history', () => {
    const QUEUED = richiesta(7, 'aperta', { richiedente: 'Mario Rossi' })
    const byStaff = richiesta(7, 'chiusa', { chiusa_da: 'staff' })
    const closed = after(
      start({ coda: [QUEUED], storico: [richiesta(8, 'risposta')] }),
      { type: 'request.close', id: 7 },
      { type: 'dialog.confirm' },
      done('close', byStaff),
    )
    expect(ctx(closed).storico).toEqual([
      { ...byStaff, richiedente: 'Mario Rossi' },
      richiesta(8, 'risposta'),
    ])
    expect(ctx(closed).totali).toEqual({ richieste: 0, coda: 0, storico: 2 })
  })

  it('says why a closing failed, next to that request', () => {
    const failed = after(
      start({ richieste: MINE }),
      { type: 'request.close', id: 5 },
      { type: 'dialog.confirm' },
      fail('close', SERVER_FAILURE),
    )
    expect(failed.value).toBe('idle')
    expect(ctx(failed)).toMatchObject({
      closeError: { id: 5, message: SERVER_FAILURE.message },
      closing: null,
    })
    expect(ctx(after(failed, { type: 'request.close', id: 5 })).closeError).toBeNull()
  })

  it('a new closing clears the last closed and the last answered', () => {
    const closed = after(
      start({ richieste: [...MINE, richiesta(3)] }),
      { type: 'request.close', id: 5 },
      { type: 'dialog.confirm' },
      done('close', richiesta(5, 'chiusa')),
    )
    expect(ctx(closed).closed).toBe(5)
    expect(ctx(after(closed, { type: 'request.close', id: 3 })).closed).toBeNull()
    const replied = after(
      start({ coda: [richiesta(7), richiesta(8)] }),
      { type: 'reply.changed', id: 7, value: 'x' },
      { type: 'reply.submit', id: 7 },
      done('reply', richiesta(7, 'risposta')),
    )
    expect(ctx(replied).answered).toBe(7)
    expect(ctx(after(replied, { type: 'request.close', id: 8 })).answered).toBeNull()
  })

  it('a reply clears the last closed request', () => {
    const closed = after(
      start({ coda: [richiesta(7), richiesta(8)] }),
      { type: 'request.close', id: 7 },
      { type: 'dialog.confirm' },
      done('close', richiesta(7, 'chiusa', { chiusa_da: 'staff' })),
    )
    expect(ctx(closed).closed).toBe(7)
    const replied = after(
      closed,
      { type: 'reply.changed', id: 8, value: 'x' },
      { type: 'reply.submit', id: 8 },
      done('reply', richiesta(8, 'risposta')),
    )
    expect(ctx(replied).closed).toBeNull()
  })
})

describe('helpdesk: the next pages of a list', () => {
  const MINE = [richiesta(5), richiesta(4, 'chiusa')]

  it('loads more only of a list the server holds more of', () => {
    expectRefused(start({ richieste: MINE }), { type: 'list.more', list: 'richieste' })
    expectRefused(start({ richieste: MINE, totali: { richieste: 3 } }), { type: 'list.more', list: 'coda' })
    expectRefused(start({ richieste: MINE, totali: { richieste: 3, storico: 4 } }), {
      type: 'list.more',
      list: 'storico',
    })
    const loading = after(start({ richieste: MINE, totali: { richieste: 3 } }), {
      type: 'list.more',
      list: 'richieste',
    })
    expect(loading.value).toBe('loadingMore')
    expect(loading.hasTag('loading')).toBe(true)
    expect(loading.hasTag('sending')).toBe(false)
    expect(ctx(loading).loadingMore).toEqual({ list: 'richieste', rowstoskip: 2 })
    expect(
      ctx(after(start({ coda: [], totali: { coda: 1 } }), { type: 'list.more', list: 'coda' })).loadingMore,
    ).toEqual({
      list: 'coda',
      rowstoskip: 0,
    })
  })

  it('adds the next page once per request and takes the server’s new count', () => {
    const loaded = after(
      start({ richieste: MINE, totali: { richieste: 3 } }),
      { type: 'list.more', list: 'richieste' },
      done('loadMore', { results: [richiesta(4, 'chiusa'), richiesta(3)], record: 4 }),
    )
    expect(loaded.value).toBe('idle')
    expect(ctx(loaded)).toMatchObject({
      richieste: [...MINE, richiesta(3)],
      totali: { richieste: 4, coda: 0, storico: 0 },
      loadingMore: null,
    })
    const queue = after(
      start({ coda: [richiesta(7)], totali: { coda: 2 } }),
      { type: 'list.more', list: 'coda' },
      done('loadMore', { results: [richiesta(8)], record: 2 }),
    )
    expect(ctx(queue).coda).toEqual([richiesta(7), richiesta(8)])
    expect(ctx(queue).richieste).toEqual([])
  })

  it('says why a page did not load, for that list, and forgets it on the next try', () => {
    const failed = after(
      start({ richieste: MINE, totali: { richieste: 3 } }),
      { type: 'list.more', list: 'richieste' },
      fail('loadMore', SERVER_FAILURE),
    )
    expect(failed.value).toBe('idle')
    expect(ctx(failed)).toMatchObject({
      moreError: { list: 'richieste', message: SERVER_FAILURE.message },
      loadingMore: null,
    })
    expect(ctx(after(failed, { type: 'list.more', list: 'richieste' })).moreError).toBeNull()
  })
})

describe('helpdesk: what each state takes', () => {
  const busy: [string, AnyMachineSnapshot][] = [
    ['sending', after(start(), ...FILLED, { type: 'form.submit', id_settore: 1 })],
    [
      'replying',
      after(
        start({ coda: [richiesta(7)] }),
        { type: 'reply.changed', id: 7, value: 'x' },
        { type: 'reply.submit', id: 7 },
      ),
    ],
    ['confirmingClose', after(start({ richieste: [richiesta(5)] }), { type: 'request.close', id: 5 })],
    [
      'closing',
      after(
        start({ richieste: [richiesta(5)] }),
        { type: 'request.close', id: 5 },
        { type: 'dialog.confirm' },
      ),
    ],
    [
      'loadingMore',
      after(start({ richieste: [], totali: { richieste: 1 } }), { type: 'list.more', list: 'richieste' }),
    ],
  ]
  const FORM_EVENTS: Event[] = [
    field('oggetto', 'x'),
    { type: 'files.added', files: [PHOTO] },
    { type: 'file.removed', index: 0 },
    { type: 'form.submit', id_settore: 1 },
    { type: 'reply.changed', id: 7, value: 'x' },
    { type: 'reply.submit', id: 7 },
    { type: 'request.close', id: 5 },
    { type: 'list.more', list: 'richieste' },
  ]

  it.each(busy)('%s takes no step of the form', (value, snapshot) => {
    expect(snapshot.value).toBe(value)
    for (const event of FORM_EVENTS) expectRefused(snapshot, event)
  })

  it('asks for the confirmation only in its dialog', () => {
    for (const [value, snapshot] of busy.filter(([v]) => v !== 'confirmingClose')) {
      expect([
        value,
        snapshot.can({ type: 'dialog.confirm' }),
        snapshot.can({ type: 'dialog.cancel' }),
      ]).toEqual([value, false, false])
    }
    expectRefused(start(), { type: 'dialog.confirm' })
    expectRefused(start(), { type: 'dialog.cancel' })
  })

  it('titles each state in Italian, with a description, and tags the busy ones', () => {
    const titles = Object.fromEntries(
      Object.entries(helpdeskMachine.states).map(([value, node]) => [value, node.meta?.title]),
    )
    expect(titles).toEqual({
      idle: 'Richiesta da scrivere',
      confirmingClose: 'Conferma della chiusura',
      closing: 'Chiusura della richiesta',
      loadingMore: 'Caricamento di altre richieste',
      sending: 'Invio della richiesta',
      replying: 'Invio della risposta',
    })
    for (const node of Object.values(helpdeskMachine.states))
      expect(String(node.meta?.description)).toMatch(/^[«A-ZÀ-Ý].{15,}\.$/s)
    expect(start().hasTag('sending')).toBe(false)
    expect(start().hasTag('loading')).toBe(false)
    expect(helpdeskMachine.id).toBe('helpdesk')
  })

  it('names each guard in Italian', () => {
    expect(Object.keys(helpdeskLabels.guards).sort()).toEqual([
      'hasMore',
      'isClosable',
      'isInvalid',
      'replyInvalid',
    ])
  })
})

describe('helpdesk: what it hands to the application’s actors', () => {
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

  it('gives each actor the request, the reply, the id to close and the page to load', async () => {
    const inputs: [string, unknown][] = []
    const record = <T>(name: string, output: T) =>
      fromPromise(async ({ input }: { input: unknown }) => {
        inputs.push([name, input])
        return output
      })
    const machine = helpdeskMachine.provide({
      actors: {
        send: record('send', richiesta(10)),
        reply: record('reply', richiesta(7, 'risposta')),
        close: record('close', richiesta(5, 'chiusa')),
        loadMore: record('loadMore', { results: [], record: 2 }),
      } as never,
    })
    const actor = createActor(machine, {
      input: {
        categorie: CATEGORIE,
        tessere: TESSERE,
        richieste: [richiesta(5)],
        coda: [richiesta(7)],
        totali: { richieste: 3 },
      },
    }).start()
    for (const event of FILLED) actor.send(event as never)
    actor.send({ type: 'form.submit', id_settore: 1 })
    await tick()
    actor.send({ type: 'reply.changed', id: 7, value: ' Fatto ' })
    actor.send({ type: 'reply.submit', id: 7 })
    await tick()
    actor.send({ type: 'request.close', id: 5 })
    actor.send({ type: 'dialog.confirm' })
    await tick()
    actor.send({ type: 'list.more', list: 'richieste' })
    await tick()
    expect(inputs).toEqual([
      ['send', { id_settore: 1, id_categoria: 2, oggetto: 'Tessera', messaggio: 'Non la vedo' }],
      ['reply', { id_richiesta: 7, risposta: 'Fatto' }],
      ['close', { id_richiesta: 5 }],
      ['loadMore', { list: 'richieste', rowstoskip: 2 }],
    ])
    actor.stop()
  })

  it('fails loudly when the application did not provide an actor: the refusal shows, the page never hangs', async () => {
    const actor = createActor(helpdeskMachine, {
      input: { categorie: CATEGORIE, tessere: TESSERE, richieste: [], coda: null },
    }).start()
    for (const event of FILLED) actor.send(event as never)
    actor.send({ type: 'form.submit', id_settore: 1 })
    await tick()
    expect(actor.getSnapshot().value).toBe('idle')
    expect(actor.getSnapshot().context.error).toBe(MESSAGES.generic)
    actor.stop()
    // Each placeholder names the machine and the actor to provide, for whoever reads the journal.
    const messages = await Promise.all(
      ['send', 'reply', 'close', 'loadMore'].map(async (name) => {
        const logic = (helpdeskMachine.implementations.actors as Record<string, unknown>)[name]
        const missing = createActor(logic as AnyActorLogic, { input: {} })
        missing.subscribe({ error: () => {} })
        missing.start()
        await tick()
        return String((missing.getSnapshot() as { error?: Error }).error?.message)
      }),
    )
    expect(messages).toEqual(
      ['send', 'reply', 'close', 'loadMore'].map(
        (name) => `helpdesk: l'attore '${name}' deve essere fornito con machine.provide()`,
      ),
    )
  })
})
