// The players of a challenge by side, with their answer and Power; the open places, which the proposer fills by
// inviting someone and any player takes on a public challenge; removing an invited player. Each offered only when
// the challenge machine takes the event from the viewer.
import { useState } from 'react'
import { CHALLENGE_RULES } from '../../../contract/constants.ts'
import type { Sfida } from '../../../contract/sfide.ts'
import type { Lato } from '../../../machines/challenge.ts'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { PlayerLinks } from '../../ui/PlayerLinks.tsx'
import { formatPower, openPlaces, playersOf } from './format.ts'
import { GiocatoreCombo, type Chosen } from './GiocatoreCombo.tsx'
import { SOMEONE_NEW, challengeSnapshot, submitAddPlayer, submitRemovePlayer } from './sfide-actors.ts'

type Snapshot = ReturnType<typeof challengeSnapshot>

const RISPOSTE = {
  accettata: 'ha accettato',
  in_attesa: 'deve rispondere',
  rifiutata: 'ha rifiutato',
} as const

const SIDE_TITLES = { 1: 'Chi sfida', 2: 'Chi è sfidato' } as const

/** «Togli» beside a player's name, named with whom it removes. */
function removeTrigger(nome: string) {
  return function trigger(open: () => void) {
    return (
      <button type="button" className="link-button" aria-label={`Togli ${nome} dalla sfida`} onClick={open}>
        Togli
      </button>
    )
  }
}

type Props = {
  sfida: Sfida
  snapshot: Snapshot
  /** The signed-in player's person id (null: none yet). */
  me: number | null
  /** Called when an action's dialog closed after success: the page loads again. */
  onDone: () => void
}

export function SfidaGiocatori({ sfida, snapshot, me, onDone }: Props) {
  return (
    <section className="sfida-sezione" aria-labelledby="sfida-giocatori">
      <h2 id="sfida-giocatori">Giocatori</h2>
      <div className="sfida-lati">
        {([1, 2] as const).map((lato) => (
          <LatoSfida key={lato} sfida={sfida} lato={lato} snapshot={snapshot} me={me} onDone={onDone} />
        ))}
      </div>
    </section>
  )
}

function LatoSfida({ sfida, lato, snapshot, me, onDone }: Props & { lato: Lato }) {
  const open = openPlaces(sfida, lato)
  const canInvite =
    me !== null && snapshot.can({ type: 'sfida.aggiungiGiocatore', by: me, persona: SOMEONE_NEW, lato })
  const canTake = me !== null && snapshot.can({ type: 'sfida.aggiungiGiocatore', by: me, persona: me, lato })
  const headingId = `sfida-lato-${lato}`
  return (
    <div className="sfida-lato" role="group" aria-labelledby={headingId}>
      <h3 id={headingId}>{SIDE_TITLES[lato]}</h3>
      <ul className="sfida-giocatori">
        {playersOf(sfida, lato).map((p) => (
          <li key={p.id}>
            <span className="sfida-giocatore-nome">
              <PlayerLinks giocatori={[p]} />
              {p.id === me && ' (tu)'}
            </span>{' '}
            <span className="sfide-muted">
              {p.power !== null && `Power ${formatPower(p.power)} · `}
              {p.id === sfida.creatore ? 'ha proposto la sfida' : RISPOSTE[p.risposta]}
            </span>
            {p.id !== me &&
              me !== null &&
              snapshot.can({ type: 'sfida.rimuoviGiocatore', by: me, persona: p.id }) && (
                <ConfirmedAction
                  trigger={removeTrigger(p.nome)}
                  submit={submitRemovePlayer(sfida.id, p.id)}
                  confirmText={`Vuoi togliere ${p.nome} dalla sfida? Il posto torna libero.`}
                  successText={`${p.nome} non è più nella sfida.`}
                  onSuccessClosed={onDone}
                />
              )}
          </li>
        ))}
        {Array.from({ length: open }, (_, i) => (
          <li key={`libero-${i}`} className="sfida-posto-libero">
            Posto libero
          </li>
        ))}
      </ul>
      {open > 0 && canTake && (
        <ConfirmedAction
          trigger={buttonTrigger('Prendi il posto', 'button')}
          submit={submitAddPlayer(sfida.id, me!, lato)}
          confirmText={`Vuoi giocare questa sfida con «${SIDE_TITLES[lato].toLowerCase()}»?`}
          successText="Sei nella sfida."
          onSuccessClosed={onDone}
        />
      )}
      {open > 0 && canInvite && me !== null && (
        <Invita sfida={sfida} lato={lato} snapshot={snapshot} me={me} onDone={onDone} />
      )}
    </div>
  )
}

/** The proposer fills an open place: the player is found in the search and invited through the dialog. */
function Invita({ sfida, lato, snapshot, me, onDone }: Props & { lato: Lato; me: number }) {
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const allowed =
    chosen !== null && snapshot.can({ type: 'sfida.aggiungiGiocatore', by: me, persona: chosen.id, lato })
  const label = lato === 1 ? 'Invita un compagno' : 'Invita un avversario'
  return (
    <div className="sfida-invita">
      <GiocatoreCombo
        label={label}
        idSettore={sfida.id_settore}
        chosen={chosen}
        onChosen={setChosen}
        exclude={sfida.partecipanti.map((p) => p.id)}
      />
      <ConfirmedAction
        key={chosen?.id ?? 0}
        trigger={buttonTrigger(chosen ? `Invita ${chosen.name}` : 'Invita', 'button secondary', !allowed)}
        submit={submitAddPlayer(sfida.id, chosen?.id ?? 0, lato)}
        confirmText={`Vuoi invitare ${chosen?.name ?? 'il giocatore'} alla sfida?`}
        successText={`Invito inviato: il giocatore ha ${CHALLENGE_RULES.PROPOSAL_EXPIRES_DAYS} giorni per rispondere.`}
        onSuccessClosed={onDone}
      />
    </div>
  )
}
