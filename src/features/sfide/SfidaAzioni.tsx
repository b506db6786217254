// What the viewer may do on a challenge now: each action offered only when the challenge machine takes its event
// from the viewer (accept, refuse, publish, cancel, leave, enter, confirm or contest the result, and for the
// federation decide a contested one), each through the confirmed-action dialog.
import { useId, useState } from 'react'
import { resultTooEarly, type Sfida } from '../../../contract/sfide.ts'
import type { ChallengeEvent } from '../../../machines/challenge.ts'
import type { SubmitResponse } from '../../../machines/confirmed-action.ts'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { useNow } from '../../ui/use-now.ts'
import { matchTitle } from './format.ts'
import { RisultatoSfidaForm } from './RisultatoSfidaForm.tsx'
import {
  challengeSnapshot,
  submitAccept,
  submitCancel,
  submitConfirm,
  submitContest,
  submitPublish,
  submitRefuse,
  submitRemovePlayer,
  submitResolve,
} from './sfide-actors.ts'
import { MESSAGE_MAX } from './texts.ts'

type Props = {
  sfida: Sfida
  snapshot: ReturnType<typeof challengeSnapshot>
  /** The signed-in player's person id (null: none yet, nothing to do). */
  me: number | null
  onDone: () => void
}

/** One action behind a button and the confirmed dialog. */
type Button = {
  label: string
  className: string
  submit: () => Promise<SubmitResponse>
  confirmText: string
  successText: string
}

export function SfidaAzioni({ sfida, snapshot, me, onDone }: Props) {
  const now = useNow()
  const can = (event: ChallengeEvent) => me !== null && snapshot.can(event)
  const by = me ?? 0
  const canRefuse = can({ type: 'sfida.rifiuta', by })
  // Each offered when the machine takes its event from the viewer, in the order they are read.
  const buttons: (Button | false)[] = [
    can({ type: 'sfida.accetta', by }) && {
      label: 'Accetta la sfida',
      className: 'button',
      submit: submitAccept(sfida.id),
      confirmText: `Vuoi accettare la sfida ${matchTitle(sfida)}?`,
      successText: 'Sfida accettata: quando tutti hanno accettato si gioca.',
    },
    canRefuse && {
      label: 'Rifiuta la sfida',
      className: 'button secondary',
      submit: submitRefuse(sfida.id),
      confirmText: 'Vuoi rifiutare la sfida? Chi l’ha proposta riceverà un avviso.',
      successText: 'Sfida rifiutata.',
    },
    can({ type: 'sfida.pubblica', by }) && {
      label: 'Pubblica in bacheca',
      className: 'button secondary',
      submit: submitPublish(sfida.id),
      confirmText:
        'Vuoi pubblicare la sfida in bacheca? Chiunque giochi la disciplina potrà prendere i posti liberi.',
      successText: 'La sfida è in bacheca.',
    },
    // An invited player who has not answered refuses rather than leaves; one who accepted may leave.
    !canRefuse &&
      can({ type: 'sfida.rimuoviGiocatore', by, persona: by }) && {
        label: 'Lascia la sfida',
        className: 'button secondary',
        submit: submitRemovePlayer(sfida.id, by),
        confirmText: 'Vuoi lasciare la sfida? Il tuo posto torna libero.',
        successText: 'Hai lasciato la sfida.',
      },
    can({ type: 'sfida.annulla', by }) && {
      label: 'Annulla la sfida',
      className: 'button danger',
      submit: submitCancel(sfida.id),
      confirmText: 'Vuoi annullare la sfida? Gli invitati riceveranno un avviso.',
      successText: 'Sfida annullata.',
    },
  ]
  const offered = buttons.filter((button): button is Button => button !== false)
  const entering = can({ type: 'sfida.risultato', by, vincitore: 1 })
  // The server refuses a result before the match's date and time: the page says when instead of the form.
  const tooEarly = entering ? resultTooEarly(sfida.data_proposta, now) : null
  const confirming = can({ type: 'sfida.conferma', by })
  const contesting = can({ type: 'sfida.contesta', by })
  const deciding = can({ type: 'sfida.risolvi', by, arbitro: sfida.arbitro, esito: 'confermato' })
  const nothing = offered.length === 0 && !entering && !confirming && !contesting && !deciding
  return (
    <section className="sfida-sezione sfida-azioni" aria-labelledby="sfida-azioni">
      <h2 id="sfida-azioni">Cosa puoi fare</h2>
      {nothing && (
        <p className="sfide-muted">
          Per ora non c’è nulla da fare per te: ti avvisiamo quando c’è una novità.
        </p>
      )}
      {offered.length > 0 && (
        <div className="actions">
          {offered.map((button) => (
            <ConfirmedAction
              key={button.label}
              trigger={buttonTrigger(button.label, button.className)}
              submit={button.submit}
              confirmText={button.confirmText}
              successText={button.successText}
              onSuccessClosed={onDone}
            />
          ))}
        </div>
      )}
      {entering && tooEarly !== null && <p className="sfide-muted">{tooEarly}</p>}
      {entering && tooEarly === null && <RisultatoSfidaForm sfida={sfida} onDone={onDone} />}
      {(confirming || contesting) && sfida.risultato && (
        <p>
          Il risultato inserito è <strong>{sfida.risultato.punteggio}</strong>: confermalo se è giusto, oppure
          contestalo spiegando perché.
        </p>
      )}
      {confirming && (
        <div className="actions">
          <ConfirmedAction
            trigger={buttonTrigger('Conferma il risultato', 'button')}
            submit={submitConfirm(sfida.id)}
            confirmText={`Confermi il risultato ${sfida.risultato?.punteggio ?? ''}? Il Power dei giocatori si aggiorna.`}
            successText="Risultato confermato: il Power è aggiornato."
            onSuccessClosed={onDone}
          />
        </div>
      )}
      {contesting && <ContestaForm idSfida={sfida.id} onDone={onDone} />}
      {deciding && <RisolviForm idSfida={sfida.id} onDone={onDone} />}
    </section>
  )
}

