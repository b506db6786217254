// The organiser's results (issue 11, item 4): every match with both sides known, by phase and round or group,
// with a form to enter or correct its result. The form checks the score as it is typed with the server's own rules
// (contract/scores.ts) and says what is wrong before the dialog; the server decides what follows (the winner moves
// on, groups, Power, points and rankings), and its answer, or another refusal in Italian, comes through the
// confirmed-action dialog.
import { useId, useState } from 'react'
import { scoreDraftProblem, scoringOfSector, setsOfDraft, type Scoring } from '../../../contract/scores.ts'
import { ESITI_RISULTATO, risultatoEdit, type RisultatoRequest } from '../../../contract/tabelloni.ts'
import type { Incontro, Tabellone } from '../../../contract/torneo.ts'
import { submitRaw } from '../../api/client.ts'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { SetScoreTable } from '../../ui/SetScoreTable.tsx'
import { LoadError } from '../../ui/LoadError.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { sideName } from './format.ts'
import { loadTabelloni } from './torneo-actors.ts'

type Esito = (typeof ESITI_RISULTATO)[number]

const ESITO_LABELS: Record<Esito, string> = {
  giocata: 'Giocata',
  ritiro: 'Ritiro durante la partita',
  walkover: 'Walkover (non giocata)',
}

/** Best of five at most (the contract's limit); three rows are shown first. */
const MAX_SETS = 5
const FIRST_SETS = 3

type SetRow = { a: string; b: string; tiebreak?: number }
type Form = { esito: Esito; sets: SetRow[]; vincitore: 'A' | 'B' | null }

/** A match the organiser can score: both sides known, not a bye. */
const scorable = (m: Incontro) => m.a !== null && m.b !== null && m.esito !== 'bye'

/** The groups of matches to show: each round of an elimination phase, each group of a round-robin phase. */
function sections(tabellone: Tabellone): { key: string; title: string; incontri: readonly Incontro[] }[] {
  const groups =
    tabellone.tipo === 'eliminazione'
      ? tabellone.turni.map((t) => ({ key: `t${t.turno}`, title: t.nome, incontri: t.incontri }))
      : tabellone.gironi.map((g) => ({ key: `g${g.id}`, title: g.nome, incontri: g.incontri }))
  return groups
    .map((g) => ({ ...g, key: `${tabellone.id}-${g.key}`, incontri: g.incontri.filter(scorable) }))
    .filter((g) => g.incontri.length > 0)
}

/** The form for a match: empty for a new result, the saved one for a correction. */
function formOf(match: Incontro): Form {
  const saved: SetRow[] = match.set.map((s) => ({
    a: String(s.a),
    b: String(s.b),
    ...(s.tiebreak !== undefined ? { tiebreak: s.tiebreak } : {}),
  }))
  const rows = [...saved]
  while (rows.length < FIRST_SETS) rows.push({ a: '', b: '' })
  const esito = (ESITI_RISULTATO as readonly string[]).includes(match.esito)
    ? (match.esito as Esito)
    : 'giocata'
  return {
    esito,
    sets: rows,
    vincitore: match.vincitore === 'a' ? 'A' : match.vincitore === 'b' ? 'B' : null,
  }
}

/** The request as the contract takes it: the sets written, the winner only where it is needed. */
function requestOf(idPartita: number, form: Form, scoring: Scoring): RisultatoRequest {
  return {
    id_partita: idPartita,
    esito: form.esito,
    set: form.esito === 'walkover' ? [] : setsOfDraft(form.sets, scoring),
    ...(form.esito !== 'giocata' && form.vincitore ? { vincitore: form.vincitore } : {}),
  }
}

const actionOf = (m: Incontro) =>
  m.esito === 'da_giocare' ? 'Inserisci il risultato' : 'Correggi il risultato'

/** «6-4 3-6 7-5», as the organiser will read it in the confirmation. */
const scoreWords = (request: RisultatoRequest) =>
  request.set.map((s) => `${s.a}-${s.b}`).join(' ') || 'nessun set'

