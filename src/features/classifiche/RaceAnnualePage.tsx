import { ClassificaPage } from './ClassificaPage.tsx'

/** /classifiche/race-annuale */
export default function RaceAnnualePage() {
  return <ClassificaPage pagina="race-annuale" />
}
