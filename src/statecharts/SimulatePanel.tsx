// Simulate mode: the transitions the machine can take from where it is, as buttons (a guarded one says its
// condition: choosing it means «suppose it holds»), the steps taken so far, and the machine's context.
import type { ViewerMachine } from './App.tsx'
import type { GraphTransition } from './graph.ts'
import { conditionText } from './layout.ts'
import { stateWords } from './replay.ts'
import type { SimulationStep } from './simulate.ts'

export function SimulatePanel({
  machine,
  steps,
  choices,
  onChoose,
  onBack,
  onRestart,
  onClose,
}: {
  machine: ViewerMachine
  steps: readonly SimulationStep[]
  choices: readonly GraphTransition[]
  onChoose: (choice: GraphTransition) => void
  onBack: () => void
  onRestart: () => void
  onClose: () => void
}) {
  const { graph } = machine
  const title = (id: string) => graph.states[id]?.title ?? id
  const current = steps.at(-1)
  const label = (key: string | null) => {
    const t = graph.transitions.find((item) => item.key === key)
    return t ? `${t.label}${conditionText(t) ? ` ${conditionText(t)}` : ''}` : 'Avvio'
  }
  return (
    <section className="simulate" aria-labelledby="titolo-simulazione">
      <h2 id="titolo-simulazione">Simulazione: {machine.title}</h2>
      {current && (
        <p data-testid="stato-simulato" data-value={JSON.stringify(current.state.value)}>
          <strong>Ora:</strong> {stateWords(graph, current.state.value)}
          {current.state.done && ' (la macchina ha concluso)'}
          {current.approximate && (
            <span className="hint">
              {' '}
              — passaggio senza i dati dell’evento: il contesto non è stato ricalcolato
            </span>
          )}
        </p>
      )}
      <h3>Che cosa può succedere</h3>
      {choices.length === 0 ? (
        <p className="hint">Nulla: la macchina ha concluso. «Ricomincia» la riporta all’avvio.</p>
      ) : (
        <ul className="choices" aria-label="Transizioni possibili">
          {choices.map((choice) => (
            <li key={choice.key}>
              <button type="button" data-transition-key={choice.key} onClick={() => onChoose(choice)}>
                {choice.label}
                {conditionText(choice) && <span className="condition"> {conditionText(choice)}</span>}
                <span className="target">
                  {choice.targets.length > 0 ? ` → ${choice.targets.map(title).join(', ')}` : ' (resta qui)'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="simulate-controls">
        <button type="button" onClick={onBack} disabled={steps.length < 2}>
          Annulla l’ultimo passo
        </button>
        <button type="button" onClick={onRestart}>
          Ricomincia
        </button>
        <button type="button" onClick={onClose}>
          Chiudi la simulazione
        </button>
      </div>
      <details open>
        <summary>Passi ({steps.length})</summary>
        <ol className="simulate-steps">
          {steps.map((step, i) => (
            <li key={i}>
              {label(step.taken)} → {stateWords(graph, step.state.value)}
            </li>
          ))}
        </ol>
      </details>
      {current && (
        <details open>
          <summary>Contesto (i dati della macchina)</summary>
          <pre data-testid="contesto-simulato">{JSON.stringify(current.state.context, null, 2)}</pre>
        </details>
      )}
    </section>
  )
}
