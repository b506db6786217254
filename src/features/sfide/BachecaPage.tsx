// /sfide/bacheca: the public challenges of the chosen sector with a free place (sfide/pubbliche/list; one whose
// places are all taken or invited is not listed), open to anyone to read. A signed-in player takes an open place
// (sfide/giocatori/add with their own person id) when the challenge machine lets them, through the confirmed dialog.
import { useSelector } from '@xstate/react'
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { Link } from 'react-router'
import type { RigaSfida } from '../../../contract/sfide.ts'
import { href } from '../../app/paths.ts'
import { sessionActor } from '../../app/session.ts'
import { SignInPrompt } from '../../app/SignInPrompt.tsx'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { utenteStore } from '../../stores/utente.ts'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { formatNumber, matchTitle, openPlaces, sectorLabel } from './format.ts'
import { SfidaRiga } from './SfidaRiga.tsx'
import { PAGE_ROWS, boardRowSnapshot, loadBacheca, submitAddPlayer } from './sfide-actors.ts'
import './sfide.css'

export default function BachecaPage() {
  const idSettore = useStoreSelector(disciplinaStore, (s) => s.context.id_settore)
  const signedIn = useSelector(sessionActor, (s) => s.matches('authenticated'))
  return (
    <section className="page sfide-page">
      <PageTitle>Bacheca delle sfide</PageTitle>
      <p className="sfide-lead">
        Sfide aperte a tutti{idSettore !== null && <> di {sectorLabel(idSettore)}</>} con almeno un posto
        libero: prendilo, e si gioca quando tutti i posti sono presi. Una sfida al completo esce dalla
        bacheca.
      </p>
      <div className="actions sfide-top">
        <Link className="button secondary" to={href('nuovaSfida')}>
          Lancia una sfida
        </Link>
        {signedIn && (
          <Link className="button secondary" to={href('sfide')}>
            Le mie sfide
          </Link>
        )}
      </div>
      {!signedIn && (
        <SignInPrompt
          text="Per prendere un posto in una sfida accedi con il tuo account."
          action="Accedi per giocare"
        />
      )}
      {idSettore === null ? (
        <div className="empty-state">
          <p>
            La bacheca mostra le sfide di una disciplina:{' '}
            <Link to={href('sceltaDisciplina')}>scegli la disciplina</Link>.
          </p>
        </div>
      ) : (
        <Sfide key={idSettore} idSettore={idSettore} />
      )}
    </section>
  )
}

function Sfide({ idSettore }: { idSettore: number }) {
  const me = useStoreSelector(utenteStore, (s) => s.context.details?.id_persona ?? null)
  const { actor, loading, failed, data, error, retry } = usePageData(loadBacheca, {
    id_settore: idSettore,
    rows: PAGE_ROWS,
  })
  const reload = () => actor.send({ type: 'page.reload' })
  if (failed) return <LoadError message={error} onRetry={retry} />
  if (!data) {
    return (
      <div className="sfide-skeleton" role="status" aria-label="Caricamento della bacheca…">
        <div className="skeleton" />
        <div className="skeleton" />
      </div>
    )
  }
  if (data.record === 0) {
    return (
      <div className="empty-state">
        <p>
          In bacheca non ci sono sfide di {sectorLabel(idSettore)}.{' '}
          <Link to={href('nuovaSfida')}>Lancia una sfida</Link> e pubblicala in bacheca: chiunque potrà
          accettarla.
        </p>
      </div>
    )
  }
  return (
    <section className="sfide-sezione" aria-labelledby="bacheca-elenco">
      <h2 id="bacheca-elenco">
        {data.record === 1 ? '1 sfida aperta' : `${formatNumber(data.record)} sfide aperte`}
      </h2>
      <ul className="sfide-lista">
        {data.results.map((row) => {
          const mine = me !== null && row.partecipanti.some((p) => p.id === me)
          return (
            <SfidaRiga key={row.id} row={row} linked={mine}>
              {/* A player already in it reads what waits for them, or that they are in. */}
              {mine
                ? row.da_fare === null && <p className="sfide-muted">Sei in questa sfida.</p>
                : me !== null && <Posti row={row} me={me} onDone={reload} />}
            </SfidaRiga>
          )
        })}
      </ul>
      {data.results.length < data.record && (
        <div className="actions">
          <button
            type="button"
            className="button secondary"
            disabled={loading}
            onClick={() =>
              actor.send({
                type: 'page.reload',
                params: { id_settore: idSettore, rows: data.results.length + PAGE_ROWS },
              })
            }
          >
            {loading ? 'Caricamento…' : 'Mostra altre sfide'}
          </button>
        </div>
      )}
    </section>
  )
}

/** The open places the viewer may take, one button a side. */
function Posti({ row, me, onDone }: { row: RigaSfida; me: number; onDone: () => void }) {
  const snapshot = boardRowSnapshot(row)
  const sides = ([1, 2] as const).filter(
    (lato) =>
      openPlaces(row, lato) > 0 &&
      snapshot.can({ type: 'sfida.aggiungiGiocatore', by: me, persona: me, lato }),
  )
  if (sides.length === 0) return null
  return (
    <div className="actions">
      {sides.map((lato) => (
        <ConfirmedAction
          key={lato}
          trigger={buttonTrigger(
            lato === 1
              ? `Gioca in coppia con ${row.creatore_nome}`
              : `Accetta la sfida di ${row.creatore_nome}`,
            'button',
          )}
          submit={submitAddPlayer(row.id, me, lato)}
          confirmText={`Vuoi prendere il posto libero nella sfida ${matchTitle(row)}?`}
          successText="Sei nella sfida: la trovi in «Le mie sfide»."
          onSuccessClosed={onDone}
        />
      ))}
    </div>
  )
}
