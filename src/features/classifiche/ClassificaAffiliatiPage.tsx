import { ClassificaPage } from './ClassificaPage.tsx'

/** /classifiche/classifica-affiliati */
export default function ClassificaAffiliatiPage() {
  return <ClassificaPage pagina="classifica-affiliati" />
}
