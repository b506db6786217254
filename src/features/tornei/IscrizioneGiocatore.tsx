// The enrolment of the signed-in player (issue 11, item 3): what the enrolment machine (machines/iscrizione.ts)
// lets the caller do on the state the server stored; every action goes through the confirmed-action dialog; when
// enrolling is not possible the server's reason is shown as it is. Its own chunk (IscrizionePanel.tsx): a
// visitor is invited to sign in and never downloads it.
import { useCallback, type ReactNode } from 'react'
import { iscrizioneTitleFor, type Iscrizione, type StatoIscrizioni } from '../../../contract/iscrizioni.ts'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { LoadError } from '../../ui/LoadError.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { IscrizioneCompagno } from './IscrizioneCompagno.tsx'
import type { IscrizionePanelProps } from './IscrizionePanel.tsx'
import {
  entrySnapshot,
  type EntrySnapshot,
  loadStato,
  placesTaken,
  submitAccept,
  submitEnrol,
  submitRefuse,
  submitWithdraw,
} from './iscrizione-actors.ts'

/** `pending` shows until the enrolment is there (the panel shows the same while this code loads). */
export function PlayerPanel({ idTorneo, onChanged, pending }: IscrizionePanelProps & { pending: ReactNode }) {
  const { actor, failed, data, error, retry } = usePageData(loadStato, { id_torneo: idTorneo })
  const reload = useCallback(() => {
    actor.send({ type: 'page.reload', params: { id_torneo: idTorneo } })
    onChanged?.()
  }, [actor, idTorneo, onChanged])
  if (failed) return <LoadError message={error} onRetry={retry} secondary />
  if (!data) return pending
  // An entry that ended (an invitation that expired unanswered) is shown above the form to enrol again.
  const snapshot = entrySnapshot(data)
  const ended = data.iscrizione !== null && snapshot.status === 'done'
  return (
    <>
      <Places stato={data} full={placesTaken(snapshot)} />
      {data.iscrizione && <EntryView stato={data} entry={data.iscrizione} onDone={reload} />}
      {(data.iscrizione === null || ended) && (
        <EnrolView stato={{ ...data, iscrizione: null }} onDone={reload} />
      )}
    </>
  )
}

function Places({ stato, full }: { stato: StatoIscrizioni; full: boolean }) {
  return (
    <p className="iscrizione-posti">
      {stato.posti === null
        ? `${stato.iscritti} iscritti, nessun limite di posti.`
        : `Posti occupati: ${stato.iscritti} su ${stato.posti}.`}
      {stato.lista_attesa > 0 && ` In lista d’attesa: ${stato.lista_attesa}.`}
      {full && ' Posti esauriti: chi si iscrive ora entra in lista d’attesa.'}
    </p>
  )
}

const fullName = (p: { nome: string; cognome: string }) => `${p.nome} ${p.cognome}`

function EnrolView({ stato, onDone }: { stato: StatoIscrizioni; onDone: () => void }) {
  if (stato.motivo) {
    return (
      <div className="iscrizione-motivo" role="note">
        <p className="iscrizione-motivo-titolo">Non puoi iscriverti a questo torneo</p>
        <p>{stato.motivo}</p>
      </div>
    )
  }
  const snapshot = entrySnapshot(stato)
  const by = stato.id_persona ?? 0
  const full = placesTaken(snapshot)
  if (stato.doppio) {
    return (
      <IscrizioneCompagno
        idTorneo={stato.id_torneo}
        canInvite={(compagno) => snapshot.can({ type: 'iscrizione.richiedi', by, compagno })}
        onDone={onDone}
      />
    )
  }
  const canEnrol = snapshot.can({ type: 'iscrizione.richiedi', by, compagno: null })
  return (
    <ConfirmedAction
      trigger={buttonTrigger(full ? 'Iscriviti in lista d’attesa' : 'Iscriviti', 'button', !canEnrol)}
      submit={submitEnrol(stato.id_torneo, null)}
      confirmText={
        full
          ? 'I posti sono esauriti: vuoi entrare in lista d’attesa? Se si libera un posto ti avvisiamo.'
          : 'Vuoi iscriverti a questo torneo?'
      }
      successText={full ? 'Sei in lista d’attesa.' : 'Iscrizione completata: sei tra gli iscritti.'}
      onSuccessClosed={onDone}
    />
  )
}

/**
 * What the player is asked before withdrawing: an invitation is cancelled; a pair is withdrawn whole (the partner
 * too, who is told); a place held passes to the first waiting, said only when someone is waiting.
 */
