// The player page's Power and statistics (issue 20, items 3 and 5). Power: the value with its provisional and
// promotion flags, how it moves, its history as a chart (uPlot, lazy: only this section loads it) with a one-line
// summary and the chart's data as a table, and every match or challenge explained in plain Italian. Statistics: wins
// and losses by season, surface and opponents' level, as tables. What the player hides the server leaves out.
import { lazy, Suspense, useMemo, useState } from 'react'
import { Link } from 'react-router'
import { POWER } from '../../../contract/constants.ts'
import { schedaCalls } from '../../../contract/giocatori.ts'
import {
  type RigaStatistica,
  type StoriaPower,
  type VariazionePowerGiocatore,
} from '../../../contract/giocatori-power.ts'
import { callApi } from '../../api/client.ts'
import { href } from '../../app/paths.ts'
import { formatDate, formatNumber } from '../../ui/format.ts'
import type { Scheda } from './giocatori-data.ts'
import { Sezione, useSection } from './scheda-sezione.tsx'

const loadStatistiche = async (p: Scheda, signal: AbortSignal) => {
  const { endpoint, body } = schedaCalls.statistiche(p)
  return (await callApi(endpoint, body, { signal })).result
}
const loadPower = async (p: Scheda, signal: AbortSignal) => {
  const { endpoint, body } = schedaCalls.power(p)
  return (await callApi(endpoint, body, { signal })).result
}

const PowerChart = lazy(() => import('./PowerChart.tsx'))

/** Matches the history lists before «Mostra tutte». */
const STORIA_VISIBILE = 10

// Power and its changes with one decimal always, so the table's column lines up: «+1,0», «0,0», «−2,0».
const tenths = new Intl.NumberFormat('it-IT', { minimumFractionDigits: 1, maximumFractionDigits: 1 })
const signed = (n: number) => {
  const rounded = Math.round(n * 10) / 10
  return rounded === 0 ? tenths.format(0) : `${rounded > 0 ? '+' : '−'}${tenths.format(Math.abs(rounded))}`
}
const oneDecimal = (n: number) => tenths.format(n)

export function PowerSezione({ scheda }: { scheda: Scheda }) {
  const section = useSection(loadPower, scheda)
  return (
    <Sezione id="scheda-power" title="Power" section={section}>
      {section.data && <PowerContenuto data={section.data} />}
    </Sezione>
  )
}

