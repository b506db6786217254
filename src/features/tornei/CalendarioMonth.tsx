// The month view: a grid of the month's days on wide screens, the same days as a list on phones (one of the two
// is hidden with display:none, so a screen reader meets the month once).
import { Link } from 'react-router'
import {
  MONTH_FETCHROWS,
  MONTH_MAX_PAGES,
  calendarSearch,
  monthOf,
  type CalendarQuery,
  type TorneoCalendario,
} from '../../../contract/calendario.ts'
import {
  STATI,
  dayLabel,
  formatLongDay,
  formatMonth,
  formatNumber,
  monthGrid,
  onDay,
  shiftMonth,
  torneoHref,
} from './calendario-format.ts'

const WEEKDAYS = [
  ['Lun', 'lunedì'],
  ['Mar', 'martedì'],
  ['Mer', 'mercoledì'],
  ['Gio', 'giovedì'],
  ['Ven', 'venerdì'],
  ['Sab', 'sabato'],
  ['Dom', 'domenica'],
] as const

export function CalendarioMonth(props: {
  query: CalendarQuery
  today: string
  tornei: readonly TorneoCalendario[]
  record: number
}) {
  const { query, today, tornei } = props
  const mese = monthOf(query, today)
  const weeks = monthGrid(mese)
  const days = weeks.flat().filter((d): d is string => d !== null)
  const busyDays = days.filter((d) => onDay(tornei, d).length > 0)
  const monthLink = (by: number) => calendarSearch({ ...query, vista: 'mese', mese: shiftMonth(mese, by) })
  const title = formatMonth(mese)
  return (
    <section className="calendario-mese" aria-labelledby="calendario-mese-titolo">
      <div className="calendario-mese-head">
        <Link className="button secondary" to={{ search: monthLink(-1) }}>
          ← <span className="visually-hidden">Mese precedente: </span>
          {formatMonth(shiftMonth(mese, -1))}
        </Link>
        <h2 id="calendario-mese-titolo">{title.charAt(0).toUpperCase() + title.slice(1)}</h2>
        <Link className="button secondary" to={{ search: monthLink(1) }}>
          <span className="visually-hidden">Mese successivo: </span>
          {formatMonth(shiftMonth(mese, 1))} →
        </Link>
      </div>
      <p className="calendario-muted">
        {props.record === 0
          ? 'Nessun torneo in questo mese con i filtri scelti.'
          : props.record === 1
            ? '1 torneo in questo mese.'
            : `${formatNumber(props.record)} tornei in questo mese.`}
        {props.record > MONTH_FETCHROWS * MONTH_MAX_PAGES &&
          ` Qui ne vedi ${formatNumber(tornei.length)}: usa i filtri o l’elenco per vederli tutti.`}
      </p>
      <table className="calendario-griglia">
        <caption className="visually-hidden">Tornei di {title}, giorno per giorno</caption>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={short} scope="col">
                <abbr title={long}>{short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, i) =>
                day === null ? (
                  <td key={`vuoto-${i}`} className="calendario-vuoto" aria-label="Fuori dal mese" />
                ) : (
                  <td key={day} className={day === today ? 'calendario-oggi' : undefined}>
                    <span className="calendario-giorno">
                      {Number(day.slice(8))}
                      {day === today && <span className="visually-hidden"> (oggi)</span>}
                    </span>
                    <ul>
                      {onDay(tornei, day).map((t) => {
                        const label = dayLabel(t, day)
                        return (
                          <li key={t.id} className={label !== null ? 'calendario-continua' : undefined}>
                            <Link
                              to={torneoHref(t)}
                              className={`stato-${t.stato}`}
                              title={`${t.nome} · ${STATI[t.stato] ?? t.stato}${label !== null ? ` · ${label}` : ''}`}
                            >
                              {t.nome}
                              {label !== null && (
                                <>
                                  {' '}
                                  <span className="visually-hidden">{`(${label})`}</span>
                                </>
                              )}
                            </Link>
                          </li>
                        )
                      })}
                    </ul>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <ol className="calendario-agenda">
        {busyDays.map((day) => (
          <li key={day}>
            <h3>{formatLongDay(day)}</h3>
            <ul>
              {onDay(tornei, day).map((t) => {
                const label = dayLabel(t, day)
                return (
                  <li key={t.id}>
                    <Link to={torneoHref(t)}>{t.nome}</Link>
                    <span className="calendario-muted">
                      {' '}
                      · {t.comune ?? t.regione ?? ''} · {STATI[t.stato] ?? t.stato}
                      {label !== null && ` · ${label}`}
                    </span>
                  </li>
                )
              })}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  )
}