function withdrawalQuestion(
  stato: StatoIscrizioni,
  snapshot: EntrySnapshot,
  entry: Iscrizione,
  other: { nome: string; cognome: string } | null,
): string {
  if (snapshot.matches('attesaCompagno'))
    return other
      ? `Vuoi annullare l’invito? ${fullName(other)} riceverà un avviso.`
      : 'Vuoi annullare l’invito?'
  const question = snapshot.matches('listaAttesa')
    ? 'Vuoi uscire dalla lista d’attesa?'
    : entry.doppio
      ? 'Vuoi ritirare la coppia dal torneo?'
      : 'Vuoi ritirare l’iscrizione?'
  const partner =
    entry.doppio && other ? ` Il ritiro vale anche per ${fullName(other)}, che riceverà un avviso.` : ''
  const place =
    snapshot.matches('iscritta') && stato.lista_attesa > 0
      ? ` Il posto passa ${entry.doppio ? 'alla prima coppia' : 'al primo'} in lista d’attesa.`
      : ''
  return `${question}${partner}${place}`
}

/**
 * The caller's entry: its state, the last notice, and what the machine lets the caller do now (nothing, once it
 * ended: the panel then offers to enrol again below it).
 */
function EntryView({
  stato,
  entry,
  onDone,
}: {
  stato: StatoIscrizioni
  entry: Iscrizione
  onDone: () => void
}) {
  const snapshot = entrySnapshot(stato)
  const by = stato.id_persona ?? 0
  const isPartner = entry.compagno?.id_persona === by
  const other = isPartner ? entry.giocatore : entry.compagno
  const canAccept = snapshot.can({ type: 'iscrizione.accetta', by })
  const canRefuse = snapshot.can({ type: 'iscrizione.rifiuta', by })
  const canWithdraw = snapshot.can({ type: 'iscrizione.ritira', by })
  const inviting = snapshot.matches('attesaCompagno')
  const ended = snapshot.status === 'done'
  const full = placesTaken(snapshot)
  return (
    <div className="iscrizione-entry">
      <p className="iscrizione-stato">
        <span className={`iscrizione-badge iscrizione-badge-${entry.stato}`}>
          {iscrizioneTitleFor(entry, by)}
        </span>
        {snapshot.matches('listaAttesa') && entry.posizione_attesa !== null && (
          <span> Posizione in lista d’attesa: {entry.posizione_attesa}.</span>
        )}
      </p>
      {other && !ended && (
        <p>
          {inviting && isPartner
            ? full
              ? 'I posti sono esauriti: se accetti, la coppia entra in lista d’attesa.'
              : 'Se accetti, giocate il torneo in coppia.'
            : inviting
              ? `Hai invitato ${fullName(other)}: l’iscrizione vale quando accetta.`
              : `In coppia con ${fullName(other)}.`}
        </p>
      )}
      {entry.avviso && (
        <p className="iscrizione-avviso" role="status">
          {entry.avviso}
        </p>
      )}
      <div className="actions">
        {canAccept && (
          <ConfirmedAction
            trigger={buttonTrigger('Accetta l’invito', 'button')}
            submit={submitAccept(entry.id_iscrizione)}
            confirmText={`Vuoi giocare il torneo in coppia con ${other ? fullName(other) : 'chi ti ha invitato'}?`}
            successText={
              full
                ? 'Invito accettato: i posti sono esauriti, la coppia è in lista d’attesa.'
                : 'Invito accettato: la coppia è iscritta.'
            }
            onSuccessClosed={onDone}
          />
        )}
        {canRefuse && (
          <ConfirmedAction
            trigger={buttonTrigger('Rifiuta l’invito', 'button secondary')}
            submit={submitRefuse(entry.id_iscrizione)}
            confirmText="Vuoi rifiutare l’invito? Chi ti ha invitato riceverà un avviso."
            successText="Invito rifiutato."
            onSuccessClosed={onDone}
          />
        )}
        {canWithdraw && (
          <ConfirmedAction
            trigger={buttonTrigger(inviting ? 'Annulla l’invito' : 'Ritira l’iscrizione', 'button danger')}
            submit={submitWithdraw(entry.id_iscrizione)}
            confirmText={withdrawalQuestion(stato, snapshot, entry, other)}
            successText={inviting ? 'Invito annullato.' : 'Iscrizione ritirata.'}
            onSuccessClosed={onDone}
          />
        )}
      </div>
    </div>
  )
}
