// The pieces the championships' pages share: a tie (teams, date, venue, result, its rubbers), a girone's
// standings with the tie-break that decided each row, the status words.
import { Link } from 'react-router'
import {
  STATO_CAMPIONATO_LABEL,
  STATO_INCONTRO_LABEL,
  type ClassificaGirone,
  type Incontro,
} from '../../../contract/campionati.ts'
import { href } from '../../app/paths.ts'
import { formatDateTime } from '../../ui/format.ts'
import { PlayerLinks } from '../../ui/PlayerLinks.tsx'

export const statoCampionato = (stato: string) => STATO_CAMPIONATO_LABEL[stato] ?? stato
export const statoIncontro = (stato: string) => STATO_INCONTRO_LABEL[stato] ?? stato
export const GENERE: Record<string, string> = { M: 'maschile', F: 'femminile', X: 'misto' }
export const TIPO_PARTITA: Record<string, string> = { singolare: 'Singolare', doppio: 'Doppio' }

const NUMERI = ['nessun', 'un', 'due', 'tre', 'quattro', 'cinque', 'sei']

/** «due singolari e un doppio», «tre doppi»: the rubbers of a tie. */
export function formatoLabel(formato: readonly string[]): string {
  const count = (tipo: string) => formato.filter((f) => f === tipo).length
  const part = (n: number, one: string, many: string) => (n === 1 ? `un ${one}` : `${NUMERI[n] ?? n} ${many}`)
  const [s, d] = [count('singolare'), count('doppio')]
  return [s > 0 && part(s, 'singolare', 'singolari'), d > 0 && part(d, 'doppio', 'doppi')]
    .filter(Boolean)
    .join(' e ')
}

/** «3 squadre», «1 squadra». */
export const squadre = (n: number) => (n === 1 ? '1 squadra' : `${n} squadre`)

/** When a tie is played: the agreed instant, the proposed one (said so), or still to schedule. */
function quando(i: Incontro): string {
  if (!i.data) return 'Data da programmare'
  return i.data_confermata ? formatDateTime(i.data) : `Proposto per ${formatDateTime(i.data)}`
}

function TeamName({ team, mine }: { team: Incontro['casa']; mine: number | null | undefined }) {
  const name = <Link to={href('dettaglioSquadra', { id: team.id })}>{team.nome}</Link>
  return team.id === mine ? <strong>{name}</strong> : name
}

/** One tie: the teams (home first), when and where, the result and its state, the rubbers once played. */
export function IncontroCard({ incontro, mine }: { incontro: Incontro; mine?: number | null }) {
  const i = incontro
  const risultato =
    i.punti_casa !== null && i.punti_ospiti !== null ? `${i.punti_casa}–${i.punti_ospiti}` : null
  return (
    <article className="card incontro" aria-label={`${i.casa.nome} contro ${i.ospiti.nome}`}>
      <p className="incontro-squadre">
        <span className={i.id_vincitore === i.casa.id ? 'vincitore' : undefined}>
          <TeamName team={i.casa} mine={mine} />
        </span>
        <span className="incontro-risultato" aria-label={risultato ? `risultato ${risultato}` : 'da giocare'}>
          {risultato ?? 'vs'}
        </span>
        <span className={i.id_vincitore === i.ospiti.id ? 'vincitore' : undefined}>
          <TeamName team={i.ospiti} mine={mine} />
        </span>
      </p>
      <p className="campionati-muted">
        {quando(i)}
        {i.circolo && i.id_circolo && (
          <>
            {' · '}
            <Link to={href('dettaglioCircolo', { id: i.id_circolo })}>{i.circolo}</Link>
          </>
        )}
        {' · '}
        <span className={`stato-incontro stato-${i.stato}`}>{statoIncontro(i.stato)}</span>
      </p>
      {i.fase === 'finale' && i.punti_casa !== null && i.punti_casa === i.punti_ospiti && i.id_vincitore && (
        <p className="campionati-muted">
          Passa {i.id_vincitore === i.casa.id ? i.casa.nome : i.ospiti.nome}: a parità di partite contano i
          set, poi i game.
        </p>
      )}
      {i.partite.length > 0 && (
        <details className="incontro-partite">
          <summary>Le partite</summary>
          <ol>
            {i.partite.map((p) => (
              <li key={p.numero}>
                {TIPO_PARTITA[p.tipo] ?? p.tipo} {p.numero}: <PlayerLinks giocatori={p.casa} /> –{' '}
                <PlayerLinks giocatori={p.ospiti} />{' '}
                <span className="campionati-muted">
                  {p.esito === 'walkover' ? 'non giocata (walkover)' : p.punteggio}
                  {p.vincitore && <>, vince {p.vincitore === 'casa' ? i.casa.nome : i.ospiti.nome}</>}
                </span>
              </li>
            ))}
          </ol>
        </details>
      )}
    </article>
  )
}

/** A girone's standings: points, ties, rubbers, sets, games; under a row the tie-break that put it there. */
export function ClassificaTable({ girone, mine }: { girone: ClassificaGirone; mine?: number | null }) {
  return (
    <div className="table-wrap">
      <table className="campionati-classifica">
        <caption>Classifica del {girone.girone}</caption>
        <thead>
          <tr>
            <th scope="col" className="numero">
              <abbr title="Posizione">Pos.</abbr>
            </th>
            <th scope="col">Squadra</th>
            <th scope="col" className="numero">
              Punti
            </th>
            <th scope="col" className="numero">
              <abbr title="Incontri giocati">G</abbr>
            </th>
            <th scope="col" className="numero">
              <abbr title="Vinti">V</abbr>
            </th>
            <th scope="col" className="numero">
              <abbr title="Pareggiati">N</abbr>
            </th>
            <th scope="col" className="numero">
              <abbr title="Persi">P</abbr>
            </th>
            <th scope="col" className="numero">
              Partite
            </th>
            <th scope="col" className="numero">
              Set
            </th>
            <th scope="col" className="numero">
              Game
            </th>
          </tr>
        </thead>
        <tbody>
          {girone.righe.map((r) => (
            <tr key={r.id_squadra} className={r.id_squadra === mine ? 'mia' : undefined}>
              <td className="numero">{r.posizione}</td>
              <th scope="row">
                <Link to={href('dettaglioSquadra', { id: r.id_squadra })}>{r.squadra}</Link>
                {r.motivo && <span className="campionati-motivo">{r.motivo}</span>}
              </th>
              <td className="numero">
                <strong>{r.punti}</strong>
              </td>
              <td className="numero">{r.giocati}</td>
              <td className="numero">{r.vinti}</td>
              <td className="numero">{r.pareggiati}</td>
              <td className="numero">{r.persi}</td>
              <td className="numero">
                {r.partite_vinte}–{r.partite_perse}
              </td>
              <td className="numero">
                {r.set_vinti}–{r.set_persi}
              </td>
              <td className="numero">
                {r.game_vinti}–{r.game_persi}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
