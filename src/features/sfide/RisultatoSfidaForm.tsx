// A player enters the result of an accepted challenge: played to the end or stopped by a retirement, the games
// (points in pickleball) of each set. The form checks the score as it is written with the server's own rules
// (contract/scores.ts) and says what is wrong before the confirmation dialog; any other refusal of the server, in
// Italian, is shown as it is in the dialog.
import { useId, useState } from 'react'
import { CHALLENGE_RULES } from '../../../contract/constants.ts'
import {
  halfWrittenSet,
  isTiebreakSet,
  type Scoring,
  scoreDraftProblem,
  setsOfDraft,
} from '../../../contract/scores.ts'
import type { Sfida } from '../../../contract/sfide.ts'
import type { Lato } from '../../../machines/challenge.ts'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { SetScoreTable } from '../../ui/SetScoreTable.tsx'
import { isRallyScoring, sideName } from './format.ts'
import { submitResult, type NuovoRisultato } from './sfide-actors.ts'
import { MAX_SETS, SCORING_HINTS } from './texts.ts'

type Esito = NuovoRisultato['esito']
type SetRow = { a: string; b: string; tiebreak: string }
type Form = { esito: Esito; sets: SetRow[]; vincitore: Lato | null }

const emptyRow = (): SetRow => ({ a: '', b: '', tiebreak: '' })
const SIDE = { 1: 'A', 2: 'B' } as const

function requestOf(idSfida: number, form: Form, scoring: Scoring): NuovoRisultato {
  return {
    id_sfida: idSfida,
    esito: form.esito,
    set: setsOfDraft(form.sets, scoring),
    ...(form.esito === 'ritiro' && form.vincitore !== null ? { vincitore_lato: form.vincitore } : {}),
  }
}

export function RisultatoSfidaForm({ sfida, onDone }: { sfida: Sfida; onDone: () => void }) {
  const [form, setForm] = useState<Form>({
    esito: 'giocata',
    sets: Array.from({ length: MAX_SETS }, emptyRow),
    vincitore: null,
  })
  const id = useId()
  const rally = isRallyScoring(sfida.id_settore)
  const scoring: Scoring = rally ? 'rally' : 'set'
  const unit = rally ? 'game' : 'set'
  const names = { 1: sideName(sfida, 1), 2: sideName(sfida, 2) } as const
  const request = requestOf(sfida.id, form, scoring)
  const half = halfWrittenSet(form.sets)
  // The server's rules (contract/scores.ts), in words: what is missing, or what it would refuse.
  const problem = scoreDraftProblem(
    { esito: form.esito, sets: form.sets, vincitore: form.vincitore === null ? null : SIDE[form.vincitore] },
    scoring,
    'Indica chi ha vinto: la parte che non si è ritirata.',
  )
  const setCell = (index: number, key: keyof SetRow, value: string) =>
    setForm((f) => ({ ...f, sets: f.sets.map((s, i) => (i === index ? { ...s, [key]: value } : s)) }))
  const score = request.set.map((s) => `${s.a}-${s.b}`).join(' ')
  const confirmText =
    `Vuoi inserire il risultato ${names[1]} contro ${names[2]}: ${score || `nessun ${unit}`}` +
    (form.esito === 'ritiro' && form.vincitore !== null ? `, ritiro; vince ${names[form.vincitore]}` : '') +
    '? Gli avversari dovranno confermarlo.'

  return (
    <form
      className="sfida-form sfida-risultato-form"
      aria-labelledby={`${id}-titolo`}
      onSubmit={(event) => event.preventDefault()}
    >
      <h3 id={`${id}-titolo`}>Inserisci il risultato</h3>
      <fieldset className="sfide-scelte">
        <legend>Com’è finita</legend>
        <label className="sfide-scelta">
          <input
            type="radio"
            name={`${id}-esito`}
            checked={form.esito === 'giocata'}
            onChange={() => setForm((f) => ({ ...f, esito: 'giocata' }))}
          />{' '}
          Partita giocata fino in fondo
        </label>
        <label className="sfide-scelta">
          <input
            type="radio"
            name={`${id}-esito`}
            checked={form.esito === 'ritiro'}
            onChange={() => setForm((f) => ({ ...f, esito: 'ritiro' }))}
          />{' '}
          Un giocatore si è ritirato durante la partita
        </label>
      </fieldset>
      <fieldset>
        <legend>
          {rally ? 'Game' : 'Set'}
          {form.esito === 'ritiro' ? ' (fino al ritiro)' : ''}
        </legend>
        <p className="field-hint" id={`${id}-aiuto`}>
          {SCORING_HINTS[rally ? 'rally' : 'set']}
        </p>
        <div className="table-wrap">
          <SetScoreTable
            className="sfida-set sfida-set-input"
            names={[names[1], names[2]]}
            rows={form.sets}
            onChange={setCell}
            unit={unit}
            invalidRow={half}
            describedBy={`${id}-aiuto`}
          />
        </div>
        {form.sets.map(
          (row, index) =>
            isTiebreakSet(row, scoring) && (
              <div key={index} className="field sfida-tiebreak">
                <label htmlFor={`${id}-tb-${index}`}>
                  Tie-break del {index + 1}° set: punti di chi l’ha perso (facoltativo)
                </label>
                <input
                  id={`${id}-tb-${index}`}
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={99}
                  value={row.tiebreak}
                  onChange={(event) => setCell(index, 'tiebreak', event.target.value)}
                />
              </div>
            ),
        )}
      </fieldset>
      {form.esito === 'ritiro' && (
        <fieldset className="sfide-scelte">
          <legend>Chi ha vinto (la parte che non si è ritirata)</legend>
          {([1, 2] as const).map((lato) => (
            <label key={lato} className="sfide-scelta">
              <input
                type="radio"
                name={`${id}-vincitore`}
                checked={form.vincitore === lato}
                onChange={() => setForm((f) => ({ ...f, vincitore: lato }))}
              />{' '}
              {names[lato]}
            </label>
          ))}
        </fieldset>
      )}
      {/* Always there, so that what is still missing is read out as it changes. */}
      <p className="field-hint sfida-problema" aria-live="polite">
        {problem}
      </p>
      <div className="actions">
        {/* Keyed by the request: the dialog's request is fixed for its life. */}
        <ConfirmedAction
          key={JSON.stringify(request)}
          trigger={buttonTrigger('Salva il risultato', 'button', problem !== null)}
          submit={submitResult(request)}
          confirmText={confirmText}
          successText={`Risultato inserito: gli avversari hanno ${CHALLENGE_RULES.RESULT_AUTO_CONFIRM_HOURS} ore per confermarlo o contestarlo.`}
          errorText="Non è stato possibile salvare il risultato."
          onSuccessClosed={onDone}
        />
      </div>
    </form>
  )
}
