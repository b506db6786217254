// The signed-in player's unseen notices on the home (issue 19 item 7): an invitation to a doubles, a challenge, a
// partner request… each a link to what it is about; following it marks it seen, and the count on the account
// button goes down at once. Its own chunk, loaded for signed-in users only; nothing shows when all are read.
import { useSelector } from '@xstate/react'
import { Link } from 'react-router'
import type { Avviso } from '../../../contract/avvisi.ts'
import { cercaCompagnoSearch } from '../../../contract/cerca-compagno.ts'
import { capitanoSearch } from '../../../contract/incontri.ts'
import { avvisiActor } from '../../app/avvisi.ts'
import { href } from '../../app/paths.ts'
import { formatRelativeTime } from '../../ui/format.ts'

export default function HomeAvvisi() {
  const avvisi = useSelector(avvisiActor, (s) => s.context.avvisi)
  const totale = useSelector(avvisiActor, (s) => s.context.totale)
  if (avvisi.length === 0) return null
  const open = (ids: number[]) => avvisiActor.send({ type: 'avvisi.open', ids })
  return (
    <section id="avvisi" className="home-block home-avvisi" aria-labelledby="home-avvisi-titolo">
      <div className="home-block-head">
        <h2 id="home-avvisi-titolo">
          I tuoi avvisi <span className="home-avvisi-count">({totale} da leggere)</span>
        </h2>
        <button
          type="button"
          className="button secondary home-avvisi-letti"
          onClick={() => open(avvisi.map((a) => a.id_avviso))}
        >
          Segna tutti come letti
        </button>
      </div>
      <ul className="home-avvisi-list">
        {avvisi.map((avviso) => (
          <li key={avviso.id_avviso} className="card home-avviso">
            <p className="home-kicker">
              <time dateTime={avviso.creato_il}>{formatRelativeTime(avviso.creato_il)}</time>
            </p>
            <Link to={avvisoLink(avviso)} onClick={() => open([avviso.id_avviso])}>
              {avviso.testo}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Where a notice takes the player: the tournament's enrolment, the challenge, their listings or requests, a tie. */
function avvisoLink(avviso: Avviso): { pathname: string; search?: string; hash?: string } {
  switch (avviso.ambito) {
    case 'torneo':
      return { pathname: href('dettaglioTorneo', { id: avviso.id_riferimento }), hash: '#torneo-iscrizione' }
    case 'sfida':
      return { pathname: href('dettaglioSfida', { id: avviso.id_riferimento }) }
    case 'annuncio':
      return { pathname: href('cercaCompagno'), search: cercaCompagnoSearch({ vista: 'miei' }) }
    case 'richiesta':
      return { pathname: href('cercaCompagno'), search: cercaCompagnoSearch({ vista: 'richieste' }) }
    case 'helpdesk':
      return { pathname: href('helpdesk'), hash: '#helpdesk-mie' }
    case 'incontro':
      // The captain's page of the tie's tournament, with that tie open (a notice written before the tie was
      // removed has no tournament: the home is where it stays).
      return avviso.id_torneo === undefined
        ? { pathname: href('home') }
        : {
            pathname: href('dettaglioTorneoCampionatoCapitano', { id: avviso.id_torneo }),
            search: capitanoSearch(avviso.id_riferimento),
          }
    case 'contestazione':
      return { pathname: href('incontriContestati') }
  }
}
