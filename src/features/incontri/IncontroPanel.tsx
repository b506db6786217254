// One tie on the captain's page: where it stands (the machine's own words), the date, the two lineups (the other
// team's only once both are in), the rubbers, the history, and the captain's actions. Each action's button is
// enabled when the tie machine takes its event from this captain (`can`), and goes through the confirmed-action
// dialog, which shows the server's refusal in Italian as it is.
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useCallback, useId, useState } from 'react'
import { TIE_RULES, type Incontro } from '../../../contract/incontri.ts'
import type { TieEvent } from '../../../machines/tie.ts'
import { utenteStore } from '../../stores/utente.ts'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { LoadError } from '../../ui/LoadError.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { usePageData } from '../../ui/page-data.ts'
import { PartiteTable } from './PartiteTable.tsx'
import { RisultatiForm } from './RisultatiForm.tsx'
import { SchieramentoForm } from './SchieramentoForm.tsx'
import {
  loadIncontro,
  submitAnswer,
  submitConfirm,
  submitContest,
  submitGenerate,
  submitProposal,
  tieSnapshot,
} from './incontri-actors.ts'

type Snapshot = ReturnType<typeof tieSnapshot>

export function IncontroPanel({ id, onChanged }: { id: number; onChanged: () => void }) {
  const { actor, failed, data, error, retry } = usePageData<Incontro, number>(loadIncontro, id)
  const me = useStoreSelector(utenteStore, (s) => s.context.details?.id_persona ?? null)
  const done = useCallback(() => {
    actor.send({ type: 'page.reload' })
    onChanged()
  }, [actor, onChanged])
  if (failed) return <LoadError message={error} onRetry={retry} />
  if (!data)
    return (
      <div className="capitano-skeleton" role="status" aria-label="Caricamento dell’incontro…">
        <div className="skeleton" />
      </div>
    )
  const snapshot = tieSnapshot(data)
  const description = (Object.values(snapshot.getMeta())[0] as { description?: string } | undefined)
    ?.description
  return (
    <article className="incontro" aria-labelledby="incontro-titolo">
      <h2 id="incontro-titolo">
        Giornata {data.giornata}: {data.casa.nome} – {data.ospiti.nome}
      </h2>
      <div className="incontro-stato" role="status">
        <p>
          <span className={`capitano-badge capitano-badge-${data.stato}`}>{data.titolo_stato}</span>
        </p>
        {data.da_fare && <p className="capitano-da-fare">Tocca a te: {data.da_fare.toLowerCase()}.</p>}
        {description && <p>{description}</p>}
        <Quando incontro={data} snapshot={snapshot} />
      </div>
      {me !== null && !snapshot.hasTag('concluso') && (
        <Azioni incontro={data} snapshot={snapshot} me={me} onDone={done} />
      )}
      <section aria-labelledby="incontro-schieramenti" className="incontro-sezione">
        <h3 id="incontro-schieramenti">Schieramenti</h3>
        <div className="incontro-squadre">
          <Lineup squadra={data.squadra_casa} lato="Casa" />
          <Lineup squadra={data.squadra_ospiti} lato="Ospiti" />
        </div>
      </section>
      {data.partite.length > 0 && <Partite incontro={data} />}
      {data.motivo_contestazione && (
        <p className="capitano-muted">Motivo della contestazione: «{data.motivo_contestazione}»</p>
      )}
      <Storia incontro={data} />
    </article>
  )
}

function Quando({ incontro, snapshot }: { incontro: Incontro; snapshot: Snapshot }) {
  const deadline =
    incontro.scade_il === null
      ? null
      : snapshot.matches('resultEntered')
        ? `Senza risposta il risultato vale come confermato dal ${formatDateTime(incontro.scade_il)}.`
        : `Gli schieramenti si inviano entro il ${formatDateTime(incontro.scade_il)} (${TIE_RULES.LINEUP_DEADLINE_HOURS} ora prima dell’inizio): poi la squadra senza schieramento perde a tavolino.`
  return (
    <>
      {incontro.data_confermata && <p>Si gioca il {formatDateTime(incontro.data_confermata)}.</p>}
      {incontro.data_proposta && (
        <p>
          Data proposta dal capitano {incontro.proposta_da === 'casa' ? 'di casa' : 'ospite'}:{' '}
          {formatDateTime(incontro.data_proposta)}.
        </p>
      )}
      {deadline && <p className="capitano-scadenza">{deadline}</p>}
    </>
  )
}

