// The news editor (machines/news-add.ts) step by step through xstate's pure transition(), against its header
// and the contract's lengths (NEWS_MIN_LENGTHS, NEWS_LIMITS, counted on the trimmed text): «Pubblica» is always
// there and says what is missing beside each field; after the first try the errors follow every change; a
// valid draft is sent trimmed for the chosen sector; the server's refusal is shown as it is. The fast set of
// `npm run mutation`.
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import { NEWS_LIMITS, NEWS_MIN_LENGTHS, type NewsCard } from '../../contract/news.ts'
import {
  type NewsAddContext,
  type NewsDraft,
  emptyDraft,
  hasUnsavedWork,
  newsAddLabels,
  newsAddMachine,
  trimmedDraft,
  validateNews,
} from '../../machines/news-add.ts'
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

const TIPOLOGIE = [
  { codice: 'T', nome: 'Tornei' },
  { codice: 'C', nome: 'Comunicati' },
]
const text = (n: number) => 'a'.repeat(n)
const VALID: NewsDraft = {
  titolo: text(NEWS_MIN_LENGTHS.titolo),
  sommario: text(NEWS_MIN_LENGTHS.sommario),
  corpo: text(NEWS_MIN_LENGTHS.corpo),
  tipologia_news: 'C',
  ambito: 'federazione',
  in_evidenza: true,
}
const PUBLISHED = { id: 7, titolo: VALID.titolo } as unknown as NewsCard
const ctx = (step: { snapshot: { context: unknown } }) => step.snapshot.context as NewsAddContext
const opened = () => start(newsAddMachine, { tipologie: TIPOLOGIE })
const fill = (draft: NewsDraft) =>
  (Object.keys(draft) as (keyof NewsDraft)[]).map((field) => ({
    type: 'field.changed' as const,
    field,
    value: draft[field],
  }))
const filled = (draft: NewsDraft = VALID) => sendAll(newsAddMachine, opened().snapshot, fill(draft))

describe('news editor: the draft and its checks', () => {
  it('starts from an empty draft: the first type, seen by the chosen sector only, not highlighted', () => {
    expect(emptyDraft(TIPOLOGIE)).toEqual({
      titolo: '',
      sommario: '',
      corpo: '',
      tipologia_news: 'T',
      ambito: 'settore',
      in_evidenza: false,
    })
    expect(emptyDraft([]).tipologia_news).toBe('')
    const step = opened()
    expect(step.snapshot.value).toBe('editing')
    expect(step.snapshot.context).toEqual({
      tipologie: TIPOLOGIE,
      values: emptyDraft(TIPOLOGIE),
      errors: {},
      submitted: false,
      attempt: 0,
      error: null,
      published: null,
      publication: null,
    })
  })

  it('asks for each missing text, and for a type among those offered', () => {
    expect(validateNews({ ...emptyDraft(TIPOLOGIE), titolo: '   ', tipologia_news: 'X' }, TIPOLOGIE)).toEqual(
      {
        titolo: 'Scrivi il titolo.',
        sommario: 'Scrivi il sommario.',
        corpo: 'Scrivi il testo.',
        tipologia_news: 'Scegli la tipologia.',
      },
    )
    expect(validateNews(VALID, TIPOLOGIE)).toEqual({})
  })

  it('counts the trimmed text against the shortest length, and says how many are missing', () => {
    const short = { ...VALID, titolo: ` ${text(NEWS_MIN_LENGTHS.titolo - 3)} ` }
    expect(validateNews(short, TIPOLOGIE)).toEqual({
      titolo: `Il titolo deve avere almeno ${NEWS_MIN_LENGTHS.titolo} caratteri: ne hai scritti ${NEWS_MIN_LENGTHS.titolo - 3}, ne mancano 3.`,
    })
    expect(validateNews({ ...VALID, sommario: text(1) }, TIPOLOGIE).sommario).toMatch(
      /^Il sommario deve avere/,
    )
    expect(validateNews({ ...VALID, corpo: text(1) }, TIPOLOGIE).corpo).toMatch(/^Il testo deve avere/)
  })

  it('takes the longest each text may be and refuses one character more', () => {
    const longest = { ...VALID, titolo: text(NEWS_LIMITS.titolo), sommario: text(NEWS_LIMITS.sommario) }
    expect(validateNews(longest, TIPOLOGIE)).toEqual({})
    const over = { ...VALID, titolo: text(NEWS_LIMITS.titolo + 1), corpo: text(NEWS_LIMITS.corpo + 1) }
    expect(validateNews(over, TIPOLOGIE)).toEqual({
      titolo: `Il titolo può avere al massimo ${NEWS_LIMITS.titolo} caratteri: ne hai scritti ${NEWS_LIMITS.titolo + 1}.`,
      corpo: `Il testo può avere al massimo ${NEWS_LIMITS.corpo} caratteri: ne hai scritti ${NEWS_LIMITS.corpo + 1}.`,
    })
  })

  it('sends the texts trimmed, the rest as it is', () => {
    const draft = {
      ...VALID,
      titolo: ` ${VALID.titolo} `,
      sommario: `\n${VALID.sommario}`,
      corpo: `${VALID.corpo}  `,
    }
    expect(trimmedDraft(draft)).toEqual(VALID)
  })

  it('says leaving would lose work only while some text is written and not published', () => {
    expect(hasUnsavedWork({ values: emptyDraft(TIPOLOGIE), published: null })).toBe(false)
    expect(hasUnsavedWork({ values: { ...emptyDraft(TIPOLOGIE), titolo: '  ' }, published: null })).toBe(
      false,
    )
    for (const field of ['titolo', 'sommario', 'corpo'] as const)
      expect(hasUnsavedWork({ values: { ...emptyDraft(TIPOLOGIE), [field]: 'x' }, published: null })).toBe(
        true,
      )
    expect(hasUnsavedWork({ values: VALID, published: PUBLISHED })).toBe(false)
  })
})

