import type { ReactNode } from 'react'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { formatDate } from '../../ui/format.ts'
import './static.css'

export type LegalSection = { id: string; title: string; body: ReactNode }

/** A long text page (privacy, cookie, accessibility): title, date, an index of its sections, the sections. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string
  /** ISO date of the last revision. */
  updated: string
  intro: ReactNode
  sections: LegalSection[]
}) {
  return (
    <article className="page static-page legal">
      <PageTitle>{title}</PageTitle>
      <p className="static-muted">
        Ultimo aggiornamento: <time dateTime={updated}>{formatDate(updated)}</time>
      </p>
      <div className="static-lead">{intro}</div>
      <nav className="legal-toc" aria-labelledby="legal-toc-title">
        <h2 id="legal-toc-title">In questa pagina</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section) => (
        <section
          key={section.id}
          id={section.id}
          aria-labelledby={`${section.id}-titolo`}
          className="legal-section"
        >
          <h2 id={`${section.id}-titolo`}>{section.title}</h2>
          {section.body}
        </section>
      ))}
    </article>
  )
}

export type Scheda = { key: string; title: ReactNode; facts: [label: string, value: ReactNode][] }

/** Rows of facts as cards (readable at 375 px without scrolling sideways): a title, then label and value pairs. */
export function Schede({ label, items }: { label: string; items: Scheda[] }) {
  return (
    <ul className="schede" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className="card scheda">
          <h3 className="scheda-title">{item.title}</h3>
          <dl className="static-facts">
            {item.facts.map(([dt, dd]) => (
              <div key={dt}>
                <dt>{dt}</dt>
                <dd>{dd}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  )
}