function PowerContenuto({ data }: { data: StoriaPower }) {
  const punti = useMemo(() => data.storia.map((r) => ({ data: r.data, power: r.power_dopo })), [data])
  if (!data.visibile) return <p>Questo giocatore ha scelto di non mostrare il suo Power.</p>
  const power = data.power
  if (!power || data.storia.length === 0)
    return <p>Nessuna partita valutata per il Power in questo settore.</p>
  const ha = data.tu ? 'hai' : 'ha'
  return (
    <>
      <p className="scheda-power-valore">
        <span>
          Power <strong>{formatNumber(power.valore)}</strong>
        </span>
        {power.provvisorio && <span className="scheda-etichetta">Provvisorio</span>}
        {power.promozione && <span className="scheda-etichetta promozione">Segnalato per la promozione</span>}
      </p>
      <p className="giocatori-muted">
        {power.provvisorio
          ? `Provvisorio fino a ${POWER.PROVISIONAL_UNTIL_MATCHES} partite: finora ne ${ha} giocate ${power.partite}.`
          : `${formatNumber(power.partite)} partite valutate, di cui ${formatNumber(power.partite_torneo)} di torneo.`}{' '}
        {power.promozione
          ? `Con un Power di almeno ${POWER.PROMOTION_POWER} e ${POWER.PROMOTION_MATCHES} partite di torneo è segnalato per la promozione alla categoria superiore.`
          : `La segnalazione per la promozione arriva con un Power di almeno ${POWER.PROMOTION_POWER} e ${POWER.PROMOTION_MATCHES} partite di torneo.`}
      </p>
      <p className="scheda-power-come">
        Come si muove: prima di ogni partita, dal confronto dei livelli, si calcola quanti game ci si aspetta
        di vincere; dopo, si guarda quanti se ne sono vinti davvero. Il Power sale se se ne vincono più del
        previsto e scende se se ne vincono meno; nelle prime {POWER.PROVISIONAL_UNTIL_MATCHES} partite si
        muove più in fretta. Va da {POWER.MIN} a {POWER.MAX}.
      </p>
      <figure className="scheda-power-grafico">
        <figcaption>{data.sintesi}</figcaption>
        <Suspense fallback={<div className="scheda-grafico" aria-hidden="true" />}>
          <PowerChart punti={punti} />
        </Suspense>
        <details className="scheda-grafico-dati">
          <summary>Mostra i dati del grafico</summary>
          <div className="table-wrap">
            <table className="scheda-tabella">
              <caption>Power dopo ogni partita, dalla prima</caption>
              <thead>
                <tr>
                  <th scope="col">Data</th>
                  <th scope="col">Partita</th>
                  <th scope="col" className="numero">
                    Power
                  </th>
                  <th scope="col" className="numero">
                    Variazione
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.storia.map((r) => (
                  <tr key={chiave(r)}>
                    <td>
                      <time dateTime={r.data}>{formatDate(r.data, { year: 'always', month: 'short' })}</time>
                    </td>
                    <td>{r.fonte === 'sfida' ? 'Sfida' : (r.torneo ?? 'Torneo')}</td>
                    <td className="numero">{oneDecimal(r.power_dopo)}</td>
                    <td className="numero">{signed(r.variazione)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figure>
      <Storia storia={data.storia} />
    </>
  )
}

const chiave = (r: VariazionePowerGiocatore) =>
  r.id_partita !== null ? `p${r.id_partita}` : `s${r.id_sfida ?? r.data}`

/** Every match and challenge, latest first: what was expected, what happened, the change. */
function Storia({ storia }: { storia: readonly VariazionePowerGiocatore[] }) {
  const [tutte, setTutte] = useState(false)
  const recenti = storia.toReversed()
  const mostrate = tutte ? recenti : recenti.slice(0, STORIA_VISIBILE)
  return (
    <>
      <h3 className="scheda-sottotitolo">Partita per partita</h3>
      <ol className="scheda-elenco scheda-power-storia">
        {mostrate.map((r) => (
          <li key={chiave(r)}>
            <span className={Math.round(r.variazione * 10) > 0 ? 'scheda-esito vinta' : 'scheda-esito'}>
              <span className="visually-hidden">Variazione </span>
              {signed(r.variazione)}
            </span>
            <span>
              <span className="scheda-power-partita">
                <time dateTime={r.data}>{formatDate(r.data, { year: 'always' })}</time> ·{' '}
                {r.fonte === 'sfida' || r.id_torneo === null ? (
                  'Sfida'
                ) : (
                  <Link to={href('dettaglioTorneo', { id: r.id_torneo })}>{r.torneo}</Link>
                )}
                {r.compagno && (
                  <>
                    {' · con '}
                    <Link to={href('schedaGiocatore', { id: r.compagno.id_persona })}>
                      {r.compagno.persona}
                    </Link>
                  </>
                )}
                {' · contro '}
                {r.avversari.map((a, i) => (
                  <span key={a.id_persona}>
                    {i > 0 && ' e '}
                    <Link to={href('schedaGiocatore', { id: a.id_persona })}>{a.persona}</Link>
                  </span>
                ))}
              </span>
              <span className="scheda-power-frase">
                {r.frase}
                {r.provvisorio && <span className="scheda-etichetta">provvisorio</span>}
              </span>
              <span className="giocatori-dettaglio">{r.spiegazione}</span>
            </span>
          </li>
        ))}
      </ol>
      {recenti.length > STORIA_VISIBILE && (
        <p>
          <button
            type="button"
            className="button secondary"
            aria-expanded={tutte}
            onClick={() => setTutte(!tutte)}
          >
            {tutte ? `Mostra solo le ultime ${STORIA_VISIBILE}` : `Mostra tutte le ${recenti.length} partite`}
          </button>
        </p>
      )}
    </>
  )
}

export function StatisticheSezione({ scheda }: { scheda: Scheda }) {
  const section = useSection(loadStatistiche, scheda)
  const data = section.data
  return (
    <Sezione id="scheda-statistiche" title="Statistiche" section={section}>
      {data &&
        (data.totale.partite === 0 ? (
          <p>Nessuna partita giocata nei tornei di questo settore.</p>
        ) : (
          <>
            <p>
              <strong>{formatNumber(data.totale.vinte)}</strong> vinte e{' '}
              <strong>{formatNumber(data.totale.perse)}</strong> perse su {formatNumber(data.totale.partite)}{' '}
              partite di torneo ({data.totale.percentuale}% vinte).{' '}
              <span className="giocatori-muted">Walkover e sfide non contano.</span>
            </p>
            <TabellaStatistica titolo="Per stagione" colonna="Stagione" righe={data.stagioni} />
            <TabellaStatistica titolo="Per superficie" colonna="Superficie" righe={data.superfici} />
            <TabellaStatistica
              titolo="Per livello degli avversari"
              colonna="Power degli avversari"
              righe={data.livelli}
            />
          </>
        ))}
    </Sezione>
  )
}

function TabellaStatistica({
  titolo,
  colonna,
  righe,
}: {
  titolo: string
  colonna: string
  righe: readonly RigaStatistica[]
}) {
  return (
    <div className="table-wrap">
      <table className="scheda-tabella scheda-statistiche">
        <caption>{titolo}</caption>
        <thead>
          <tr>
            <th scope="col">{colonna}</th>
            <th scope="col" className="numero">
              Vinte
            </th>
            <th scope="col" className="numero">
              Perse
            </th>
            <th scope="col" className="numero">
              % vinte
            </th>
          </tr>
        </thead>
        <tbody>
          {righe.map((r) => (
            <tr key={r.chiave}>
              <th scope="row">{r.etichetta}</th>
              <td className="numero">{formatNumber(r.vinte)}</td>
              <td className="numero">{formatNumber(r.perse)}</td>
              <td className="numero">{r.percentuale}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
