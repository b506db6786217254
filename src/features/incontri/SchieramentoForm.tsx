// The captain's lineup: for each rubber of the tie, who plays it, chosen from the team's roster (strongest Power
// first, with the card on the tie's day). The server checks the rules (docs/regole.md «Schieramenti») and the
// dialog shows its refusal, in Italian, as it is; the form says beforehand what is still missing.
import { useId, useState } from 'react'
import type { Incontro } from '../../../contract/incontri.ts'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { submitLineup } from './incontri-actors.ts'

export function SchieramentoForm({ incontro, onDone }: { incontro: Incontro; onDone: () => void }) {
  const id = useId()
  const own = incontro.mia_squadra === 'casa' ? incontro.squadra_casa : incontro.squadra_ospiti
  // The lineup sent before, if any, is the starting point.
  const [slots, setSlots] = useState<string[][]>(() =>
    incontro.formato.map((tipo, k) => {
      const sent = own.schieramento?.find((p) => p.numero === k + 1)?.giocatori.map((g) => String(g.id)) ?? []
      return Array.from({ length: tipo === 'doppio' ? 2 : 1 }, (_, s) => sent[s] ?? '')
    }),
  )
  const partite = slots.map((giocatori, k) => ({
    numero: k + 1,
    giocatori: giocatori.filter(Boolean).map(Number),
  }))
  const missing = slots.findIndex((giocatori) => giocatori.some((g) => g === ''))
  const nameOf = (value: string) => incontro.rosa.find((p) => String(p.id) === value)?.nome ?? ''
  const summary = partite.map((p, k) => `${k + 1}) ${slots[k]!.map(nameOf).join(' e ')}`).join('; ')
  return (
    <form
      className="incontro-form"
      aria-labelledby={`${id}-titolo`}
      onSubmit={(event) => event.preventDefault()}
    >
      <h4 id={`${id}-titolo`}>
        {own.schieramento_inviato ? 'Cambia lo schieramento' : 'Il tuo schieramento'}
      </h4>
      <p className="field-hint">
        Ogni giocatore gioca una sola partita; i singolaristi e le coppie in ordine di Power, il più forte
        nella partita n. 1.
      </p>
      {incontro.formato.map((tipo, k) => (
        <fieldset key={k} className="incontro-partita">
          <legend>
            Partita n. {k + 1}: {tipo}
          </legend>
          {slots[k]!.map((value, s) => (
            <div className="field" key={s}>
              <label htmlFor={`${id}-${k}-${s}`}>
                {tipo === 'doppio' ? `Giocatore ${s + 1}` : 'Giocatore'}
              </label>
              <select
                id={`${id}-${k}-${s}`}
                value={value}
                onChange={(event) =>
                  setSlots((all) =>
                    all.map((row, r) =>
                      r === k ? row.map((v, c) => (c === s ? event.target.value : v)) : row,
                    ),
                  )
                }
              >
                <option value="">Scegli un giocatore</option>
                {incontro.rosa.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.nome}
                    {p.power !== null ? ` (Power ${Math.round(p.power)})` : ''}
                    {p.tessera_valida === false ? ' – senza tessera valida' : ''}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </fieldset>
      ))}
      <p className="field-hint" aria-live="polite">
        {missing === -1 ? '' : `Scegli chi gioca la partita n. ${missing + 1}.`}
      </p>
      <div className="actions">
        <ConfirmedAction
          key={JSON.stringify(partite)}
          trigger={buttonTrigger('Invia lo schieramento', 'button', missing !== -1)}
          submit={submitLineup(incontro.id, partite)}
          confirmText={`Vuoi inviare lo schieramento? ${summary}. L’altro capitano lo vedrà quando avrà inviato il suo.`}
          successText="Schieramento inviato."
          errorText="Non è stato possibile inviare lo schieramento."
          onSuccessClosed={onDone}
        />
      </div>
    </form>
  )
}
