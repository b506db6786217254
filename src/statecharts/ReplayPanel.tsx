// Stepping through a replayed journal: the event of the current step and the state of every machine after it,
// recomputed, with whether it equals the state the live run recorded.
import type { ViewerMachine } from './App.tsx'
import { type ReplayStep, stateWords } from './replay.ts'

const time = (at: string) => {
  const date = new Date(at)
  return Number.isNaN(date.getTime()) ? at : date.toLocaleTimeString('it-IT')
}

export function ReplayPanel({
  name,
  steps,
  step,
  onStep,
  onClose,
  machines,
  onShowMachine,
  followEvent,
  onFollowEvent,
}: {
  name: string
  steps: ReplayStep[]
  step: number
  onStep: (step: number) => void
  onClose: () => void
  machines: ViewerMachine[]
  onShowMachine: (id: string) => void
  followEvent: boolean
  onFollowEvent: (follow: boolean) => void
}) {
  const current = steps[step]
  const receiver = machines.find((m) => m.id === current?.entry.machine)
  const checked = steps.filter((s) => s.matches !== null)
  const mismatches = checked.filter((s) => s.matches === false)
  const last = steps.length - 1
  const go = (to: number) => onStep(Math.max(0, Math.min(last, to)))
  return (
    <section className="replay" aria-labelledby="titolo-riproduzione">
      <h2 id="titolo-riproduzione">Riproduzione del registro «{name}»</h2>
      <p data-testid="esito-riproduzione">
        {mismatches.length === 0
          ? `Tutti i ${checked.length} stati ricalcolati coincidono con quelli registrati dal vivo.`
          : `${mismatches.length} stati ricalcolati su ${checked.length} non coincidono con quelli registrati (primo al passo ${mismatches[0]!.index + 1}).`}
      </p>
      <div className="replay-controls">
        <button type="button" onClick={() => go(0)} disabled={step === 0}>
          Inizio
        </button>
        <button type="button" onClick={() => go(step - 1)} disabled={step === 0}>
          Indietro
        </button>
        <label>
          Passo
          <input
            type="range"
            min={0}
            max={Math.max(0, last)}
            value={step}
            onChange={(event) => go(Number(event.target.value))}
          />
        </label>
        <output data-testid="passo">
          {steps.length === 0 ? 'nessun evento' : `${step + 1} di ${steps.length}`}
        </output>
        <button type="button" onClick={() => go(step + 1)} disabled={step >= last}>
          Avanti
        </button>
        <button type="button" onClick={() => go(last)} disabled={step >= last}>
          Fine
        </button>
        <label>
          <input
            type="checkbox"
            checked={followEvent}
            onChange={(event) => onFollowEvent(event.target.checked)}
          />
          Mostra la macchina dell’evento
        </label>
        <button type="button" onClick={onClose}>
          Chiudi la riproduzione
        </button>
      </div>
      {current && (
        <div className="replay-step">
          <p>
            <strong>Evento:</strong> <span data-testid="evento">{current.said}</span>
            {receiver ? ` — in «${receiver.title}»` : ''}, alle {time(current.entry.at)}
            {current.matches === true && (
              <span className="ok"> ✔ stato ricalcolato uguale a quello registrato</span>
            )}
            {current.matches === false && (
              <span className="ko">
                {' '}
                ✘ {current.problem ?? 'stato ricalcolato diverso da quello registrato'}
              </span>
            )}
          </p>
          <details>
            <summary>Per sviluppatori</summary>
            <p>
              Evento <code>{current.entry.type}</code> ricevuto da <code>{current.entry.source}</code>
            </p>
            {current.entry.payload !== undefined && (
              <pre>{JSON.stringify(current.entry.payload, null, 2)}</pre>
            )}
          </details>
          <table>
            <caption>Stati dopo l’evento</caption>
            <thead>
              <tr>
                <th scope="col">Macchina</th>
                <th scope="col">Stato</th>
              </tr>
            </thead>
            <tbody>
              {machines.map((m) => (
                <tr key={m.id} data-machine={m.id}>
                  <th scope="row">
                    <button type="button" className="link" onClick={() => onShowMachine(m.id)}>
                      {m.title}
                    </button>
                  </th>
                  <td data-testid={`stato-${m.id}`} data-value={JSON.stringify(current.states[m.id] ?? null)}>
                    {stateWords(m.graph, current.states[m.id])}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
