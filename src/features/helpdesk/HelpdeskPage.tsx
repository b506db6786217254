import { useActorRef, useSelector } from '@xstate/react'
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useEffect, useId, useState } from 'react'
import { Link, useLocation } from 'react-router'
import {
  HELPDESK_ALLEGATI,
  HELPDESK_MESSAGES,
  HELPDESK_MESSAGGIO_MAX,
  HELPDESK_OGGETTO_MAX,
  RICHIESTA_STATO_LABELS,
  type Allegato,
  type Richiesta,
  type RichiestaChiusaDa,
} from '../../../contract/helpdesk.ts'
import type { DisciplinaCodice } from '../../../contract/documenti.ts'
import {
  fileSize,
  type HelpdeskField,
  type HelpdeskInput,
  type HelpdeskList,
} from '../../../machines/helpdesk.ts'
import { href } from '../../app/paths.ts'
import { sessionActor, signIn } from '../../app/session.ts'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { utenteStore } from '../../stores/utente.ts'
import { ErrorSummary, Field } from '../../ui/form-ui.tsx'
import { FormSkeleton } from '../../ui/form-ui.tsx'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { usePageData } from '../../ui/page-data.ts'
import { faqLogic } from '../static/faq-actors.ts'
import { downloadAllegato, helpdeskLogic, loadCategorie, loadHelpdesk } from './helpdesk-actors.ts'
import './helpdesk.css'
import { journalInspector } from '../../journal/journal.ts'

const FIELD_LABELS: Record<HelpdeskField, string> = {
  id_categoria: 'Categoria',
  codice_tessera: 'Tessera (facoltativa)',
  oggetto: 'Oggetto',
  messaggio: 'Messaggio',
}

/** /helpdesk: the categories and the FAQ for everyone; the request form and «Le mie richieste» once signed in. */
export default function HelpdeskPage() {
  const signedIn = useStoreSelector(utenteStore, (s) => s.context.token !== null)
  const idSettore = useStoreSelector(disciplinaStore, (s) => s.context.id_settore)
  return (
    <section className="page helpdesk-page">
      <PageTitle>Assistenza</PageTitle>
      <p>
        Prima di scriverci, guarda se la risposta è già nelle <Link to={href('faq')}>domande frequenti</Link>.
      </p>
      {idSettore === null ? (
        <div className="empty-state">
          <p>
            Prima <Link to={href('sceltaDisciplina')}>scegli la disciplina</Link> a cui si riferisce la
            richiesta.
          </p>
        </div>
      ) : signedIn ? (
        <SignedIn idSettore={idSettore} />
      ) : (
        <Visitor idSettore={idSettore} />
      )}
    </section>
  )
}

function Visitor({ idSettore }: { idSettore: number }) {
  const categorie = usePageData(loadCategorie, idSettore)
  const location = useLocation()
  const canSignIn = useSelector(sessionActor, (s) => s.can({ type: 'session.signIn', returnTo: null }))
  return (
    <>
      <h2>Di cosa possiamo occuparci</h2>
      {categorie.failed && <LoadError message={categorie.error} onRetry={categorie.retry} />}
      {!categorie.data && !categorie.failed && <FormSkeleton label="Caricamento delle categorie…" rows={2} />}
      {categorie.data && (
        <ul className="helpdesk-categorie">
          {categorie.data.map((c) => (
            <li key={c.id}>{c.descrizione}</li>
          ))}
        </ul>
      )}
      <div className="empty-state">
        <p>Per inviare una richiesta e seguirne le risposte accedi con il tuo account.</p>
        <button
          type="button"
          className="button"
          disabled={!canSignIn}
          onClick={() => signIn(location.pathname)}
        >
          Accedi per scrivere all'assistenza
        </button>
      </div>
    </>
  )
}

function SignedIn({ idSettore }: { idSettore: number }) {
  const page = usePageData(loadHelpdesk, idSettore)
  if (page.failed) return <LoadError message={page.error} onRetry={page.retry} />
  if (!page.data) return <FormSkeleton label="Caricamento dell'assistenza…" rows={5} />
  return <Helpdesk input={page.data} idSettore={idSettore} />
}

