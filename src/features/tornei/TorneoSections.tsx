// The sections of the tournament detail that load on their own: entrants, draws and groups, photos and comments.
// Each runs the shared page-data machine, so a failure in one says so there and offers «Riprova».
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { href } from '../../app/paths.ts'
import {
  ISCRITTI_PAGE_SIZE,
  type FotoCommenti,
  type GironeClassifica,
  type Tabellone,
} from '../../../contract/torneo.ts'
import { utenteStore } from '../../stores/utente.ts'
import { Comments } from '../../ui/Comments.tsx'
import { LoadError } from '../../ui/LoadError.tsx'
import { usePageData, useReloadOn } from '../../ui/page-data.ts'
import { Gironi } from './Gironi.tsx'
import { formatDateTimeWith } from '../../ui/format.ts'
import { PlayerLinks } from '../../ui/PlayerLinks.tsx'
import { formatNumber } from './format.ts'
import {
  loadClassifiche,
  loadFotoCommenti,
  loadIscritti,
  loadTabelloni,
  torneoCommentsLogic,
  type IscrittiPage,
} from './torneo-actors.ts'
import { SignInPrompt } from '../../app/SignInPrompt.tsx'

// The bracket (react-aria's tabs for its rounds on phones) is its own chunk: a tournament without a drawn
// elimination phase, as most are while their enrolment is open, never downloads it.
const loadBracket = () => import('./Bracket.tsx')
const Bracket = lazy(() => loadBracket().then((module) => ({ default: module.Bracket })))

function SectionSkeleton({ label }: { label: string }) {
  return (
    <div className="torneo-skeleton" role="status" aria-label={label}>
      <div className="skeleton" />
      <div className="skeleton" />
    </div>
  )
}