describe('news editor: publishing', () => {
  it('keeps each change in the draft, silent until the first try', () => {
    const step = send(newsAddMachine, opened().snapshot, {
      type: 'field.changed',
      field: 'titolo',
      value: 'Ciao',
    })
    expect(step.snapshot.value).toBe('editing')
    expect(ctx(step).values.titolo).toBe('Ciao')
    expect(ctx(step).errors).toEqual({})
  })

  it('shows every error at a try with something missing, counts the try, and follows each change after it', () => {
    const tried = send(newsAddMachine, opened().snapshot, { type: 'form.submit', id_settore: 1 })
    expect(tried.snapshot.value).toBe('editing')
    expect(tried.started).toEqual([])
    expect(ctx(tried)).toMatchObject({
      submitted: true,
      attempt: 1,
      errors: validateNews(emptyDraft(TIPOLOGIE), TIPOLOGIE),
    })
    const fixed = sendAll(newsAddMachine, tried.snapshot, fill(VALID))
    expect(ctx(fixed).errors).toEqual({})
    const broken = send(newsAddMachine, fixed.snapshot, { type: 'field.changed', field: 'titolo', value: '' })
    expect(ctx(broken).errors).toEqual({ titolo: 'Scrivi il titolo.' })
    const twice = send(newsAddMachine, broken.snapshot, { type: 'form.submit', id_settore: 1 })
    expect(ctx(twice).attempt).toBe(2)
  })

  it('publishes a valid draft, trimmed, for the chosen sector', () => {
    const padded = filled({ ...VALID, titolo: ` ${VALID.titolo} ` })
    const step = send(newsAddMachine, padded.snapshot, { type: 'form.submit', id_settore: 4 })
    expect(step.snapshot.value).toBe('publishing')
    expect(step.snapshot.hasTag('sending')).toBe(true)
    expect(ctx(step)).toMatchObject({ submitted: true, errors: {}, error: null, attempt: 0 })
    expect(step.started).toEqual([{ id: 'publish', src: 'publish', input: { draft: VALID, id_settore: 4 } }])
    expect(padded.snapshot.hasTag('sending')).toBe(false)
  })

  it('shows the published news, then starts an empty draft on request', () => {
    const published = sendAll(newsAddMachine, filled().snapshot, [
      { type: 'form.submit', id_settore: 4 },
      done('publish', PUBLISHED),
    ])
    expect(published.snapshot.value).toBe('published')
    expect(ctx(published).published).toEqual(PUBLISHED)
    expect(hasUnsavedWork(ctx(published))).toBe(false)
    const another = send(newsAddMachine, published.snapshot, { type: 'editor.another' })
    expect(another.snapshot.value).toBe('editing')
    expect(ctx(another)).toEqual({
      tipologie: TIPOLOGIE,
      values: emptyDraft(TIPOLOGIE),
      errors: {},
      submitted: false,
      attempt: 0,
      error: null,
      published: null,
      publication: null,
    })
  })

  it('shows the server’s refusal as it is, keeps the draft and counts the try', () => {
    const refused = sendAll(newsAddMachine, filled().snapshot, [
      { type: 'form.submit', id_settore: 4 },
      failed('publish', { _tag: 'ServerFailure', message: 'Non puoi pubblicare per questo settore' }),
    ])
    expect(refused.snapshot.value).toBe('editing')
    expect(ctx(refused)).toMatchObject({
      values: VALID,
      attempt: 1,
      error: 'Non puoi pubblicare per questo settore',
    })
    const generic = sendAll(newsAddMachine, filled().snapshot, [
      { type: 'form.submit', id_settore: 4 },
      failed('publish', new Error('x')),
    ])
    expect(ctx(generic).error).toBe(MESSAGES.generic)
    const invalid = sendAll(newsAddMachine, refused.snapshot, [
      { type: 'field.changed', field: 'titolo', value: '' },
      { type: 'form.submit', id_settore: 4 },
    ])
    expect(ctx(invalid).error).toBeNull()
    const again = send(newsAddMachine, refused.snapshot, { type: 'form.submit', id_settore: 4 })
    expect(ctx(again).error).toBeNull()
  })

  it('takes «nuova news» only once published, and no edits meanwhile', () => {
    const { snapshot } = opened()
    expect(snapshot.can({ type: 'editor.another' })).toBe(false)
    const publishing = send(newsAddMachine, filled().snapshot, {
      type: 'form.submit',
      id_settore: 4,
    }).snapshot
    expect(publishing.can({ type: 'field.changed', field: 'titolo', value: 'x' })).toBe(false)
  })

  it('is the machine newsAdd, each state titled and described, each event and guard labelled', async () => {
    expect(newsAddMachine.id).toBe('newsAdd')
    expectStatesDescribed(newsAddMachine)
    expectLabelled(newsAddMachine, newsAddLabels)
    await expectProvidedByTheApplication(newsAddMachine, ['publish'])
  })
})
