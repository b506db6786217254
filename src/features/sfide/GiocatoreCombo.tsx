// A player to challenge or to play with, among those the server proposes for the sector (players with a valid
// card who show in searches), searched as the user types.
import { useActorRef } from '@xstate/react'
import { SFIDA_SEARCH_MIN_LENGTH } from '../../../contract/sfide.ts'
import { PlayerComboBox, type ChosenPlayer } from '../../ui/PlayerComboBox.tsx'
import { playerSearchLogic } from './sfide-actors.ts'
import { journalInspector } from '../../journal/journal.ts'

export type Chosen = ChosenPlayer

export function GiocatoreCombo({
  label,
  idSettore,
  chosen,
  onChosen,
  exclude = [],
  hint,
}: {
  label: string
  idSettore: number
  chosen: Chosen | null
  onChosen: (player: Chosen | null) => void
  /** Players already in the challenge, and the player: not offered again. */
  exclude?: readonly number[]
  hint?: string
}) {
  const search = useActorRef(playerSearchLogic, {
    input: { id_settore: idSettore },
    inspect: journalInspector,
  })
  return (
    <div className="sfide-combo">
      <PlayerComboBox
        search={search}
        label={label}
        hint={hint ?? `Scrivi almeno ${SFIDA_SEARCH_MIN_LENGTH} lettere del cognome o del nome.`}
        chosen={chosen}
        onChosen={onChosen}
        exclude={exclude}
        // A form may hold several of these: each list button says which field it belongs to.
        buttonLabel={`Mostra i giocatori trovati (${label})`}
      />
    </div>
  )
}
