// «I miei annunci» of /giocatori/cerca-compagno: publish a listing, and for each of the player's listings the
// requests it received, to confirm or refuse (the partner-request machine says which the author may answer), and
// the withdrawal of an active listing. Every action through the confirmed dialog; the server's refusals as they are.
import { useState } from 'react'
import {
  ANNUNCIO_DISPONIBILITA_MAX,
  ANNUNCIO_MESSAGGIO_MAX,
  type AnnuncioMio,
  type AnnuncioNuovo,
  LIVELLI_ANNUNCIO,
  LIVELLO_TITLES,
  listingDatesProblemByField,
  type Richiesta,
} from '../../../contract/cerca-compagno.ts'
import { isIsoDate } from '../../../contract/calendario.ts'
import { DISCIPLINES } from '../../../contract/constants.ts'
import { conjunctionE } from '../../../contract/words.ts'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { Field, RequiredMark } from '../../ui/form-ui.tsx'
import { LoadError } from '../../ui/LoadError.tsx'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { formatDateTimeWith } from '../../ui/format.ts'
import { usePageData } from '../../ui/page-data.ts'
import {
  OWN_PAGE_SIZE,
  type Page,
  type Province,
  type TorneoScelto,
  loadMyListings,
  requestSnapshot,
  submitConfirm,
  submitListing,
  submitRefuse,
  submitWithdraw,
} from './cerca-compagno-actors.ts'
import {
  ContactBlock,
  ListSkeleton,
  ListingBadge,
  ListingFacts,
  NOTHING_SHARED,
  RequestBadge,
  type Sharing,
  SharingChoice,
  fullName,
} from './parts.tsx'

const DAY = 86_400_000
const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10)

