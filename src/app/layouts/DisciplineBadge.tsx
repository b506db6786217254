import { useSelector } from '@xstate/store-react'
import { Link } from 'react-router'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { disciplineLabel } from '../../ui/discipline-label.ts'
import { href } from '../paths.ts'

/** The current discipline and sector, with the way to change them from every page. */
export function DisciplineBadge() {
  const disciplina = useSelector(disciplinaStore, (s) => s.context.disciplina)
  const sectorId = useSelector(disciplinaStore, (s) => s.context.id_settore)
  const label = disciplineLabel(disciplina, sectorId) ?? 'Scegli'
  return (
    <Link
      className="discipline-badge"
      to={href('sceltaDisciplina')}
      aria-label={`Disciplina: ${label}. Cambia disciplina`}
    >
      {label}
    </Link>
  )
}