function Helpdesk({ input, idSettore }: { input: HelpdeskInput; idSettore: number }) {
  const actor = useActorRef(helpdeskLogic, { input, inspect: journalInspector })
  const coda = useSelector(actor, (s) => s.context.coda)
  return (
    <>
      <RequestForm actor={actor} idSettore={idSettore} />
      <MyRequests actor={actor} />
      {coda !== null && <StaffQueue actor={actor} />}
      {coda !== null && <StaffHistory actor={actor} />}
    </>
  )
}

type HelpdeskActor = ReturnType<typeof useActorRef<typeof helpdeskLogic>>

function RequestForm({ actor, idSettore }: { actor: HelpdeskActor; idSettore: number }) {
  const categorie = useSelector(actor, (s) => s.context.categorie)
  const tessere = useSelector(actor, (s) => s.context.tessere)
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, (s) => s.context.errors)
  const error = useSelector(actor, (s) => s.context.error)
  const sent = useSelector(actor, (s) => s.context.sent)
  const sending = useSelector(actor, (s) => s.matches('sending'))
  const allegati = useSelector(actor, (s) => s.context.allegati)
  const allegatiErrors = useSelector(actor, (s) => s.context.allegatiErrors)
  const submitted = useSelector(actor, (s) => s.context.submitted)
  const attempt = useSelector(actor, (s) => s.context.attempts)
  const disciplina = useStoreSelector(disciplinaStore, (s) => s.context.disciplina) as DisciplinaCodice | null
  const faq = useActorRef(faqLogic, { input: { disciplina }, inspect: journalInspector })
  const suggestions = useSelector(faq, (s) => (s.context.query === '' ? [] : s.context.items.slice(0, 3)))
  const id = useId()
  const fieldId = (field: HelpdeskField) => `${id}-${field}`
  const set = (field: HelpdeskField, value: string) => actor.send({ type: 'field.changed', field, value })
  useEffect(() => {
    faq.send({ type: 'faq.typed', testo: values.oggetto.trim().slice(0, 100) })
  }, [faq, values.oggetto])
  const filesId = `${id}-allegati`
  const summary = [
    ...(Object.keys(FIELD_LABELS) as HelpdeskField[]).flatMap((field) =>
      errors[field] ? [{ id: fieldId(field), label: FIELD_LABELS[field], message: errors[field] }] : [],
    ),
    ...(submitted
      ? allegati.flatMap((file, i) =>
          allegatiErrors[i]
            ? [{ id: `${filesId}-${i}`, label: `Allegato «${file.name}»`, message: allegatiErrors[i] }]
            : [],
        )
      : []),
  ]
  return (
    <form
      className="form helpdesk-form"
      noValidate
      aria-labelledby={`${id}-titolo`}
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'form.submit', id_settore: idSettore })
      }}
    >
      <h2 id={`${id}-titolo`}>Nuova richiesta</h2>
      <p className="field-hint">
        I campi contrassegnati con <span className="required-mark">*</span> sono obbligatori.
      </p>
      <ErrorSummary items={summary} formError={error} attempt={attempt} />
      {sent && (
        <p className="form-success" role="status">
          {HELPDESK_MESSAGES.sent}
        </p>
      )}
      <Field
        id={fieldId('id_categoria')}
        label={FIELD_LABELS.id_categoria}
        required
        error={errors.id_categoria}
      >
        {(control) => (
          <select
            {...control}
            value={values.id_categoria}
            onChange={(e) => set('id_categoria', e.target.value)}
          >
            <option value="">Scegli…</option>
            {categorie.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.descrizione}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={fieldId('codice_tessera')}
        label={FIELD_LABELS.codice_tessera}
        hint={
          tessere.length === 0 ? 'Non risultano tessere a tuo nome.' : 'Se la richiesta riguarda una tessera.'
        }
        error={errors.codice_tessera}
      >
        {(control) => (
          <select
            {...control}
            value={values.codice_tessera}
            disabled={tessere.length === 0}
            onChange={(e) => set('codice_tessera', e.target.value)}
          >
            <option value="">Nessuna tessera</option>
            {tessere.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={fieldId('oggetto')}
        label={FIELD_LABELS.oggetto}
        required
        hint={`Al massimo ${HELPDESK_OGGETTO_MAX} caratteri.`}
        error={errors.oggetto}
      >
        {(control) => (
          <input
            {...control}
            type="text"
            value={values.oggetto}
            onChange={(e) => set('oggetto', e.target.value)}
          />
        )}
      </Field>
      {suggestions.length > 0 && (
        <aside className="helpdesk-faq" aria-label="Risposte delle domande frequenti">
          <h3>Forse la risposta è già qui</h3>
          {suggestions.map((item) => (
            <details key={item.id}>
              <summary>{item.domanda}</summary>
              {item.risposta.split(/\n\s*\n/).map((paragraph, i) => (
                <p key={i}>{paragraph}</p>
              ))}
            </details>
          ))}
        </aside>
      )}
      <Field
        id={fieldId('messaggio')}
        label={FIELD_LABELS.messaggio}
        required
        hint={`Al massimo ${HELPDESK_MESSAGGIO_MAX} caratteri.`}
        error={errors.messaggio}
      >
        {(control) => (
          <textarea
            {...control}
            rows={6}
            value={values.messaggio}
            onChange={(e) => set('messaggio', e.target.value)}
          />
        )}
      </Field>
      <Field
        id={filesId}
        label="Allegati (facoltativi)"
        hint={`Fino a ${HELPDESK_ALLEGATI.maxFiles} immagini JPEG, PNG o WebP di ${HELPDESK_ALLEGATI.maxBytes / 1024 / 1024} MB al massimo ciascuna, per esempio una schermata o la foto di una ricevuta.`}
      >
        {(control) => (
          // The browser's own control speaks the browser's language: an Italian button stands for it.
          <div className="helpdesk-file-picker">
            <input
              {...control}
              className="visually-hidden"
              type="file"
              multiple
              accept={HELPDESK_ALLEGATI.accept}
              onChange={(e) => {
                const chosen = Array.from(e.target.files ?? [])
                if (chosen.length > 0) actor.send({ type: 'files.added', files: chosen })
                // The list below holds the files: the input is emptied so the same file can be chosen again.
                e.target.value = ''
              }}
            />
            <label className="button secondary" htmlFor={filesId}>
              {allegati.length > 0 ? 'Aggiungi altre immagini' : 'Scegli le immagini'}
            </label>
          </div>
        )}
      </Field>
      {allegati.length > 0 && (
        <ul className="helpdesk-allegati-scelti" aria-label="Allegati scelti">
          {allegati.map((file, i) => (
            <li
              key={`${i}-${file.name}`}
              id={`${filesId}-${i}`}
              tabIndex={-1}
              className={
                allegatiErrors[i] ? 'helpdesk-allegato helpdesk-allegato-errore' : 'helpdesk-allegato'
              }
            >
              <span className="helpdesk-allegato-nome">{file.name}</span>
              <span className="helpdesk-allegato-peso">{fileSize(file.size)}</span>
              <button
                type="button"
                className="button secondary"
                aria-label={`Rimuovi ${file.name}`}
                onClick={() => {
                  actor.send({ type: 'file.removed', index: i })
                  document.getElementById(filesId)?.focus()
                }}
              >
                Rimuovi
              </button>
              {allegatiErrors[i] && <p className="field-error">{allegatiErrors[i]}</p>}
            </li>
          ))}
        </ul>
      )}
      <button type="submit" className="button" disabled={sending}>
        {sending ? 'Invio in corso…' : 'Invia la richiesta'}
      </button>
    </form>
  )
}

/** Who closed a request, as the requester reads it and as the staff reads it. */
const CHIUSA_DA: Record<'mie' | 'staff', Record<RichiestaChiusaDa, string>> = {
  mie: { utente: 'da te', staff: 'dallo staff' },
  staff: { utente: 'dal richiedente', staff: 'dallo staff' },
}

function RichiestaCard({
  richiesta,
  actor,
  view,
  children,
}: {
  richiesta: Richiesta
  actor: HelpdeskActor
  view: 'mie' | 'staff'
  children?: React.ReactNode
}) {
  return (
    <li className="card helpdesk-richiesta">
      <div className="helpdesk-richiesta-head">
        <h3>{richiesta.oggetto}</h3>
        <span className={`helpdesk-stato helpdesk-stato-${richiesta.stato}`}>
          {RICHIESTA_STATO_LABELS[richiesta.stato]}
        </span>
      </div>
      <p className="helpdesk-meta">
        {richiesta.categoria} · inviata il {formatDateTime(richiesta.creata_il)}
        {richiesta.codice_tessera && ` · tessera ${richiesta.codice_tessera}`}
        {richiesta.richiedente && ` · da ${richiesta.richiedente}`}
      </p>
      {richiesta.chiusa_il && richiesta.chiusa_da && (
        <p className="helpdesk-meta">
          Chiusa il {formatDateTime(richiesta.chiusa_il)} {CHIUSA_DA[view][richiesta.chiusa_da]}: non riceve
          altre risposte.
        </p>
      )}
      <p className="helpdesk-testo">{richiesta.messaggio}</p>
      {richiesta.allegati.length > 0 && <Allegati allegati={richiesta.allegati} />}
      {richiesta.risposta && (
        <div className="helpdesk-risposta">
          <h4>
            Risposta dello staff{richiesta.risposta_il && ` del ${formatDateTime(richiesta.risposta_il)}`}
          </h4>
          <p className="helpdesk-testo">{richiesta.risposta}</p>
        </div>
      )}
      {children}
      <CloseRequest actor={actor} richiesta={richiesta} />
    </li>
  )
}

/** «Chiudi la richiesta», its confirmation, and what came of it. */
function CloseRequest({ actor, richiesta }: { actor: HelpdeskActor; richiesta: Richiesta }) {
  const id = richiesta.id_richiesta
  const closable = useSelector(actor, (s) => s.can({ type: 'request.close', id }))
  const asking = useSelector(actor, (s) => s.matches('confirmingClose') && s.context.closing === id)
  const closing = useSelector(actor, (s) => s.matches('closing') && s.context.closing === id)
  const closed = useSelector(actor, (s) => s.context.closed === id)
  const error = useSelector(actor, (s) =>
    s.context.closeError?.id === id ? s.context.closeError.message : null,
  )
  const busy = useSelector(actor, (s) => !s.matches('idle'))
  return (
    <div className="helpdesk-chiusura">
      {closed && (
        <p className="form-success" role="status">
          {HELPDESK_MESSAGES.closedDone}
        </p>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {asking || closing ? (
        <div className="helpdesk-conferma" role="group" aria-label={`Chiudere «${richiesta.oggetto}»?`}>
          <p>Chiudere la richiesta? Lo staff non potrà più rispondere.</p>
          <div className="helpdesk-conferma-azioni">
            <button
              type="button"
              className="button"
              disabled={closing}
              onClick={() => actor.send({ type: 'dialog.confirm' })}
            >
              {closing ? 'Chiusura in corso…' : 'Sì, chiudi la richiesta'}
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={closing}
              onClick={() => actor.send({ type: 'dialog.cancel' })}
            >
              Annulla
            </button>
          </div>
        </div>
      ) : (
        richiesta.stato !== 'chiusa' && (
          <button
            type="button"
            className="button secondary"
            disabled={busy || !closable}
            aria-label={`Chiudi la richiesta «${richiesta.oggetto}»`}
            onClick={() => actor.send({ type: 'request.close', id })}
          >
            Chiudi la richiesta
          </button>
        )
      )}
    </div>
  )
}

/** «Mostra altre richieste» under a list the server holds more of, and why a page did not load. */
function MoreButton({ actor, list }: { actor: HelpdeskActor; list: HelpdeskList }) {
  const can = useSelector(actor, (s) => s.can({ type: 'list.more', list }))
  const loading = useSelector(actor, (s) => s.context.loadingMore?.list === list)
  const shown = useSelector(actor, (s) => s.context[list]?.length ?? 0)
  const total = useSelector(actor, (s) => s.context.totali[list])
  const error = useSelector(actor, (s) =>
    s.context.moreError?.list === list ? s.context.moreError.message : null,
  )
  if (shown >= total) return null
  return (
    <div className="helpdesk-altre">
      <p className="helpdesk-meta">
        Ne vedi {shown} su {total}.
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button
        type="button"
        className="button secondary"
        disabled={!can}
        onClick={() => actor.send({ type: 'list.more', list })}
      >
        {loading ? 'Caricamento…' : 'Mostra altre richieste'}
      </button>
    </div>
  )
}

/** A request's attachments: each opens with the token (an ordinary link cannot send it). */
function Allegati({ allegati }: { allegati: readonly Allegato[] }) {
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <div className="helpdesk-allegati">
      <h4>Allegati</h4>
      <ul>
        {allegati.map((a) => (
          <li key={a.id}>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setProblem(null)
                void downloadAllegato(a).then(setProblem)
              }}
            >
              {a.nome}
            </button>{' '}
            <span className="helpdesk-allegato-peso">({fileSize(a.dimensione)})</span>
          </li>
        ))}
      </ul>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  )
}

function MyRequests({ actor }: { actor: HelpdeskActor }) {
  const richieste = useSelector(actor, (s) => s.context.richieste)
  return (
    <section id="helpdesk-mie" aria-labelledby="helpdesk-mie-titolo">
      <h2 id="helpdesk-mie-titolo">Le mie richieste</h2>
      {richieste.length === 0 ? (
        <p className="empty-state">Non hai ancora inviato richieste.</p>
      ) : (
        <ul className="helpdesk-lista">
          {richieste.map((r) => (
            <RichiestaCard key={r.id_richiesta} richiesta={r} actor={actor} view="mie" />
          ))}
        </ul>
      )}
      <MoreButton actor={actor} list="richieste" />
    </section>
  )
}

function StaffQueue({ actor }: { actor: HelpdeskActor }) {
  const coda = useSelector(actor, (s) => s.context.coda ?? [])
  const replies = useSelector(actor, (s) => s.context.replies)
  const replyErrors = useSelector(actor, (s) => s.context.replyErrors)
  const answered = useSelector(actor, (s) => s.context.answered)
  const replying = useSelector(actor, (s) => s.matches('replying'))
  return (
    <section aria-labelledby="helpdesk-staff-titolo" className="helpdesk-staff">
      <h2 id="helpdesk-staff-titolo">Richieste aperte (staff della federazione)</h2>
      {answered !== null && (
        <p className="form-success" role="status">
          {HELPDESK_MESSAGES.answered}
        </p>
      )}
      {coda.length === 0 ? (
        <p className="empty-state">Nessuna richiesta aperta.</p>
      ) : (
        <ul className="helpdesk-lista">
          {coda.map((r) => (
            <RichiestaCard key={r.id_richiesta} richiesta={r} actor={actor} view="staff">
              <form
                noValidate
                className="helpdesk-reply"
                onSubmit={(event) => {
                  event.preventDefault()
                  actor.send({ type: 'reply.submit', id: r.id_richiesta })
                }}
              >
                <Field
                  id={`risposta-${r.id_richiesta}`}
                  label="Risposta"
                  required
                  error={replyErrors[r.id_richiesta]}
                >
                  {(control) => (
                    <textarea
                      {...control}
                      rows={3}
                      value={replies[r.id_richiesta] ?? ''}
                      onChange={(e) =>
                        actor.send({ type: 'reply.changed', id: r.id_richiesta, value: e.target.value })
                      }
                    />
                  )}
                </Field>
                <button type="submit" className="button" disabled={replying}>
                  Invia la risposta
                </button>
              </form>
            </RichiestaCard>
          ))}
        </ul>
      )}
      <MoreButton actor={actor} list="coda" />
    </section>
  )
}

/** The staff member's history: the requests they answered or closed, the latest first. */
function StaffHistory({ actor }: { actor: HelpdeskActor }) {
  const storico = useSelector(actor, (s) => s.context.storico ?? [])
  return (
    <section aria-labelledby="helpdesk-storico-titolo" className="helpdesk-staff">
      <h2 id="helpdesk-storico-titolo">Le richieste che hai gestito</h2>
      {storico.length === 0 ? (
        <p className="empty-state">Non hai ancora risposto a richieste né ne hai chiuse.</p>
      ) : (
        <ul className="helpdesk-lista">
          {storico.map((r) => (
            <RichiestaCard key={r.id_richiesta} richiesta={r} actor={actor} view="staff" />
          ))}
        </ul>
      )}
      <MoreButton actor={actor} list="storico" />
    </section>
  )
}
