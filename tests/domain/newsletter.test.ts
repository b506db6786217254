// The federation's newsletter (issue 23, item 5): the week that ended, the news a subscriber's choice receives,
// and the e-mail that lists them.
import { describe, expect, it } from 'vitest'
import {
  type NewsletterNews,
  newsForChoice,
  newsletterMail,
  newsletterWeek,
} from '../../server/domain/newsletter.ts'

describe('newsletterWeek', () => {
  it('is the last whole week, Monday to Sunday, before a Monday', () => {
    expect(newsletterWeek('2026-11-23')).toEqual({ dal: '2026-11-16', al: '2026-11-22', fino: '2026-11-23' })
  })

  it('is the same week on any day of the following week, Sunday included', () => {
    expect(newsletterWeek('2026-11-25')).toEqual({ dal: '2026-11-16', al: '2026-11-22', fino: '2026-11-23' })
    expect(newsletterWeek('2026-11-29')).toEqual({ dal: '2026-11-16', al: '2026-11-22', fino: '2026-11-23' })
  })

  it('crosses months and years', () => {
    expect(newsletterWeek('2026-01-01')).toEqual({ dal: '2025-12-22', al: '2025-12-28', fino: '2025-12-29' })
  })
})

const news = (id: number, disciplineId: number | null, sectorId: number | null): NewsletterNews => ({
  id,
  title: `Titolo ${id}`,
  summary: `Sommario ${id}`,
  disciplineId,
  sectorId,
})
const federation = news(1, null, null)
const tennis = news(2, 1, null)
const tennisNorth = news(3, 1, 10)
const tennisSouth = news(4, 1, 11)
const padel = news(5, 2, null)
const all = [federation, tennis, tennisNorth, tennisSouth, padel]

describe('newsForChoice', () => {
  it('gives every news to a subscriber with no sector chosen', () => {
    expect(newsForChoice(all, { sectorId: null, disciplineId: null })).toEqual(all)
  })

  it('gives the federation’s, the discipline’s and the chosen sector’s news, not another sector’s or discipline’s', () => {
    expect(newsForChoice(all, { sectorId: 10, disciplineId: 1 }).map((n) => n.id)).toEqual([1, 2, 3])
  })
})

describe('newsletterMail', () => {
  const mail = newsletterMail(
    { dal: '2026-11-16', al: '2026-11-22' },
    [tennis, tennisNorth],
    'https://portale.example',
  )

  it('names the week in the subject, in Italian', () => {
    expect(mail.subject).toBe('Newsletter della federazione: le news dal 16 novembre al 22 novembre 2026')
  })

  it('lists each news with its summary and its link, and says how to stop it', () => {
    expect(mail.body).toBe(
      'Le news pubblicate sul portale dal 16 novembre al 22 novembre 2026:\n\n' +
        '• Titolo 2\n  Sommario 2\n  https://portale.example/news-dettaglio/2\n\n' +
        '• Titolo 3\n  Sommario 3\n  https://portale.example/news-dettaglio/3\n\n' +
        'Ricevi questa e-mail perché hai scelto la newsletter nelle Impostazioni del portale: per non riceverla ' +
        'più, spegni «Newsletter della federazione» da https://portale.example/impostazioni.',
    )
  })
})
