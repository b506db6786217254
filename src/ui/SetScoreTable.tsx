// The score of a match as a player or an organiser enters it: one row a set (a game in pickleball), one column a
// side, a number field in each cell named with the set and the side.

export type SetCells = { a: string; b: string }

export function SetScoreTable({
  names,
  rows,
  onChange,
  unit = 'set',
  className,
  invalidRow = -1,
  describedBy,
}: {
  /** The two sides, as the column headings and the fields' names say them. */
  names: readonly [string, string]
  rows: readonly SetCells[]
  onChange: (index: number, side: 'a' | 'b', value: string) => void
  /** Sets of games, or pickleball's games of points. */
  unit?: 'set' | 'game'
  className?: string
  /** The row to mark as wrong (-1: none). */
  invalidRow?: number
  /** The id of the hint that explains how to fill it in. */
  describedBy?: string
}) {
  const counted = unit === 'set' ? 'giochi' : 'punti'
  return (
    <table className={className}>
      <thead>
        <tr>
          <th scope="col">{unit === 'set' ? 'Set' : 'Game'}</th>
          <th scope="col">{names[0]}</th>
          <th scope="col">{names[1]}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index}>
            <th scope="row">{index + 1}°</th>
            {(['a', 'b'] as const).map((side) => (
              <td key={side}>
                <input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={99}
                  aria-label={`${index + 1}° ${unit}, ${counted} di ${names[side === 'a' ? 0 : 1]}`}
                  aria-describedby={describedBy}
                  aria-invalid={index === invalidRow ? true : undefined}
                  value={row[side]}
                  onChange={(event) => onChange(index, side, event.target.value)}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