export function RisultatiOrganizzatore({
  idTorneo,
  idSettore,
  onDone,
}: {
  idTorneo: number
  /** The tournament's sector: its scoring (sets of games, or pickleball's games to 11). */
  idSettore: number
  /** Called after a result was saved and its dialog closed: the page reloads its draws and standings. */
  onDone: () => void
}) {
  const { actor, failed, data, error, retry } = usePageData<readonly Tabellone[], number>(
    loadTabelloni,
    idTorneo,
  )
  const [open, setOpen] = useState<number | null>(null)
  const headingId = useId()
  if (failed) return <LoadError message={error} onRetry={retry} secondary />
  if (!data) return <p aria-busy="true">Caricamento delle partite…</p>
  const phases = data.map((t) => ({ tabellone: t, groups: sections(t) })).filter((p) => p.groups.length > 0)
  return (
    <div className="risultati" aria-labelledby={headingId} role="group">
      <h3 id={headingId}>Risultati delle partite</h3>
      {phases.length === 0 ? (
        <p className="torneo-muted">
          Nessuna partita ha ancora entrambi i giocatori: i risultati si inseriscono dopo il sorteggio.
        </p>
      ) : (
        <p className="torneo-muted">
          Inserisci il risultato quando la partita è finita: il vincitore passa al turno successivo, le
          classifiche dei gironi e il Power si aggiornano subito; con l’ultima partita il torneo si chiude e i
          punti entrano nelle classifiche.
        </p>
      )}
      {phases.map(({ tabellone, groups }) => (
        <div key={tabellone.id} className="risultati-fase">
          <h4>{tabellone.nome}</h4>
          {groups.map((group) => (
            <div key={group.key}>
              <h5>{group.title}</h5>
              <ul className="risultati-lista list">
                {group.incontri.map((match) => (
                  <li key={match.id} className="risultati-riga">
                    <MatchLine match={match} />
                    <button
                      type="button"
                      className="button secondary"
                      // The visible words first (label in name), then whose match it is.
                      aria-label={`${actionOf(match)} di ${sideName(match.a!.giocatori)} contro ${sideName(match.b!.giocatori)}`}
                      aria-expanded={open === match.id}
                      aria-controls={`risultato-${match.id}`}
                      onClick={() => setOpen(open === match.id ? null : match.id)}
                    >
                      {actionOf(match)}
                    </button>
                    {open === match.id && (
                      <RisultatoForm
                        match={match}
                        scoring={scoringOfSector(idSettore)}
                        onDone={() => {
                          setOpen(null)
                          actor.send({ type: 'page.reload' })
                          onDone()
                        }}
                      />
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ))}
    </div>
  )
}

function MatchLine({ match }: { match: Incontro }) {
  const a = sideName(match.a!.giocatori)
  const b = sideName(match.b!.giocatori)
  return (
    <p className="risultati-incontro">
      <span className={match.vincitore === 'a' ? 'risultati-vincitore' : undefined}>{a}</span>
      {' contro '}
      <span className={match.vincitore === 'b' ? 'risultati-vincitore' : undefined}>{b}</span>
      {': '}
      <span className="torneo-muted">{match.esito === 'da_giocare' ? 'da giocare' : match.punteggio}</span>
    </p>
  )
}

function RisultatoForm({
  match,
  scoring,
  onDone,
}: {
  match: Incontro
  scoring: Scoring
  onDone: () => void
}) {
  const a = sideName(match.a!.giocatori)
  const b = sideName(match.b!.giocatori)
  // A correction starts from the result as saved; a new result from empty rows.
  const [form, setForm] = useState<Form>(() => formOf(match))
  const id = useId()
  const request = requestOf(match.id, form, scoring)
  const needsWinner = form.esito !== 'giocata'
  // The server's rules (contract/scores.ts), in words: what is missing, or what it would refuse.
  const problem = scoreDraftProblem(form, scoring, 'Indica chi passa il turno.')
  // A changed set loses the tie-break points it was saved with (the form does not ask for them).
  const setSet = (index: number, side: 'a' | 'b', value: string) =>
    setForm((f) => ({
      ...f,
      sets: f.sets.map((s, i) => (i === index ? { a: s.a, b: s.b, [side]: value } : s)),
    }))
  const winnerName = form.vincitore === 'A' ? a : form.vincitore === 'B' ? b : null
  const confirmText =
    form.esito === 'walkover'
      ? `Vuoi registrare il walkover: passa ${winnerName ?? '…'}?`
      : `Vuoi salvare il risultato ${a} contro ${b}: ${scoreWords(request)}${
          form.esito === 'ritiro' ? `, ritiro; passa ${winnerName ?? '…'}` : ''
        }?`
  return (
    <form
      id={`risultato-${match.id}`}
      className="risultati-form"
      aria-label={`Risultato di ${a} contro ${b}`}
      onSubmit={(event) => event.preventDefault()}
    >
      <fieldset>
        <legend>Esito</legend>
        {ESITI_RISULTATO.map((esito) => (
          <label key={esito} className="risultati-scelta">
            <input
              type="radio"
              name={`${id}-esito`}
              value={esito}
              checked={form.esito === esito}
              onChange={() => setForm((f) => ({ ...f, esito }))}
            />{' '}
            {ESITO_LABELS[esito]}
          </label>
        ))}
      </fieldset>
      {form.esito !== 'walkover' && (
        <fieldset>
          <legend>Set{form.esito === 'ritiro' ? ' (fino al ritiro)' : ''}</legend>
          <SetScoreTable className="risultati-set" names={[a, b]} rows={form.sets} onChange={setSet} />
          {form.sets.length < MAX_SETS && (
            <button
              type="button"
              className="link-button"
              onClick={() => setForm((f) => ({ ...f, sets: [...f.sets, { a: '', b: '' }] }))}
            >
              Aggiungi un set
            </button>
          )}
        </fieldset>
      )}
      {needsWinner && (
        <fieldset>
          <legend>Chi passa il turno</legend>
          {(['A', 'B'] as const).map((side) => (
            <label key={side} className="risultati-scelta">
              <input
                type="radio"
                name={`${id}-vincitore`}
                value={side}
                checked={form.vincitore === side}
                onChange={() => setForm((f) => ({ ...f, vincitore: side }))}
              />{' '}
              {side === 'A' ? a : b}
            </label>
          ))}
        </fieldset>
      )}
      {/* Always there, so that what is still wrong is read out as it changes. */}
      <p className="field-hint risultati-problema" aria-live="polite">
        {problem}
      </p>
      <div className="actions">
        {/* Keyed by the request: the dialog's request is fixed for its life. */}
        <ConfirmedAction
          key={JSON.stringify(request)}
          trigger={buttonTrigger('Salva il risultato', 'button', problem !== null)}
          submit={() => submitRaw(risultatoEdit, request)}
          confirmText={confirmText}
          successText="Risultato salvato: tabellone, classifiche e Power sono aggiornati."
          errorText="Non è stato possibile salvare il risultato."
          onSuccessClosed={onDone}
        />
      </div>
    </form>
  )
}
