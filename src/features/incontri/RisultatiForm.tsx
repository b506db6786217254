// The rubbers' results of a tie, set by set, entered by a captain once the tie is played: one score table a
// rubber (the shared SetScoreTable), checked as it is written with the server's own rules (contract/scores.ts).
// The other captain then confirms or contests.
import { useId, useState } from 'react'
import { TIE_RULES, type Incontro } from '../../../contract/incontri.ts'
import { halfWrittenSet, scoreDraftProblem, scoringOfSector, setsOfDraft } from '../../../contract/scores.ts'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { SetScoreTable } from '../../ui/SetScoreTable.tsx'
import { submitResults } from './incontri-actors.ts'

type Row = { a: string; b: string; tiebreak: string }
const SETS = 3
const emptyRows = (): Row[] => Array.from({ length: SETS }, () => ({ a: '', b: '', tiebreak: '' }))

export function RisultatiForm({ incontro, onDone }: { incontro: Incontro; onDone: () => void }) {
  const id = useId()
  const scoring = scoringOfSector(incontro.id_settore)
  const unit = scoring === 'rally' ? 'game' : 'set'
  const [rows, setRows] = useState<Row[][]>(() => incontro.partite.map(emptyRows))
  const problems = rows.map((sets) =>
    scoreDraftProblem({ esito: 'giocata', sets, vincitore: null }, scoring, 'Indica chi ha vinto.'),
  )
  const first = problems.findIndex((p) => p !== null)
  const partite = incontro.partite.map((p, k) => ({
    numero: p.numero,
    esito: 'giocata' as const,
    set: setsOfDraft(rows[k]!, scoring),
  }))
  const setCell = (rubber: number, index: number, side: 'a' | 'b', value: string) =>
    setRows((all) =>
      all.map((sets, r) =>
        r === rubber ? sets.map((s, i) => (i === index ? { ...s, [side]: value } : s)) : sets,
      ),
    )
  return (
    <form
      className="incontro-form"
      aria-labelledby={`${id}-titolo`}
      onSubmit={(event) => event.preventDefault()}
    >
      <h4 id={`${id}-titolo`}>Inserisci i risultati</h4>
      {incontro.partite.map((p, k) => (
        <fieldset key={p.numero} className="incontro-partita">
          <legend>
            Partita n. {p.numero}: {p.casa.map((g) => g.nome).join(' e ')} contro{' '}
            {p.ospiti.map((g) => g.nome).join(' e ')}
          </legend>
          {/* A scrolling region is focusable so keyboards can scroll it (axe: scrollable-region-focusable). */}
          <div
            className="table-wrap"
            role="region"
            aria-label={`Set della partita n. ${p.numero}`}
            // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
          >
            <SetScoreTable
              className="incontro-set"
              names={[incontro.casa.nome, incontro.ospiti.nome]}
              rows={rows[k]!}
              unit={unit}
              invalidRow={halfWrittenSet(rows[k]!)}
              onChange={(index, side, value) => setCell(k, index, side, value)}
            />
          </div>
        </fieldset>
      ))}
      <p className="field-hint" aria-live="polite">
        {first === -1 ? '' : `Partita n. ${first + 1}: ${problems[first]}`}
      </p>
      <div className="actions">
        <ConfirmedAction
          key={JSON.stringify(partite)}
          trigger={buttonTrigger('Salva i risultati', 'button', first !== -1)}
          submit={submitResults(incontro.id, partite)}
          confirmText="Vuoi salvare i risultati delle partite? L’altro capitano dovrà confermarli."
          successText={`Risultati inseriti: l’altro capitano ha ${TIE_RULES.RESULT_AUTO_CONFIRM_HOURS} ore per confermarli o contestarli.`}
          errorText="Non è stato possibile salvare i risultati."
          onSuccessClosed={onDone}
        />
      </div>
    </form>
  )
}
