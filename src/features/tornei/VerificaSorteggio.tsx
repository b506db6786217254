// «Sorteggio verificabile» on a tournament's detail page: the seed's hash published before the draw, the seed
// revealed after, a «Verifica» that recomputes SHA-256 on the visitor's own device, how to rebuild the draw by
// hand, the TODS download, and for the organiser the buttons that announce and make the draw.
import { useMachine } from '@xstate/react'
import { lazy, Suspense, useCallback, useState } from 'react'
import { fromPromise } from 'xstate'
// The contract module itself, not the endpoints table: the page's bundle carries only its own calls.
import { sorteggioView, type FaseSorteggio, type Sorteggio } from '../../../contract/tabelloni.ts'
import { verificaSorteggioMachine } from '../../../machines/verifica-sorteggio.ts'
import { callApi } from '../../api/client.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { formatDateTimeWith } from '../../ui/format.ts'
import { usePageData } from '../../ui/page-data.ts'
import './verifica-sorteggio.css'
import { journalInspector } from '../../journal/journal.ts'

/** The draw's verification data of one tournament (the page-data machine's `loadPage`). */
export async function loadSorteggio(idTorneo: number): Promise<Sorteggio> {
  return (await callApi(sorteggioView, { id_torneo: idTorneo })).result
}

/** SHA-256 of a text as 64 hex digits, computed by the browser (Web Crypto). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

// The organiser's buttons and result forms, with the dialogs they open, are their own chunks: loaded only when the
// server says the caller organises this tournament.
const AzioniOrganizzatore = lazy(() =>
  import('./AzioniOrganizzatore.tsx').then((module) => ({ default: module.AzioniOrganizzatore })),
)
const RisultatiOrganizzatore = lazy(() =>
  import('./RisultatiOrganizzatore.tsx').then((module) => ({ default: module.RisultatiOrganizzatore })),
)

const verificaLogic = verificaSorteggioMachine.provide({
  actors: { computeHash: fromPromise(({ input }) => sha256Hex(input.text)) },
})

export type VerificaSorteggioProps = {
  idTorneo: number
  /** The tournament's sector (the scoring its results are checked with). */
  idSettore: number
  /** The sorteggio as it came with the page, if the detail page already has it (then no call is made). */
  initial?: Sorteggio | undefined
  /** Called after the organiser announced or made the draw (the page reloads its draws). */
  onChange?: (() => void) | undefined
}

export function VerificaSorteggio({ idTorneo, idSettore, initial, onChange }: VerificaSorteggioProps) {
  const { actor, loading, failed, data, error, retry } = usePageData<Sorteggio, number>(
    loadSorteggio,
    idTorneo,
    { initial },
  )
  // What the organiser just did, said once the box shows the new state (the dialog closes with the reload).
  const [avviso, setAvviso] = useState<string | null>(null)
  const done = useCallback(
    (text: string) => {
      setAvviso(text)
      actor.send({ type: 'page.reload' })
      onChange?.()
    },
    [actor, onChange],
  )
  const pending = <p aria-busy="true">Caricamento del sorteggio…</p>
  return (
    <section className="sorteggio" aria-labelledby="sorteggio-titolo">
      <h2 id="sorteggio-titolo">Sorteggio verificabile</h2>
      {failed && <LoadError message={error} onRetry={retry} />}
      {!failed && (loading || !data) && pending}
      {!failed && data && (
        // For the organiser the box stays loading until their part's code is there too: nothing flashes.
        <Suspense fallback={pending}>
          <Stato sorteggio={data} />
          {data.fasi.map((fase) => (
            <Fase key={`${fase.id_tabellone}:${fase.seed ?? ''}`} fase={fase} />
          ))}
          {data.puo_organizzare && <AzioniOrganizzatore key={data.stato} sorteggio={data} onDone={done} />}
          {data.puo_organizzare && data.stato === 'sorteggiato' && (
            <RisultatiOrganizzatore
              idTorneo={idTorneo}
              idSettore={idSettore}
              onDone={() => done('Risultato salvato.')}
            />
          )}
          <p role="status" className="sorteggio-avviso">
            {avviso}
          </p>
          <ComeVerificare />
          <p className="sorteggio-tods">
            <a href={data.tods_url} download>
              Scarica il torneo in formato TODS (JSON)
            </a>{' '}
            — lo standard dei dati aperti dell’ITF (Tennis Open Data Standards): iscritti, tabelloni, partite
            e punteggi, leggibili da altri sistemi.
          </p>
        </Suspense>
      )}
    </section>
  )
}

function Stato({ sorteggio }: { sorteggio: Sorteggio }) {
  if (sorteggio.stato === 'da_annunciare')
    return (
      <p>
        Il sorteggio non è ancora stato annunciato. Alla chiusura delle iscrizioni qui comparirà l’
        <strong>impronta</strong> (hash SHA-256) del seme casuale che deciderà il tabellone: pubblicata prima
        del sorteggio, impedisce a chiunque, organizzatore compreso, di scegliere il seme dopo aver visto gli
        iscritti.
      </p>
    )
  if (sorteggio.stato === 'annunciato')
    return (
      <p>
        Il sorteggio è annunciato: l’impronta del seme è pubblicata qui sotto, il seme resta segreto fino al
        sorteggio. Annota l’impronta: dopo il sorteggio potrai controllare che il seme rivelato sia proprio
        quello.
      </p>
    )
  return (
    <p>
      Il sorteggio è fatto e il seme è rivelato. Premi «Verifica» per controllare, sul tuo dispositivo, che il
      seme corrisponda all’impronta pubblicata prima del sorteggio.
    </p>
  )
}