export function MieiAnnunci({
  me,
  today,
  idSettore,
  provinciaUtente,
  provinces,
  torneo,
}: {
  me: number
  today: string
  idSettore: number
  provinciaUtente: string | null
  provinces: readonly Province[]
  torneo: TorneoScelto | null
}) {
  const { actor, failed, data, error, retry } = usePageData<Page<AnnuncioMio>, null>(loadMyListings, null)
  const reload = () => actor.send({ type: 'page.reload' })
  // A published listing empties the form for the next one.
  const [published, setPublished] = useState(0)
  return (
    <>
      <NuovoAnnuncio
        // A new tournament or sector starts a new form, and so does a listing just published.
        key={`${torneo?.id ?? 0}-${idSettore}-${published}`}
        today={today}
        idSettore={idSettore}
        provinciaUtente={provinciaUtente}
        provinces={provinces}
        torneo={torneo}
        onDone={() => {
          setPublished((n) => n + 1)
          reload()
        }}
      />
      <section className="cc-section" aria-labelledby="cc-miei-titolo">
        <h2 id="cc-miei-titolo">I tuoi annunci</h2>
        {failed && <LoadError message={error} onRetry={retry} />}
        {!failed && !data && <ListSkeleton label="Caricamento dei tuoi annunci…" />}
        {!failed && data && data.record === 0 && (
          <div className="empty-state">
            <p>
              <strong>Non hai ancora pubblicato annunci.</strong> Compila il modulo qui sopra: gli altri
              giocatori della disciplina potranno chiederti di giocare insieme, e qui vedrai le loro
              richieste.
            </p>
          </div>
        )}
        {!failed && data && data.record > 0 && (
          <>
            {data.record > OWN_PAGE_SIZE && (
              <p className="cc-count">
                Ne vedi i {OWN_PAGE_SIZE} più recenti su {data.record}.
              </p>
            )}
            <ul className="cc-list">
              {data.results.map((listing) => (
                <li key={listing.id_annuncio}>
                  <OwnListing listing={listing} me={me} today={today} onDone={reload} />
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
    </>
  )
}

function OwnListing({
  listing,
  me,
  today,
  onDone,
}: {
  listing: AnnuncioMio
  me: number
  today: string
  onDone: () => void
}) {
  const headingId = `mio-annuncio-${listing.id_annuncio}`
  const waiting = listing.richieste.filter((r) => snapshotOf(r).matches('sent')).length
  return (
    <article className="card cc-card" aria-labelledby={headingId}>
      <div className="cc-card-head">
        <h3 id={headingId} className="cc-card-title">
          {listing.torneo ? `Per il torneo «${listing.torneo.nome}»` : `Annuncio di ${listing.disciplina}`}
        </h3>
        <ListingBadge listing={listing} today={today} />
      </div>
      <ListingFacts listing={listing} />
      {listing.messaggio && <p className="cc-message">«{listing.messaggio}»</p>}
      <h4 className="cc-subtitle">
        {listing.richieste.length === 0
          ? 'Nessuna richiesta ricevuta'
          : `Richieste ricevute: ${listing.richieste.length}${waiting > 0 ? `, ${waiting} da valutare` : ''}`}
      </h4>
      {listing.richieste.length === 0 ? (
        <p className="cc-muted">
          {listing.stato === 'attivo' && listing.data_al >= today
            ? 'Quando un giocatore ti chiede di giocare insieme, la richiesta compare qui e ricevi un avviso.'
            : 'L’annuncio non è più in bacheca.'}
        </p>
      ) : (
        <ul className="cc-requests">
          {listing.richieste.map((request) => (
            <li key={request.id_richiesta}>
              <IncomingRequest request={request} me={me} onDone={onDone} />
            </li>
          ))}
        </ul>
      )}
      {listing.stato === 'attivo' && (
        <div className="actions">
          <ConfirmedAction
            trigger={buttonTrigger('Ritira l’annuncio', 'button danger')}
            submit={submitWithdraw(listing.id_annuncio)}
            confirmText={
              waiting > 0
                ? `Vuoi ritirare l’annuncio? Le ${waiting === 1 ? 'richiesta in attesa decade' : `${waiting} richieste in attesa decadono`} e chi l’ha inviata riceve un avviso.`
                : 'Vuoi ritirare l’annuncio? Non comparirà più in bacheca.'
            }
            successText="Annuncio ritirato."
            onSuccessClosed={onDone}
          />
        </div>
      )}
    </article>
  )
}

/** The partner-request machine's snapshot of a request, as the server stored it. */
const snapshotOf = (request: Richiesta) =>
  requestSnapshot(request.stato, request.autore.id_persona, request.richiedente.id_persona)

function IncomingRequest({ request, me, onDone }: { request: Richiesta; me: number; onDone: () => void }) {
  const snapshot = snapshotOf(request)
  const who = fullName(request.richiedente)
  const canConfirm = snapshot.can({ type: 'richiesta.conferma', by: me })
  const canRefuse = snapshot.can({ type: 'richiesta.rifiuta', by: me })
  return (
    <div className="cc-request">
      <p className="cc-request-head">
        <strong>{who}</strong> <RequestBadge stato={request.stato} />
      </p>
      <p className="cc-muted">Inviata {formatDateTimeWith('il', request.inviata_il)}</p>
      {request.messaggio && <p className="cc-message">«{request.messaggio}»</p>}
      {request.avviso && !snapshot.matches('sent') && <p className="cc-avviso">{request.avviso}</p>}
      <ContactBlock request={request} me={me} />
      {(canConfirm || canRefuse) && (
        <div className="actions">
          {canConfirm && (
            <ConfirmedAction
              trigger={buttonTrigger(`Conferma ${who}`, 'button')}
              submit={submitConfirm(request.id_richiesta)}
              confirmText={`Vuoi giocare con ${who}? L’annuncio si chiude e le altre richieste in attesa decadono.`}
              successText={`Confermato: tu ${conjunctionE(who)} ${who} giocherete insieme. ${request.richiedente.nome} riceve un avviso.`}
              onSuccessClosed={onDone}
            />
          )}
          {canRefuse && (
            <ConfirmedAction
              trigger={buttonTrigger(`Rifiuta ${who}`, 'button secondary')}
              submit={submitRefuse(request.id_richiesta)}
              confirmText={`Vuoi rifiutare la richiesta di ${who}? Riceverà un avviso.`}
              successText="Richiesta rifiutata."
              onSuccessClosed={onDone}
            />
          )}
        </div>
      )}
    </div>
  )
}

type Form = {
  id_settore: number
  perTorneo: boolean
  provincia: string
  livello: string
  data_dal: string
  data_al: string
  disponibilita: string
  messaggio: string
  sharing: Sharing
}

/** The form of a new listing; the server checks every rule and its refusal is shown as it is. */
function NuovoAnnuncio({
  today,
  idSettore,
  provinciaUtente,
  provinces,
  torneo,
  onDone,
}: {
  today: string
  idSettore: number
  provinciaUtente: string | null
  provinces: readonly Province[]
  torneo: TorneoScelto | null
  onDone: () => void
}) {
  const forTournament = torneo !== null && torneo.specialita === 'doppio' && torneo.data_fine >= today
  const [form, setForm] = useState<Form>(() => ({
    id_settore: forTournament ? torneo.id_settore : idSettore,
    perTorneo: forTournament,
    provincia: provinciaUtente ?? '',
    livello: '',
    data_dal: today,
    data_al: forTournament && torneo.data_inizio > today ? torneo.data_inizio : plusDays(today, 30),
    disponibilita: '',
    messaggio: '',
    sharing: NOTHING_SHARED,
  }))
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) =>
      setForm((f) => ({ ...f, [key]: value }))
  // The dialog's request is fixed for its life: the form as it is when the dialog opens (keyed below).
  const disponibilita = form.disponibilita.trim()
  const messaggio = form.messaggio.trim()
  const body: AnnuncioNuovo = {
    id_settore: form.id_settore,
    ...(form.perTorneo && torneo ? { id_torneo: torneo.id } : {}),
    provincia: form.provincia,
    livello: form.livello,
    data_dal: form.data_dal,
    data_al: form.data_al,
    ...(disponibilita ? { disponibilita } : {}),
    ...(messaggio ? { messaggio } : {}),
    ...form.sharing,
  }
  const datesWritten = isIsoDate(form.data_dal) && isIsoDate(form.data_al)
  // The server's own rule (contract/cerca-compagno.ts): in order, not past, not too long nor too far ahead.
  const datesProblem = datesWritten
    ? listingDatesProblemByField(form.data_dal, form.data_al, today)
    : { dal: null, al: null }
  const startProblem = datesProblem.dal ?? undefined
  const endProblem = datesProblem.al ?? undefined
  const complete =
    form.provincia !== '' &&
    form.livello !== '' &&
    datesWritten &&
    datesProblem.dal === null &&
    datesProblem.al === null
  return (
    <section className="card cc-form-card" aria-labelledby="cc-nuovo-titolo">
      <h2 id="cc-nuovo-titolo">Pubblica un annuncio</h2>
      <p className="field-hint">
        I campi con <RequiredMark /> sono obbligatori. L’annuncio resta in bacheca fino all’ultimo giorno
        indicato o finché confermi un compagno.
      </p>
      <form className="form two-columns cc-form" onSubmit={(event) => event.preventDefault()}>
        <Field id="cc-settore" label="Disciplina" required>
          {(control) => (
            <select
              {...control}
              value={form.id_settore}
              disabled={form.perTorneo}
              onChange={(e) => set('id_settore')(Number(e.target.value))}
            >
              {DISCIPLINES.flatMap((d) =>
                d.settori.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.nome === d.nome ? d.nome : `${d.nome} – ${s.nome}`}
                  </option>
                )),
              )}
            </select>
          )}
        </Field>
        {forTournament && (
          <div className="field checkbox full">
            <input
              id="cc-per-torneo"
              type="checkbox"
              checked={form.perTorneo}
              onChange={(e) => {
                const perTorneo = e.target.checked
                setForm((f) => ({
                  ...f,
                  perTorneo,
                  id_settore: perTorneo ? torneo.id_settore : f.id_settore,
                }))
              }}
            />
            <label htmlFor="cc-per-torneo">Cerco un compagno per il torneo «{torneo.nome}»</label>
          </div>
        )}
        <Field id="cc-provincia" label="Provincia in cui giocare" required>
          {(control) => (
            <select {...control} value={form.provincia} onChange={(e) => set('provincia')(e.target.value)}>
              <option value="">Scegli la provincia</option>
              {provinces.map((p) => (
                <option key={p.sigla} value={p.sigla}>
                  {p.nome} ({p.sigla})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="cc-livello" label="Livello del compagno cercato" required>
          {(control) => (
            <select {...control} value={form.livello} onChange={(e) => set('livello')(e.target.value)}>
              <option value="">Scegli il livello</option>
              {LIVELLI_ANNUNCIO.map((l) => (
                <option key={l} value={l}>
                  {LIVELLO_TITLES[l]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="cc-dal" label="Dal" required className="cc-start" error={startProblem}>
          {(control) => (
            <input
              {...control}
              type="date"
              min={today}
              value={form.data_dal}
              onChange={(e) => set('data_dal')(e.target.value)}
            />
          )}
        </Field>
        <Field id="cc-al" label="Al" required error={endProblem}>
          {(control) => (
            <input
              {...control}
              type="date"
              min={form.data_dal || today}
              value={form.data_al}
              onChange={(e) => set('data_al')(e.target.value)}
            />
          )}
        </Field>
        <Field
          id="cc-disponibilita"
          label="Disponibilità"
          className="full"
          hint="Per esempio: sere infrasettimanali, sabato mattina."
        >
          {(control) => (
            <input
              {...control}
              maxLength={ANNUNCIO_DISPONIBILITA_MAX}
              value={form.disponibilita}
              onChange={(e) => set('disponibilita')(e.target.value)}
            />
          )}
        </Field>
        <Field id="cc-messaggio" label="Messaggio" className="full">
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={ANNUNCIO_MESSAGGIO_MAX}
              value={form.messaggio}
              onChange={(e) => set('messaggio')(e.target.value)}
            />
          )}
        </Field>
        <div className="full">
          <SharingChoice
            hint="Li vede solo il compagno che confermi; senza contatti vi scrivete dal portale."
            value={form.sharing}
            onChange={set('sharing')}
          />
        </div>
        <div className="actions full">
          <ConfirmedAction
            key={JSON.stringify(body)}
            trigger={buttonTrigger('Pubblica l’annuncio', 'button', !complete)}
            submit={submitListing(body)}
            confirmText="Vuoi pubblicare l’annuncio? Lo vedranno i giocatori della disciplina che cercano un compagno."
            successText="Annuncio pubblicato: quando qualcuno ti chiede di giocare insieme ricevi un avviso."
            onSuccessClosed={onDone}
          />
          {(form.provincia === '' || form.livello === '') && (
            <p className="field-hint">Scegli provincia e livello per pubblicare.</p>
          )}
        </div>
      </form>
    </section>
  )
}
