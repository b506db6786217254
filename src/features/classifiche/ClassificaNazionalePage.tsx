import { ClassificaPage } from './ClassificaPage.tsx'

/** /classifiche/classifica-nazionale */
export default function ClassificaNazionalePage() {
  return <ClassificaPage pagina="classifica-nazionale" />
}
