// The rubbers of a tie as a table (the captain's page, the federation's contested ties): who played each and its
// score. The score comes first, so a phone shows it before the table scrolls sideways; a scrolling region,
// focusable so keyboards can scroll it (axe: scrollable-region-focusable).
import type { Incontro } from '../../../contract/incontri.ts'

export function PartiteTable({ partite, label }: { partite: Incontro['partite']; label: string }) {
  return (
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      <table className="incontro-partite">
        <thead>
          <tr>
            <th scope="col">N.</th>
            <th scope="col">Punteggio</th>
            <th scope="col">Casa</th>
            <th scope="col">Ospiti</th>
          </tr>
        </thead>
        <tbody>
          {partite.map((p) => (
            <tr key={p.numero}>
              <th scope="row">
                {p.numero} ({p.tipo})
              </th>
              <td>
                {p.punteggio ?? 'da giocare'}
                {p.vincitore && ` (vince ${p.vincitore})`}
              </td>
              <td>{p.casa.map((g) => g.nome).join(' e ')}</td>
              <td>{p.ospiti.map((g) => g.nome).join(' e ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
