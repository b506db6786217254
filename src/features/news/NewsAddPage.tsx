import { useActorRef, useSelector } from '@xstate/react'
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useId } from 'react'
import { Link, useLocation } from 'react-router'
import { DISCIPLINES } from '../../../contract/constants.ts'
import { NEWS_LIMITS, NEWS_MIN_LENGTHS, type AmbitoNews } from '../../../contract/news.ts'
import { href } from '../../app/paths.ts'
import { sessionActor, signIn } from '../../app/session.ts'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { utenteStore } from '../../stores/utente.ts'
import { disciplineLabel } from '../../ui/discipline-label.ts'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { formatNumber } from '../../ui/format.ts'
import { newsHref } from './format.ts'
import {
  hasUnsavedWork,
  type NewsField,
  type Permission,
  type newsAddMachine,
} from '../../../machines/news-add.ts'
import { ErrorSummary, Field, RequiredMark } from '../../ui/form-ui.tsx'
import { LeaveConfirm } from '../../ui/LeaveConfirm.tsx'
import { LoadError } from '../../ui/LoadError.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { checkPermission, newsAddLogic } from './news-actors.ts'
import { ListSkeleton } from './parts.tsx'
import './news.css'
import { journalInspector } from '../../journal/journal.ts'

/** /news/add-news: the editor. The server decides who may publish (docs/ruoli.md) and says why not. */
export default function NewsAddPage() {
  const signedIn = useStoreSelector(utenteStore, (s) => s.context.token !== null)
  return (
    <section className="page news-page">
      <p className="news-back">
        <Link to={href('news')}>← Tutte le news</Link>
      </p>
      <PageTitle>Nuova news</PageTitle>
      {signedIn ? <Permitted /> : <SignInToPublish />}
    </section>
  )
}

function Permitted() {
  const permission = usePageData<Permission, void>(checkPermission, undefined)
  if (permission.failed) return <LoadError message={permission.error} onRetry={permission.retry} />
  if (!permission.data) return <ListSkeleton label="Verifica dei permessi…" rows={2} />
  if (!permission.data.puo_pubblicare) {
    return (
      <div className="form-error" role="alert">
        <p>{permission.data.messaggio}</p>
        <p>
          Se vuoi segnalare una notizia scrivici dalla pagina <Link to={href('helpdesk')}>Assistenza</Link>.
        </p>
      </div>
    )
  }
  return <Publishing tipologie={permission.data.tipologie} />
}

function Publishing({ tipologie }: { tipologie: Permission['tipologie'] }) {
  const actor = useActorRef(newsAddLogic, { input: { tipologie }, inspect: journalInspector })
  const published = useSelector(actor, (s) => s.context.published)
  if (published) {
    return (
      <div className="form-success" role="status">
        <p>
          <strong>News pubblicata.</strong> <Link to={newsHref(published)}>Leggi «{published.titolo}»</Link>
        </p>
        <button
          type="button"
          className="button secondary"
          onClick={() => actor.send({ type: 'editor.another' })}
        >
          Scrivi un'altra news
        </button>
      </div>
    )
  }
  return <Editor actor={actor} />
}

function SignInToPublish() {
  const location = useLocation()
  const canSignIn = useSelector(sessionActor, (s) => s.can({ type: 'session.signIn', returnTo: null }))
  return (
    <div className="empty-state news-signin">
      <p>Le news sono pubblicate dai redattori della federazione.</p>
      <button
        type="button"
        className="button"
        disabled={!canSignIn}
        onClick={() => signIn(location.pathname)}
      >
        Accedi per pubblicare
      </button>
    </div>
  )
}

type Ambito = { value: AmbitoNews; label: string; hint: string }

/** Who sees the news, said for the chosen discipline and sector: "Solo Tennis", "Tutto il Tennis"… */
function ambitiFor(disciplina: string | null, idSettore: number | null): Ambito[] {
  const known = DISCIPLINES.find((d) => d.codice === disciplina)
  const here = disciplineLabel(known?.codice ?? null, idSettore) ?? 'questa disciplina'
  const sectors = known?.settori.map((s) => s.nome).join(', ') ?? ''
  return [
    {
      value: 'settore',
      label: `Solo ${here}`,
      hint: `Compare solo a chi segue ${here}.`,
    },
    ...(known && known.settori.length > 1
      ? [
          {
            value: 'disciplina' as const,
            label: `Tutto il ${known.nome}`,
            hint: `Compare in tutti i settori del ${known.nome}: ${sectors}.`,
          },
        ]
      : []),
    {
      value: 'federazione',
      label: 'Tutte le discipline',
      hint: 'Compare a tutti, qualunque disciplina seguano.',
    },
  ]
}

const FIELD_LABELS = {
  titolo: 'Titolo',
  sommario: 'Sommario',
  tipologia_news: 'Tipologia',
  corpo: 'Testo',
} as const

/** "Da 10 a 160 caratteri: ne hai scritti 12." — the contract's limits, with the count of what is written. */
function lengthHint(field: 'titolo' | 'sommario' | 'corpo', value: string) {
  return `Da ${formatNumber(NEWS_MIN_LENGTHS[field])} a ${formatNumber(NEWS_LIMITS[field])} caratteri: ne hai scritti ${formatNumber(value.trim().length)}.`
}

