// The details of what the user clicked: a state or a transition, in words, with its requirement and the
// generated paths that cover it.
import type { ViewerMachine } from './App.tsx'
import { type CoveragePath, type MachineCoverage, pathsCovering } from './coverage.ts'
import type { Selection } from './Drawing.tsx'
import type { GraphState, GraphTransition } from './graph.ts'
import { conditionText } from './layout.ts'

const KIND_WORDS: Record<GraphState['kind'], string> = {
  root: 'Macchina intera',
  atomic: 'Stato semplice',
  compound: 'Stato composto: contiene altri stati e parte dal primo indicato dal pallino nero',
  parallel: 'Stato parallelo: le sue parti sono attive tutte insieme',
  final: 'Stato finale: qui la macchina ha concluso',
  history: 'Ripresa: torna allo stato in cui si era prima di uscire',
}

const TRANSITION_WORDS: Record<GraphTransition['kind'], string> = {
  event: 'Avviene quando arriva l’evento indicato.',
  always: 'Avviene da sola, appena la condizione è vera (o subito, se non ha condizione).',
  after: 'Avviene da sola, trascorso il tempo indicato.',
  done: 'Avviene quando l’operazione indicata termina con successo.',
  error: 'Avviene quando l’operazione indicata fallisce.',
}

function Paths({ paths, coverage }: { paths: CoveragePath[]; coverage: MachineCoverage | undefined }) {
  if (!coverage) {
    return (
      <p className="hint">
        Carica il rapporto di copertura (<code>reports/flow-coverage.json</code>, generato da{' '}
        <code>npm run flows</code>) per vedere i percorsi di prova che passano di qui.
      </p>
    )
  }
  if (paths.length === 0) return <p className="uncovered-text">Nessun percorso generato passa di qui.</p>
  return (
    <>
      <p>
        {paths.length === 1
          ? 'Un percorso generato passa di qui:'
          : `${paths.length} percorsi generati passano di qui:`}
      </p>
      <ol className="paths">
        {paths.slice(0, 30).map((path, i) => (
          <li key={i}>
            {path.description}
            {path.length > 0 && path.tour && <span className="hint"> ({path.length} passi)</span>}
          </li>
        ))}
      </ol>
      {paths.length > 30 && <p className="hint">…e altri {paths.length - 30}.</p>}
    </>
  )
}

export function Details({
  machine,
  selection,
  coverage,
  onSelect,
}: {
  machine: ViewerMachine
  selection: Selection
  coverage: MachineCoverage | undefined
  onSelect: (selection: Selection) => void
}) {
  const { graph } = machine
  const title = (id: string) => graph.states[id]?.title ?? id
  let body
  if (selection && 'state' in selection && graph.states[selection.state]) {
    const state = graph.states[selection.state]!
    const outgoing = graph.transitions.filter((t) => t.source === state.id)
    const incoming = graph.transitions.filter((t) => t.targets.includes(state.id))
    body = (
      <>
        <h3>{state.title}</h3>
        <p className="kind">{KIND_WORDS[state.kind]}</p>
        {state.kind === 'root' && <p>{machine.description}</p>}
        {state.description && <p>{state.description}</p>}
        <dl>
          {state.parent && graph.states[state.parent]?.kind !== 'root' && (
            <>
              <dt>Dentro</dt>
              <dd>{title(state.parent)}</dd>
            </>
          )}
          <dt>Requisito</dt>
          <dd>{state.spec ?? 'nessuno indicato'}</dd>
          <dt>Nome tecnico</dt>
          <dd>
            <code>{state.id}</code>
          </dd>
        </dl>
        {outgoing.length > 0 && (
          <>
            <h4>Da qui si può</h4>
            <ul className="links">
              {outgoing.map((t) => (
                <li key={t.key}>
                  <button type="button" className="link" onClick={() => onSelect({ transition: t.key })}>
                    {t.label}
                    {conditionText(t) ? ` ${conditionText(t)}` : ''}
                    {t.targets.length > 0 ? ` → ${t.targets.map(title).join(', ')}` : ' (resta qui)'}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
        {state.kind !== 'root' && (
          <>
            <h4>Si arriva da</h4>
            {incoming.length === 0 ? (
              <p className="hint">
                {graph.states[state.parent ?? '']?.initial === state.id
                  ? `Nessuna transizione: è lo stato da cui parte ${state.parent === graph.root ? 'la macchina' : `«${title(state.parent!)}»`}.`
                  : 'Nessuna transizione porta qui direttamente.'}
              </p>
            ) : (
              <ul className="links" aria-label={`Si arriva a «${state.title}» da`}>
                {incoming.map((t) => (
                  <li key={t.key}>
                    <button type="button" className="link" onClick={() => onSelect({ transition: t.key })}>
                      {t.source === state.id ? '(da qui stesso)' : title(t.source)}: {t.label}
                      {conditionText(t) ? ` ${conditionText(t)}` : ''}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
        {state.kind !== 'root' && state.kind !== 'history' && (
          <>
            <h4>Percorsi di prova</h4>
            <Paths paths={pathsCovering(coverage, { state: state.id })} coverage={coverage} />
          </>
        )}
      </>
    )
  } else if (selection && 'transition' in selection) {
    const t = graph.transitions.find((item) => item.key === selection.transition)
    if (t) {
      body = (
        <>
          <h3>{t.label}</h3>
          <p className="kind">Transizione. {TRANSITION_WORDS[t.kind]}</p>
          {t.description && <p>{t.description}</p>}
          <dl>
            <dt>Da</dt>
            <dd>
              <button type="button" className="link" onClick={() => onSelect({ state: t.source })}>
                {title(t.source)}
              </button>
            </dd>
            <dt>A</dt>
            <dd>
              {t.targets.length === 0
                ? 'resta nello stesso stato (aggiorna solo i dati)'
                : t.targets.map((target) => (
                    <button
                      key={target}
                      type="button"
                      className="link"
                      onClick={() => onSelect({ state: target })}
                    >
                      {title(target)}
                    </button>
                  ))}
            </dd>
            <dt>Condizione</dt>
            <dd>
              {t.guard
                ? t.guard
                : t.otherwise
                  ? 'altrimenti: quando nessuna delle condizioni precedenti per lo stesso evento è vera'
                  : 'nessuna'}
              {t.guardName && t.guardName !== t.guard && (
                <>
                  {' '}
                  (<code>{t.guardName}</code>)
                </>
              )}
            </dd>
            <dt>Requisito</dt>
            <dd>{t.spec ?? 'nessuno indicato'}</dd>
            <dt>Evento tecnico</dt>
            <dd>
              <code>{t.event}</code>
            </dd>
          </dl>
          <h4>Percorsi di prova</h4>
          <Paths paths={pathsCovering(coverage, { transition: t.key })} coverage={coverage} />
        </>
      )
    }
  }
  return (
    <aside className="details" aria-labelledby="titolo-dettagli" aria-live="polite">
      <h2 id="titolo-dettagli">Dettagli</h2>
      {body ?? <p className="hint">Fai clic su uno stato o su una transizione per leggerne i dettagli.</p>}
    </aside>
  )
}
