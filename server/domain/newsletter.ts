// The federation's newsletter (issue 23, item 5: «Newsletter» of /impostazioni acts on something real): once a
// week, the news published on the portal in the week that ended (Monday to Sunday, Italy's calendar) reach by
// e-mail whoever keeps «Newsletter della federazione» on, limited to the sector chosen in «Settore delle
// notifiche» (none chosen: every news). A week without news for someone sends them nothing.
import { href } from '../../contract/pages.ts'

/** A news published in the week, as the newsletter lists it. */
export type NewsletterNews = {
  id: number
  title: string
  summary: string
  /** Null: for every discipline (the federation's). */
  disciplineId: number | null
  /** Null: for the whole discipline. */
  sectorId: number | null
}

/** A subscriber's choice of «Settore delle notifiche»: null sector, every news. */
export type NewsletterChoice = { sectorId: number | null; disciplineId: number | null }

const DAY = 86_400_000
const monthDay = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', timeZone: 'UTC' })
const monthDayYear = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/**
 * The week the newsletter of `today` (AAAA-MM-GG in Italy) is about: the last whole week before it, Monday
 * (`dal`) to Sunday (`al`), and the day after it (`fino`, exclusive). Its Monday names the week.
 */
export function newsletterWeek(today: string): { dal: string; al: string; fino: string } {
  const t = Date.parse(`${today}T00:00:00Z`)
  const weekday = (new Date(t).getUTCDay() + 6) % 7 // Monday 0 … Sunday 6
  const thisMonday = t - weekday * DAY
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  return { dal: iso(thisMonday - 7 * DAY), al: iso(thisMonday - DAY), fino: iso(thisMonday) }
}

/** The news a subscriber's choice receives: the federation's, and the chosen sector's and its discipline's. */
export function newsForChoice(items: readonly NewsletterNews[], choice: NewsletterChoice) {
  if (choice.sectorId === null) return [...items]
  return items.filter(
    (n) =>
      n.disciplineId === null ||
      (n.disciplineId === choice.disciplineId && (n.sectorId === null || n.sectorId === choice.sectorId)),
  )
}

/** The e-mail of one week for one choice; `origin` makes the links (https://portal.example). */
export function newsletterMail(
  week: { dal: string; al: string },
  items: readonly NewsletterNews[],
  origin: string,
): { subject: string; body: string } {
  const dal = monthDay.format(new Date(`${week.dal}T00:00:00Z`))
  const al = monthDayYear.format(new Date(`${week.al}T00:00:00Z`))
  const lines = items.map(
    (n) => `• ${n.title}\n  ${n.summary}\n  ${origin}${href('newsDettaglio', { id: n.id })}`,
  )
  return {
    subject: `Newsletter della federazione: le news dal ${dal} al ${al}`,
    body:
      `Le news pubblicate sul portale dal ${dal} al ${al}:\n\n${lines.join('\n\n')}\n\n` +
      'Ricevi questa e-mail perché hai scelto la newsletter nelle Impostazioni del portale: per non riceverla ' +
      `più, spegni «Newsletter della federazione» da ${origin}${href('impostazioni')}.`,
  }
}
