import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { href } from '../../app/paths.ts'
import { PageTitle } from '../../ui/PageTitle.tsx'
import './credenziali.css'

/** The shared shape of the three pages that hand over to the identity service: steps, then one action. */
export function AuthSteps(props: { title: string; intro: ReactNode; steps: ReactNode[]; action: ReactNode }) {
  return (
    <section className="credenziali">
      <PageTitle>{props.title}</PageTitle>
      <p>{props.intro}</p>
      <ol className="credenziali-passi">
        {props.steps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
      <p className="credenziali-nota">
        Ambiente dimostrativo: le e-mail non vengono spedite, il codice arriva nella{' '}
        <a href="/idp/outbox" target="_blank" rel="noopener">
          posta simulata (si apre in una nuova scheda)
        </a>
        .
      </p>
      <div className="actions">{props.action}</div>
      <p>
        <Link to={href('creazioneCredenziali')}>Torna alle opzioni di accesso</Link>
      </p>
    </section>
  )
}