export function IscrittiSection({ id, doppio, version }: { id: number; doppio: boolean; version: number }) {
  const [pagina, setPagina] = useState(1)
  const params = { id, pagina }
  const { actor, loading, failed, data, error, retry } = usePageData<IscrittiPage, typeof params>(
    loadIscritti,
    params,
  )
  useReloadOn(actor, `${id}:${pagina}:${version}`, params)
  const pages = data ? Math.max(1, Math.ceil(data.record / ISCRITTI_PAGE_SIZE)) : 1
  return (
    <section className="torneo-section" aria-labelledby="torneo-iscritti">
      <h2 id="torneo-iscritti">Iscritti {data && data.record > 0 && `(${formatNumber(data.record)})`}</h2>
      {failed ? (
        <LoadError message={error} onRetry={retry} secondary />
      ) : !data ? (
        <SectionSkeleton label="Caricamento degli iscritti…" />
      ) : data.results.length === 0 ? (
        <p className="torneo-muted">Nessun iscritto per ora.</p>
      ) : (
        <>
          <ol
            className="iscritti"
            start={(data.pagina - 1) * ISCRITTI_PAGE_SIZE + 1}
            aria-busy={loading || undefined}
          >
            {data.results.map((iscritto) => (
              <li key={iscritto.id} className={iscritto.stato === 'lista_attesa' ? 'waiting' : undefined}>
                <span className="iscritto-nome">
                  <PlayerLinks
                    giocatori={[iscritto.giocatore, ...(iscritto.compagno ? [iscritto.compagno] : [])]}
                  />
                </span>
                {iscritto.testa_di_serie !== null && (
                  <span className="torneo-badge">Testa di serie {iscritto.testa_di_serie}</span>
                )}
                {iscritto.stato === 'lista_attesa' && (
                  <span className="torneo-badge attesa">In lista d’attesa, {iscritto.posizione_attesa}°</span>
                )}
                {iscritto.circolo && (
                  <span className="torneo-muted iscritto-circolo">
                    {iscritto.id_circolo === null ? (
                      iscritto.circolo
                    ) : (
                      <Link to={href('dettaglioCircolo', { id: iscritto.id_circolo })}>
                        {iscritto.circolo}
                      </Link>
                    )}
                  </span>
                )}
              </li>
            ))}
          </ol>
          {doppio && <p className="torneo-muted">Nel doppio ogni riga è una coppia.</p>}
          {pages > 1 && (
            <nav className="torneo-pager" aria-label="Pagine degli iscritti">
              <button
                type="button"
                className="button secondary"
                disabled={pagina <= 1 || loading}
                onClick={() => setPagina(pagina - 1)}
              >
                Precedenti
              </button>
              <span>
                Pagina {data.pagina} di {pages}
              </span>
              <button
                type="button"
                className="button secondary"
                disabled={pagina >= pages || loading}
                onClick={() => setPagina(pagina + 1)}
              >
                Successivi
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  )
}

type Draws = { tabelloni: readonly Tabellone[]; classifiche: readonly GironeClassifica[] }

async function loadDraws(id: number, signal: AbortSignal): Promise<Draws> {
  const [tabelloni, classifiche] = await Promise.all([loadTabelloni(id, signal), loadClassifiche(id, signal)])
  return { tabelloni, classifiche }
}

/**
 * The draws and groups of the tournament. `bracket`: the tournament has a drawn elimination phase (its code then
 * loads beside the draws, not after them). `verification` is the place where the draw's verification
 * (VerificaSorteggio, by the draws team) is mounted under each drawn phase.
 */
export function TabelloniSection({
  id,
  version,
  bracket,
  verification,
}: {
  id: number
  version: number
  bracket: boolean
  verification?: (tabellone: Tabellone) => ReactNode
}) {
  const { actor, failed, data, error, retry } = usePageData<Draws, number>(loadDraws, id)
  useReloadOn(actor, `${id}:${version}`, id)
  useEffect(() => {
    if (bracket) void loadBracket()
  }, [bracket])
  return (
    <section className="torneo-section" aria-labelledby="torneo-tabelloni">
      <h2 id="torneo-tabelloni">Tabellone e gironi</h2>
      {failed ? (
        <LoadError message={error} onRetry={retry} secondary />
      ) : !data ? (
        <SectionSkeleton label="Caricamento del tabellone…" />
      ) : data.tabelloni.length === 0 ? (
        <p className="torneo-muted">Il sorteggio non è ancora stato fatto: il tabellone comparirà qui.</p>
      ) : (
        // Until the bracket's code is there the section stays as it was while loading: nothing flashes.
        <Suspense fallback={<SectionSkeleton label="Caricamento del tabellone…" />}>
          {data.tabelloni.map((tabellone) => (
            <section key={tabellone.id} className="torneo-phase" aria-labelledby={`fase-${tabellone.id}`}>
              <h3 id={`fase-${tabellone.id}`}>{tabellone.nome}</h3>
              {tabellone.tipo === 'eliminazione' ? (
                <Bracket tabellone={tabellone} />
              ) : (
                <Gironi tabellone={tabellone} classifiche={data.classifiche} />
              )}
              <p className="torneo-muted torneo-hash">
                Impronta del sorteggio pubblicata {formatDateTimeWith('il', tabellone.hash_pubblicato_il)}:{' '}
                <code>{tabellone.seed_hash}</code>
              </p>
              {verification?.(tabellone)}
            </section>
          ))}
        </Suspense>
      )}
    </section>
  )
}

export function FotoCommentiSection({ id }: { id: number }) {
  const token = useStoreSelector(utenteStore, (s) => s.context.token)
  const { actor, failed, data, error, retry } = usePageData<FotoCommenti, number>(loadFotoCommenti, id)
  useReloadOn(actor, `${id}:${token ?? ''}`, id)
  return (
    <section className="torneo-section" aria-labelledby="torneo-foto-commenti">
      <h2 id="torneo-foto-commenti">Foto e commenti</h2>
      {failed ? (
        <LoadError message={error} onRetry={retry} secondary />
      ) : !data ? (
        <SectionSkeleton label="Caricamento di foto e commenti…" />
      ) : (
        <>
          {data.foto.length > 0 ? (
            <ul className="torneo-foto">
              {data.foto.map((foto) => (
                <li key={foto.id}>
                  <figure>
                    <img
                      src={foto.url}
                      // A caption says what the photo shows: the figure takes its name from it, and an alt
                      // text repeating it would be read twice (axe image-redundant-alt).
                      alt={foto.didascalia ? '' : 'Foto del torneo'}
                      loading="lazy"
                      width={320}
                      height={213}
                    />
                    {foto.didascalia && <figcaption>{foto.didascalia}</figcaption>}
                  </figure>
                </li>
              ))}
            </ul>
          ) : (
            <p className="torneo-muted">Ancora nessuna foto.</p>
          )}
          <Comments
            key={`${id}:${data.puo_commentare}`}
            logic={torneoCommentsLogic}
            input={{ id_news: id, puo_commentare: data.puo_commentare, commenti: data.commenti }}
            level={3}
            signInPrompt={SignInPrompt}
          />
        </>
      )}
    </section>
  )
}
