import { useActorRef, useSelector } from '@xstate/react'
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { Link } from 'react-router'
import { DISCIPLINES } from '../../../contract/constants.ts'
import type { DisciplinaCodice } from '../../../contract/documenti.ts'
// The contract module itself, not the endpoints table: the page's bundle carries only its own calls.
import { FAQ_SEARCH_MAX, type FaqItem } from '../../../contract/faq.ts'
import { href } from '../../app/paths.ts'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { faqLogic } from './faq-actors.ts'
import './static.css'
import { journalInspector } from '../../journal/journal.ts'

const knownDiscipline = (code: string | null) => DISCIPLINES.find((d) => d.codice === code) ?? null

/** The search's words in `text`, marked; plain text when there is no search. */
function highlight(text: string, query: string): ReactNode {
  const words = (query.match(/[\p{L}\p{N}]{2,}/gu) ?? []).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  if (words.length === 0) return text
  const parts = text.split(new RegExp(`(${words.join('|')})`, 'giu'))
  return parts.map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part))
}

/** Groups by categoria in the order the server returned them (editorial order, or best match first). */
function byCategory(items: readonly FaqItem[]): [string, FaqItem[]][] {
  const groups = new Map<string, FaqItem[]>()
  for (const item of items) groups.set(item.categoria, [...(groups.get(item.categoria) ?? []), item])
  return [...groups]
}

function Answer({ text, query }: { text: string; query: string }) {
  return (
    <div className="faq-answer">
      {text
        .split(/\n\s*\n/)
        .filter((paragraph) => paragraph.trim())
        .map((paragraph, i) => (
          <p key={i}>{highlight(paragraph, query)}</p>
        ))}
    </div>
  )
}

/** /faq: the questions of the current discipline and the general ones, searched on the server as you type. */
export default function FaqPage() {
  const stored = useStoreSelector(disciplinaStore, (s) => s.context.disciplina)
  const discipline = knownDiscipline(stored)
  const disciplina: DisciplinaCodice | null = discipline?.codice ?? null
  const actor = useActorRef(faqLogic, { input: { disciplina }, inspect: journalInspector })

  const testo = useSelector(actor, (s) => s.context.testo)
  const query = useSelector(actor, (s) => s.context.query)
  const items = useSelector(actor, (s) => s.context.items)
  const record = useSelector(actor, (s) => s.context.record)
  const error = useSelector(actor, (s) => s.context.error)
  const failed = useSelector(actor, (s) => s.matches('failed'))
  const ready = useSelector(actor, (s) => s.matches('ready'))
  const searching = useSelector(actor, (s) => s.hasTag('searching'))
  const loadingMore = useSelector(actor, (s) => s.hasTag('loadingMore'))
  const canLoadMore = useSelector(actor, (s) => s.can({ type: 'faq.more' }))
  const firstLoad = searching && items.length === 0 && !query

  // The discipline can change from the header while the page is open.
  const shownFor = useRef(disciplina)
  useEffect(() => {
    if (shownFor.current === disciplina) return
    shownFor.current = disciplina
    actor.send({ type: 'faq.disciplineChanged', disciplina })
  }, [actor, disciplina])

  const status = failed
    ? ''
    : ready
      ? query
        ? record === 0
          ? `Nessuna domanda trovata per «${query}»`
          : `${record === 1 ? '1 domanda trovata' : `${record} domande trovate`} per «${query}»`
        : `${record === 1 ? '1 domanda' : `${record} domande`}`
      : ''

  return (
    <article className="page static-page faq">
      <PageTitle>Domande frequenti</PageTitle>
      <p className="static-lead">
        Le risposte alle domande più comuni su account, tesseramento, tornei, classifiche, Power e sfide.{' '}
        {discipline ? (
          <>
            Vedi le domande del <strong>{discipline.nome}</strong> e quelle valide per tutte le discipline.{' '}
            <Link to={href('sceltaDisciplina')}>Cambia disciplina</Link>
          </>
        ) : (
          'Vedi le domande di tutte le discipline.'
        )}
      </p>

      <form className="faq-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="faq-cerca">Cerca nelle domande frequenti</label>
        <input
          id="faq-cerca"
          type="search"
          value={testo}
          maxLength={FAQ_SEARCH_MAX}
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby="faq-cerca-aiuto"
          onChange={(e) => actor.send({ type: 'faq.typed', testo: e.target.value })}
        />
        <p id="faq-cerca-aiuto" className="field-hint">
          Per esempio «tessera», «password» o «Power». I risultati si aggiornano mentre scrivi.
        </p>
      </form>

      <p className="faq-status" role="status">
        {status}
      </p>

      {failed && <LoadError message={error} onRetry={() => actor.send({ type: 'faq.retry' })} />}

      {firstLoad && (
        <div className="faq-skeleton" aria-hidden="true">
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="skeleton" />
          ))}
        </div>
      )}

      {ready && record === 0 && (
        <div className="empty-state">
          <p>
            {query ? (
              <>
                Nessuna domanda contiene «{query}». Prova con altre parole, oppure scrivici dalla pagina{' '}
                <Link to={href('helpdesk')}>Assistenza</Link>.
              </>
            ) : (
              <>
                Non ci sono ancora domande frequenti per questa disciplina. Per qualsiasi dubbio scrivici
                dalla pagina <Link to={href('helpdesk')}>Assistenza</Link>.
              </>
            )}
          </p>
        </div>
      )}

      {items.length > 0 && !failed && (
        <div className="faq-results" aria-busy={searching}>
          {byCategory(items).map(([categoria, questions]) => (
            <section key={categoria} className="faq-group">
              <h2>{categoria}</h2>
              {questions.map((item) => (
                <details key={`${item.id}-${query}`} className="faq-item" open={query !== ''}>
                  <summary>{highlight(item.domanda, query)}</summary>
                  <Answer text={item.risposta} query={query} />
                </details>
              ))}
            </section>
          ))}
        </div>
      )}

      {error && !failed && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}

      {(canLoadMore || loadingMore) && (
        <p className="actions">
          <button
            type="button"
            className="button secondary"
            disabled={loadingMore}
            onClick={() => actor.send({ type: 'faq.more' })}
          >
            {loadingMore ? 'Caricamento…' : `Mostra altre domande (${items.length} di ${record})`}
          </button>
        </p>
      )}

      <aside className="card static-card faq-help" aria-labelledby="faq-help-title">
        <h2 id="faq-help-title">Non hai trovato la risposta?</h2>
        <p>
          Apri una richiesta dalla pagina <Link to={href('helpdesk')}>Assistenza</Link>: ti rispondiamo entro
          due giorni lavorativi. Le regole di tornei, classifiche e Power sono nei{' '}
          <Link to={href('regolamenti')}>regolamenti</Link>.
        </p>
      </aside>
    </article>
  )
}
