// A tournament open for enrolment, as the server tests make one: a singles tennis tournament that starts in 20
// days, enrolment open from 10 days ago to 10 days ahead. The values to insert, with what a test changes on top
// (the database it goes into is the test's: a worker's, or a child portal's copy).
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import type { tournaments } from '../../server/db/schema/domain.ts'

const DAY = 86_400_000
const isoDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10)

export function openTournament(
  over: Partial<typeof tournaments.$inferInsert> & { nome: string },
): typeof tournaments.$inferInsert {
  return {
    disciplineId: DISCIPLINE_IDS.TENNIS,
    sectorId: SECTOR_IDS.TENNIS,
    tipo: 'TR',
    categoria: 'OPEN',
    specialita: 'singolare',
    genere: 'X',
    dataInizio: isoDay(20),
    dataFine: isoDay(22),
    iscrizioniDal: new Date(Date.now() - 10 * DAY),
    iscrizioniAl: new Date(Date.now() + 10 * DAY),
    maxIscritti: 8,
    status: 'iscrizioni_aperte',
    ...over,
  }
}
