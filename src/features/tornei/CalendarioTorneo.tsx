// The tournament's files: the poster and the prints (PDF), «Aggiungi al calendario» (.ics), subscribable feeds
// (webcal:) of the club's and circuit's tournaments, and the player's own enrolments as a feed.
import {
  calendarioFeedPath,
  stampaTorneoPath,
  torneoIcsPath,
  type StampaTorneo,
} from '../../../contract/stampe.ts'
import type { TorneoDettaglio } from '../../../contract/torneo.ts'
import { circuitWith } from '../../../contract/words.ts'
import { FeedPersonale } from '../../ui/FeedPersonale.tsx'
import { webcalUrl } from '../../ui/webcal.ts'

export function StampeTorneo({ torneo }: { torneo: TorneoDettaglio }) {
  const drawn = (tipo: string) => torneo.tabelloni.some((t) => t.tipo === tipo && t.sorteggiato)
  const prints: { stampa: StampaTorneo; label: string; show: boolean }[] = [
    { stampa: 'locandina', label: 'Locandina', show: true },
    { stampa: 'tabellone', label: 'Tabellone', show: drawn('eliminazione') },
    { stampa: 'gironi', label: 'Gironi e classifiche', show: drawn('gironi') },
    {
      stampa: 'calendario',
      label: 'Calendario delle partite',
      show: torneo.tabelloni.some((t) => t.sorteggiato),
    },
  ]
  return (
    <section className="torneo-section" aria-labelledby="torneo-stampe">
      <h2 id="torneo-stampe">Stampe e calendario</h2>
      <ul className="torneo-files">
        {prints
          .filter((p) => p.show)
          .map((p) => (
            <li key={p.stampa}>
              <a href={stampaTorneoPath(torneo.id, p.stampa)} target="_blank" rel="noopener">
                {p.label} <span className="torneo-muted">(PDF)</span>
              </a>
            </li>
          ))}
        <li>
          <a href={torneoIcsPath(torneo.id)} download>
            Aggiungi al calendario <span className="torneo-muted">(file .ics)</span>
          </a>
        </li>
        {torneo.circolo && (
          <li>
            <a
              href={webcalUrl(
                calendarioFeedPath({ id_settore: torneo.id_settore, id_circolo: torneo.circolo.id }),
              )}
            >
              Segui i tornei di {torneo.circolo.nome}{' '}
              <span className="torneo-muted">(calendario in abbonamento)</span>
            </a>
          </li>
        )}
        {torneo.circuito && (
          <li>
            <a
              href={webcalUrl(
                calendarioFeedPath({ id_settore: torneo.id_settore, id_circuito: torneo.circuito.id }),
              )}
            >
              Segui le tappe {circuitWith('del', torneo.circuito.nome)}{' '}
              <span className="torneo-muted">(calendario in abbonamento)</span>
            </a>
          </li>
        )}
      </ul>
      <p className="torneo-muted">
        I calendari in abbonamento si aggiornano da soli sul telefono quando cambiano le date di un torneo.
      </p>
      <FeedPersonale level={3} />
    </section>
  )
}