function Fase({ fase }: { fase: FaseSorteggio }) {
  return (
    <article className="sorteggio-fase" aria-label={fase.nome}>
      <h3>{fase.nome}</h3>
      <dl>
        <dt>Impronta del seme (SHA-256)</dt>
        <dd>
          <code className="sorteggio-hex">{fase.seed_hash}</code>
          <span className="sorteggio-quando">
            pubblicata{' '}
            <time dateTime={fase.hash_pubblicato_il}>
              {formatDateTimeWith('il', fase.hash_pubblicato_il)}
            </time>
          </span>
        </dd>
        <dt>Seme</dt>
        <dd>
          {fase.seed ? (
            <>
              <code className="sorteggio-hex">{fase.seed}</code>
              {fase.sorteggiato_il && (
                <span className="sorteggio-quando">
                  rivelato{' '}
                  <time dateTime={fase.sorteggiato_il}>{formatDateTimeWith('il', fase.sorteggiato_il)}</time>
                </span>
              )}
            </>
          ) : (
            'segreto fino al sorteggio'
          )}
        </dd>
      </dl>
      {fase.seed && <Verifica seed={fase.seed} seedHash={fase.seed_hash} />}
      {fase.iscritti && fase.iscritti.length > 0 && (
        <details className="sorteggio-ordine">
          <summary>Ordine degli iscritti usato dal sorteggio ({fase.iscritti.length})</summary>
          <ol>
            {fase.iscritti.map((iscritto) => (
              <li key={iscritto.id_iscrizione}>
                {iscritto.nome} <span className="sorteggio-id">(iscrizione {iscritto.id_iscrizione})</span>
              </li>
            ))}
          </ol>
        </details>
      )}
      {fase.fase > 1 && (
        <p className="sorteggio-nota">
          Questo tabellone nasce dalle classifiche dei gironi e non usa numeri casuali: i primi occupano le
          posizioni migliori, i secondi le altre, lontani dal vincitore del proprio girone.
        </p>
      )}
    </article>
  )
}

function Verifica({ seed, seedHash }: { seed: string; seedHash: string }) {
  const [snapshot, send] = useMachine(verificaLogic, { input: { seed, seedHash }, inspect: journalInspector })
  const hashing = snapshot.matches('hashing')
  return (
    <div className="sorteggio-verifica">
      <button
        type="button"
        className="button"
        onClick={() => send({ type: 'verifica.start' })}
        disabled={!snapshot.can({ type: 'verifica.start' })}
      >
        Verifica
      </button>
      <p role="status" className="sorteggio-esito">
        {hashing && 'Calcolo dell’impronta del seme…'}
        {snapshot.matches({ ready: 'matches' }) && (
          <span className="sorteggio-ok">
            ✓ L’impronta corrisponde: il seme rivelato è quello annunciato prima del sorteggio.
          </span>
        )}
        {snapshot.matches({ ready: 'differs' }) && (
          <span className="sorteggio-ko">
            ✗ L’impronta non corrisponde: SHA-256 del seme dà {snapshot.context.computed}. Segnalalo alla
            federazione.
          </span>
        )}
        {snapshot.matches({ ready: 'failed' }) && snapshot.context.error}
      </p>
    </div>
  )
}

function ComeVerificare() {
  return (
    <details className="sorteggio-come">
      <summary>Come verificare il sorteggio da soli</summary>
      <ol>
        <li>
          Prima del sorteggio annota l’<strong>impronta</strong> pubblicata qui: è l’hash SHA-256 del seme, 64
          cifre esadecimali. Dall’impronta non si può risalire al seme.
        </li>
        <li>
          Dopo il sorteggio calcola l’SHA-256 del <strong>seme rivelato</strong>, scritto esattamente com’è
          (64 caratteri, senza a capo): per esempio con <code>printf '%s' SEME | sha256sum</code> su Linux o
          macOS (<code>shasum -a 256</code>), oppure con il pulsante «Verifica», che fa il calcolo nel tuo
          browser. Se il risultato è uguale all’impronta, il seme non è stato cambiato dopo l’annuncio.
        </li>
        <li>
          Ricostruisci il tabellone: i numeri casuali vengono solo dal seme (l’n-esimo è dato dalle prime 12
          cifre esadecimali di <code>SHA-256("SEME:n")</code> divise per 2<sup>48</sup>) e gli iscritti sono
          presi nell’<strong>ordine pubblicato</strong> con l’impronta (punti in classifica, poi data di
          iscrizione). Le regole di teste di serie, bye e gironi sono scritte nelle regole del portale
          («Sorteggio dei tabelloni») e nel file TODS trovi tutto ciò che serve per il confronto.
        </li>
        <li>
          Confronta con il tabellone pubblicato, oppure con il file TODS scaricabile qui sotto, che riporta
          impronta, seme, ordine degli iscritti e posizioni.
        </li>
      </ol>
    </details>
  )
}