function ContestaForm({ idSfida, onDone }: { idSfida: number; onDone: () => void }) {
  const [motivo, setMotivo] = useState('')
  const id = useId()
  const text = motivo.trim()
  return (
    <form className="sfida-form" aria-label="Contesta il risultato" onSubmit={(e) => e.preventDefault()}>
      <div className="field">
        <label htmlFor={`${id}-motivo`}>Perché contesti il risultato?</label>
        <p id={`${id}-aiuto`} className="field-hint">
          Spiega cosa non torna, fino a {MESSAGE_MAX} caratteri: decide la federazione.
        </p>
        <textarea
          id={`${id}-motivo`}
          rows={3}
          maxLength={MESSAGE_MAX}
          aria-describedby={`${id}-aiuto`}
          value={motivo}
          onChange={(event) => setMotivo(event.target.value)}
        />
      </div>
      <div className="actions">
        <ConfirmedAction
          key={text}
          trigger={buttonTrigger('Contesta il risultato', 'button secondary', text === '')}
          submit={submitContest(idSfida, text)}
          confirmText="Vuoi contestare il risultato? Il Power non cambia finché la federazione non decide."
          successText="Risultato contestato: decide la federazione."
          onSuccessClosed={onDone}
        />
      </div>
    </form>
  )
}

function RisolviForm({ idSfida, onDone }: { idSfida: number; onDone: () => void }) {
  const [esito, setEsito] = useState<'confermato' | 'annullato'>('confermato')
  const [nota, setNota] = useState('')
  const id = useId()
  const text = nota.trim()
  return (
    <form className="sfida-form" aria-label="Decidi la contestazione" onSubmit={(e) => e.preventDefault()}>
      <fieldset className="sfide-scelte">
        <legend>Decisione della federazione</legend>
        <label className="sfide-scelta">
          <input
            type="radio"
            name={`${id}-esito`}
            checked={esito === 'confermato'}
            onChange={() => setEsito('confermato')}
          />{' '}
          Il risultato vale: conta per il Power
        </label>
        <label className="sfide-scelta">
          <input
            type="radio"
            name={`${id}-esito`}
            checked={esito === 'annullato'}
            onChange={() => setEsito('annullato')}
          />{' '}
          Il risultato non vale: la sfida non conta
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-nota`}>Nota per i giocatori (facoltativa)</label>
        <textarea
          id={`${id}-nota`}
          rows={2}
          maxLength={MESSAGE_MAX}
          value={nota}
          onChange={(event) => setNota(event.target.value)}
        />
      </div>
      <div className="actions">
        <ConfirmedAction
          key={`${esito}:${text}`}
          trigger={buttonTrigger('Decidi la contestazione', 'button')}
          submit={submitResolve(idSfida, esito, text)}
          confirmText={
            esito === 'confermato'
              ? 'Confermi che il risultato vale? Il Power dei giocatori si aggiorna.'
              : 'Confermi che il risultato non vale? La sfida si chiude senza contare.'
          }
          successText="Decisione registrata: i giocatori ricevono un avviso."
          onSuccessClosed={onDone}
        />
      </div>
    </form>
  )
}