function Editor({ actor }: { actor: ReturnType<typeof useActorRef<typeof newsAddMachine>> }) {
  const tipologie = useSelector(actor, (s) => s.context.tipologie)
  const sending = useSelector(actor, (s) => s.hasTag('sending'))
  const error = useSelector(actor, (s) => s.context.error)
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, (s) => s.context.errors)
  const attempt = useSelector(actor, (s) => s.context.attempt)
  const unsaved = useSelector(actor, (s) => hasUnsavedWork(s.context))
  const idSettore = useStoreSelector(disciplinaStore, (s) => s.context.id_settore)
  const disciplina = useStoreSelector(disciplinaStore, (s) => s.context.disciplina)
  const id = useId()
  const fieldId = (field: NewsField) => `${id}-${field}`
  const ambiti = ambitiFor(disciplina, idSettore)
  const set = (field: NewsField, value: string | boolean) =>
    actor.send({ type: 'field.changed', field, value })

  if (idSettore === null) {
    return (
      <div className="empty-state">
        <p>
          Prima <Link to={href('sceltaDisciplina')}>scegli la disciplina</Link> della news.
        </p>
      </div>
    )
  }
  const summary = (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]).flatMap((field) =>
    errors[field] ? [{ id: fieldId(field), label: FIELD_LABELS[field], message: errors[field] }] : [],
  )
  return (
    <form
      className="form two-columns news-editor"
      noValidate
      aria-labelledby="titolo-pagina"
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'form.submit', id_settore: idSettore })
      }}
    >
      <LeaveConfirm
        active={unsaved}
        message="La news che stai scrivendo andrà persa se esci da questa pagina."
      />
      <p className="field-hint full">
        I campi contrassegnati con <span className="required-mark">*</span> sono obbligatori.
      </p>
      <div className="full">
        <ErrorSummary items={summary} formError={error} attempt={attempt} />
      </div>
      <Field
        id={fieldId('titolo')}
        label={FIELD_LABELS.titolo}
        required
        className="full"
        hint={lengthHint('titolo', values.titolo)}
        error={errors.titolo}
      >
        {(control) => (
          <input
            {...control}
            maxLength={NEWS_LIMITS.titolo}
            value={values.titolo}
            onChange={(e) => set('titolo', e.target.value)}
          />
        )}
      </Field>
      <Field
        id={fieldId('sommario')}
        label={FIELD_LABELS.sommario}
        required
        className="full"
        hint={`Una o due frasi: compaiono negli elenchi e nella home. ${lengthHint('sommario', values.sommario)}`}
        error={errors.sommario}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={NEWS_LIMITS.sommario}
            value={values.sommario}
            onChange={(e) => set('sommario', e.target.value)}
          />
        )}
      </Field>
      <Field
        id={fieldId('tipologia_news')}
        label={FIELD_LABELS.tipologia_news}
        required
        hint="Dove compare nel filtro delle news."
        error={errors.tipologia_news}
      >
        {(control) => (
          <select
            {...control}
            value={values.tipologia_news}
            onChange={(e) => set('tipologia_news', e.target.value)}
          >
            {tipologie.map((t) => (
              <option key={t.codice} value={t.codice}>
                {t.nome}
              </option>
            ))}
          </select>
        )}
      </Field>
      <fieldset className="field news-ambito" aria-describedby={`${id}-ambito-aiuto`}>
        <legend className="label">
          Chi la vede
          <RequiredMark />
        </legend>
        <p id={`${id}-ambito-aiuto`} className="field-hint">
          La disciplina scelta ora nel portale è {disciplineLabel(disciplina, idSettore) ?? 'quella indicata'}
          .
        </p>
        {ambiti.map((a) => (
          <div key={a.value} className="checkbox">
            <input
              id={`${id}-ambito-${a.value}`}
              type="radio"
              name={`${id}-ambito`}
              value={a.value}
              checked={values.ambito === a.value}
              aria-describedby={`${id}-ambito-${a.value}-aiuto`}
              onChange={() => set('ambito', a.value)}
            />
            <div>
              <label htmlFor={`${id}-ambito-${a.value}`}>{a.label}</label>
              <p id={`${id}-ambito-${a.value}-aiuto`} className="field-hint">
                {a.hint}
              </p>
            </div>
          </div>
        ))}
      </fieldset>
      <Field
        id={fieldId('corpo')}
        label={FIELD_LABELS.corpo}
        required
        className="full"
        hint={`Lascia una riga vuota tra un paragrafo e l'altro. Sono ammessi solo titoli, elenchi, grassetto, corsivo, citazioni e collegamenti; il resto viene rimosso. ${lengthHint('corpo', values.corpo)}`}
        error={errors.corpo}
      >
        {(control) => (
          <textarea
            {...control}
            rows={12}
            maxLength={NEWS_LIMITS.corpo}
            value={values.corpo}
            onChange={(e) => set('corpo', e.target.value)}
          />
        )}
      </Field>
      <div className="full">
        <div className="checkbox">
          <input
            id={`${id}-evidenza`}
            type="checkbox"
            checked={values.in_evidenza}
            aria-describedby={`${id}-evidenza-aiuto`}
            onChange={(e) => set('in_evidenza', e.target.checked)}
          />
          <div>
            <label htmlFor={`${id}-evidenza`}>In evidenza</label>
            <p id={`${id}-evidenza-aiuto`} className="field-hint">
              Negli elenchi delle news compare segnata da una barra colorata, per farla notare.
            </p>
          </div>
        </div>
      </div>
      <div className="full">
        <button type="submit" className="button" disabled={sending}>
          {sending ? 'Pubblicazione…' : 'Pubblica'}
        </button>
      </div>
    </form>
  )
}
