// The journal as the file QA exports ("Esporta registro") and the statechart viewer replays. Apart from
// journal.ts so that the portal's first chunk does not carry it: only the settings page exports.
import { readJournal } from './journal.ts'

/** The journal as a downloadable JSON file: `{ esportato, eventi }`. */
export function journalBlob(): Blob {
  return new Blob([JSON.stringify({ esportato: new Date().toISOString(), eventi: readJournal() }, null, 2)], {
    type: 'application/json',
  })
}
