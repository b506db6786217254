// Every CSV the portal writes, through one function: semicolons and a BOM (Excel in Italian opens it as columns with
// accents intact), and no cell a spreadsheet would run as a formula (OWASP, «CSV injection»).
import { stringify } from 'csv-stringify/sync'

export type CsvCell = string | number | null | undefined

/** What makes a spreadsheet read a text cell as a formula (OWASP's list): = + - @, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/

/**
 * A cell as written. Text that starts like a formula gets a leading apostrophe, which spreadsheets show as text;
 * numbers are written as numbers, so -3 stays -3 (a number cannot run anything), while the text «-3» is prefixed.
 */
export function csvCell(value: CsvCell): string | number {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? value : ''
  return FORMULA_START.test(value) ? `'${value}` : value
}

/** A CSV file: the header line, then one line per row, every cell through csvCell. */
export function csvFile(columns: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return (
    '\uFEFF' +
    stringify(
      rows.map((row) => row.map(csvCell)),
      { header: true, columns: columns.map((c) => String(csvCell(c))), delimiter: ';' },
    )
  )
}
