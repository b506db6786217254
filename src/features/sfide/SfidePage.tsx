// /sfide: the signed-in player's challenges. What waits for the player's answer comes first, counted in the
// summary (sfide/partite/sommario) and listed before the rest; then the challenges still open, then the concluded
// ones, a page at a time.
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { Link } from 'react-router'
import type { RigaSfida, SommarioSfide } from '../../../contract/sfide.ts'
import { href } from '../../app/paths.ts'
import { utenteStore } from '../../stores/utente.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { formatNumber } from './format.ts'
import { SfidaRiga } from './SfidaRiga.tsx'
import { PAGE_ROWS, loadMieSfide, type MieSfide } from './sfide-actors.ts'
import { NoPerson } from './NoPerson.tsx'
import './sfide.css'

export default function SfidePage() {
  const details = useStoreSelector(utenteStore, (s) => s.context.details)
  return (
    <section className="page sfide-page">
      <PageTitle>Le mie sfide</PageTitle>
      <div className="actions sfide-top">
        <Link className="button" to={href('nuovaSfida')}>
          Lancia una sfida
        </Link>
        <Link className="button secondary" to={href('bachecaSfide')}>
          Bacheca delle sfide
        </Link>
      </div>
      {details !== null && details.id_persona === null ? <NoPerson /> : <MieSfideList />}
    </section>
  )
}

function MieSfideList() {
  const { actor, loading, failed, data, error, retry } = usePageData(loadMieSfide, {
    concluse: PAGE_ROWS,
  })
  if (failed) return <LoadError message={error} onRetry={retry} />
  if (!data) {
    return (
      <div className="sfide-skeleton" role="status" aria-label="Caricamento delle sfide…">
        <div className="skeleton" />
        <div className="skeleton" />
        <div className="skeleton" />
      </div>
    )
  }
  const waiting = data.inCorso.filter((row) => row.da_fare !== null)
  const others = data.inCorso.filter((row) => row.da_fare === null)
  return (
    <>
      <Sommario sommario={data.sommario} />
      <section className="sfide-sezione sfide-attesa" aria-labelledby="sfide-tocca-a-te">
        <h2 id="sfide-tocca-a-te">Aspettano una tua risposta</h2>
        {waiting.length === 0 ? (
          <p className="sfide-muted">Nessuna sfida aspetta una tua risposta.</p>
        ) : (
          <Rows rows={waiting} />
        )}
      </section>
      <section className="sfide-sezione" aria-labelledby="sfide-in-corso">
        <h2 id="sfide-in-corso">In corso</h2>
        {data.inCorso.length === 0 ? (
          <div className="empty-state">
            <p>
              Non hai sfide in corso. <Link to={href('nuovaSfida')}>Lancia una sfida</Link> a un giocatore,
              oppure prendi un posto libero nella <Link to={href('bachecaSfide')}>bacheca delle sfide</Link>.
            </p>
          </div>
        ) : others.length === 0 ? (
          <p className="sfide-muted">
            Le tue sfide in corso aspettano tutte una tua risposta: le trovi sopra.
          </p>
        ) : (
          <Rows rows={others} />
        )}
      </section>
      <Concluse
        data={data}
        loading={loading}
        onMore={() =>
          actor.send({ type: 'page.reload', params: { concluse: data.concluse.length + PAGE_ROWS } })
        }
      />
    </>
  )
}

const Rows = ({ rows }: { rows: readonly RigaSfida[] }) => (
  <ul className="sfide-lista">
    {rows.map((row) => (
      <SfidaRiga key={row.id} row={row} />
    ))}
  </ul>
)

/** The counts, what waits for the player first and marked when it is not zero. */
function Sommario({ sommario }: { sommario: SommarioSfide }) {
  const tiles = [
    { key: 'da_rispondere', label: 'Inviti a cui rispondere', value: sommario.da_rispondere, urgent: true },
    { key: 'da_confermare', label: 'Risultati da confermare', value: sommario.da_confermare, urgent: true },
    { key: 'in_attesa', label: 'In attesa di giocare', value: sommario.in_attesa, urgent: false },
    { key: 'vinte', label: 'Vinte', value: sommario.vinte, urgent: false },
    { key: 'perse', label: 'Perse', value: sommario.perse, urgent: false },
  ]
  return (
    <section className="sfide-sommario" aria-labelledby="sfide-riepilogo">
      <h2 id="sfide-riepilogo" className="visually-hidden">
        Riepilogo
      </h2>
      <dl>
        {tiles.map((tile) => (
          <div
            key={tile.key}
            className={tile.urgent && tile.value > 0 ? 'sfide-tile sfide-tile-urgente' : 'sfide-tile'}
          >
            <dt>{tile.label}</dt>
            <dd>{formatNumber(tile.value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function Concluse({ data, loading, onMore }: { data: MieSfide; loading: boolean; onMore: () => void }) {
  return (
    <section className="sfide-sezione" aria-labelledby="sfide-concluse">
      <h2 id="sfide-concluse">Concluse</h2>
      {data.concluse.length === 0 ? (
        <p className="sfide-muted">Nessuna sfida conclusa per ora.</p>
      ) : (
        <>
          <Rows rows={data.concluse} />
          {data.concluse.length < data.concluseTotali && (
            <div className="actions">
              <button type="button" className="button secondary" disabled={loading} onClick={onMore}>
                {loading ? 'Caricamento…' : 'Mostra altre sfide concluse'}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  )
}