/** The actions of the tie's current state, each enabled when the machine takes it from this captain. */
function Azioni({
  incontro,
  snapshot,
  me,
  onDone,
}: {
  incontro: Incontro
  snapshot: Snapshot
  me: number
  onDone: () => void
}) {
  const can = (type: TieEvent['type']) => snapshot.can({ type, by: me } as TieEvent)
  const id = useId()
  const [data, setData] = useState('')
  const [motivo, setMotivo] = useState('')
  const iso = data === '' ? null : new Date(data)
  const proposing = snapshot.matches('unscheduled') || snapshot.matches('proposed')
  const mySide = incontro.mia_squadra
  return (
    <section className="incontro-sezione incontro-azioni" aria-labelledby={`${id}-azioni`}>
      <h3 id={`${id}-azioni`}>Cosa puoi fare</h3>
      {proposing && (
        <form className="incontro-form" onSubmit={(event) => event.preventDefault()}>
          <div className="field">
            <label htmlFor={`${id}-data`}>
              {snapshot.matches('proposed') ? 'Un’altra data (giorno e ora)' : 'Giorno e ora dell’incontro'}
            </label>
            <input
              id={`${id}-data`}
              type="datetime-local"
              value={data}
              disabled={!can('incontro.proponiData')}
              onChange={(event) => setData(event.target.value)}
              aria-describedby={`${id}-data-aiuto`}
            />
            <p className="field-hint" id={`${id}-data-aiuto`}>
              {can('incontro.proponiData')
                ? 'Lascia almeno un’ora per gli schieramenti; l’altro capitano la accetta o ne propone un’altra.'
                : snapshot.matches('unscheduled')
                  ? 'La data la propone il capitano della squadra di casa.'
                  : 'Hai proposto tu la data: ora risponde l’altro capitano.'}
            </p>
          </div>
          <div className="actions">
            <ConfirmedAction
              key={data}
              trigger={buttonTrigger(
                snapshot.matches('proposed') ? 'Proponi un’altra data' : 'Proponi la data',
                snapshot.matches('proposed') ? 'button secondary' : 'button',
                !can('incontro.proponiData') || iso === null,
              )}
              submit={submitProposal(incontro.id, iso?.toISOString() ?? '')}
              confirmText={`Vuoi proporre ${iso ? formatDateTime(iso) : ''} all’altro capitano?`}
              successText="Data proposta: l’altro capitano la accetta o ne propone un’altra."
              onSuccessClosed={onDone}
            />
            {snapshot.matches('proposed') && (
              <>
                <ConfirmedAction
                  trigger={buttonTrigger('Accetta la data', 'button', !can('incontro.accettaData'))}
                  submit={submitAnswer(incontro.id, 'accetta')}
                  confirmText={`Vuoi accettare ${incontro.data_proposta ? formatDateTime(incontro.data_proposta) : 'la data proposta'}?`}
                  successText="Data accettata: ora ciascun capitano invia lo schieramento."
                  onSuccessClosed={onDone}
                />
                <ConfirmedAction
                  trigger={buttonTrigger('Rifiuta la data', 'button danger', !can('incontro.rifiutaData'))}
                  submit={submitAnswer(incontro.id, 'rifiuta')}
                  confirmText="Vuoi rifiutare la data? Il capitano di casa ne proporrà un’altra."
                  successText="Data rifiutata."
                  onSuccessClosed={onDone}
                />
              </>
            )}
          </div>
        </form>
      )}
      {snapshot.matches('scheduled') && mySide !== null && can('incontro.schieramento') && (
        <SchieramentoForm incontro={incontro} onDone={onDone} />
      )}
      {snapshot.matches('lineupsSubmitted') && (
        <div className="actions">
          <ConfirmedAction
            trigger={buttonTrigger('Genera le partite', 'button', !can('incontro.generaPartite'))}
            submit={submitGenerate(incontro.id)}
            confirmText="Vuoi generare le partite dai due schieramenti?"
            successText="Partite generate: a fine incontro inserisci i risultati."
            onSuccessClosed={onDone}
          />
        </div>
      )}
      {snapshot.matches('playing') && can('incontro.risultato') && (
        <RisultatiForm incontro={incontro} onDone={onDone} />
      )}
      {snapshot.matches('resultEntered') && (
        <form className="incontro-form" onSubmit={(event) => event.preventDefault()}>
          {!can('incontro.conferma') && (
            <p className="capitano-muted">
              Hai inserito tu il risultato: lo conferma o lo contesta il capitano dell’altra squadra.
            </p>
          )}
          {can('incontro.contesta') && (
            <div className="field">
              <label htmlFor={`${id}-motivo`}>Motivo, se contesti (facoltativo)</label>
              <textarea
                id={`${id}-motivo`}
                maxLength={500}
                value={motivo}
                onChange={(event) => setMotivo(event.target.value)}
              />
            </div>
          )}
          <div className="actions">
            <ConfirmedAction
              trigger={buttonTrigger('Conferma il risultato', 'button', !can('incontro.conferma'))}
              submit={submitConfirm(incontro.id)}
              confirmText={`Vuoi confermare il risultato ${incontro.casa.nome} ${incontro.punti_casa}-${incontro.punti_ospiti} ${incontro.ospiti.nome}?`}
              successText="Risultato confermato: classifica e Power sono aggiornati."
              onSuccessClosed={onDone}
            />
            <ConfirmedAction
              key={motivo}
              trigger={buttonTrigger('Contesta il risultato', 'button danger', !can('incontro.contesta'))}
              submit={submitContest(incontro.id, motivo.trim())}
              confirmText="Vuoi contestare il risultato? Decide la federazione."
              successText="Risultato contestato: decide la federazione."
              onSuccessClosed={onDone}
            />
          </div>
        </form>
      )}
      {snapshot.matches('contested') && <p className="capitano-muted">Decide la federazione.</p>}
    </section>
  )
}

function Lineup({ squadra, lato }: { squadra: Incontro['squadra_casa']; lato: string }) {
  return (
    <div className="incontro-squadra">
      <h4>
        {lato}: {squadra.nome}
      </h4>
      <p className="capitano-muted">Capitano: {squadra.capitano_nome}</p>
      {squadra.schieramento ? (
        <ol>
          {squadra.schieramento.map((p) => (
            <li key={p.numero}>{p.giocatori.map((g) => g.nome).join(' e ')}</li>
          ))}
        </ol>
      ) : (
        <p className="capitano-muted">
          {squadra.schieramento_inviato
            ? 'Schieramento inviato: lo vedrai quando avrai inviato anche il tuo.'
            : 'Schieramento non ancora inviato.'}
        </p>
      )}
    </div>
  )
}

function Partite({ incontro }: { incontro: Incontro }) {
  return (
    <section className="incontro-sezione" aria-labelledby="incontro-partite">
      <h3 id="incontro-partite">Partite</h3>
      <PartiteTable partite={incontro.partite} label="Partite dell’incontro" />
    </section>
  )
}

function Storia({ incontro }: { incontro: Incontro }) {
  if (incontro.storia.length === 0) return null
  return (
    <section className="incontro-sezione" aria-labelledby="incontro-storia">
      <h3 id="incontro-storia">Storia dell’incontro</h3>
      <ol className="incontro-storia">
        {incontro.storia.map((s, k) => (
          <li key={k}>
            <time dateTime={s.at}>{formatDateTime(s.at)}</time>: {s.descrizione}
            {s.chi && ` (${s.chi})`}
          </li>
        ))}
      </ol>
    </section>
  )
}
