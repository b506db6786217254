import { useActorRef, useSelector } from '@xstate/react'
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useId, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { DISCIPLINES } from '../../../contract/constants.ts'
import { NEWS_LIMITS, type AmbitoNews } from '../../../contract/news.ts'
import { href } from '../../app/paths.ts'
import { sessionActor, signIn } from '../../app/session.ts'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { utenteStore } from '../../stores/utente.ts'
import { disciplineLabel } from '../../ui/discipline-label.ts'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { formatNumber } from '../../ui/format.ts'
import { newsHref } from './format.ts'
import type { NewsDraft, Permission, newsAddMachine } from '../../../machines/news-add.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { checkPermission, newsAddLogic } from './news-actors.ts'
import { ListSkeleton } from './parts.tsx'
import './news.css'

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
  const actor = useActorRef(newsAddLogic, { input: { tipologie } })
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

const EMPTY: NewsDraft = {
  titolo: '',
  sommario: '',
  corpo: '',
  tipologia_news: '',
  ambito: 'settore',
  in_evidenza: false,
}

function Editor({ actor }: { actor: ReturnType<typeof useActorRef<typeof newsAddMachine>> }) {
  const tipologie = useSelector(actor, (s) => s.context.tipologie)
  const sending = useSelector(actor, (s) => s.hasTag('sending'))
  const error = useSelector(actor, (s) => s.context.error)
  const idSettore = useStoreSelector(disciplinaStore, (s) => s.context.id_settore)
  const disciplina = useStoreSelector(disciplinaStore, (s) => s.context.disciplina)
  const [draft, setDraft] = useState<NewsDraft>({ ...EMPTY, tipologia_news: tipologie[0]?.codice ?? '' })
  const id = useId()
  const known = DISCIPLINES.find((d) => d.codice === disciplina)
  const ambiti: { value: AmbitoNews; label: string }[] = [
    {
      value: 'settore',
      label: `Solo ${disciplineLabel(known?.codice ?? null, idSettore) ?? 'questa disciplina'}`,
    },
    ...(known && known.settori.length > 1
      ? [{ value: 'disciplina' as const, label: `Tutto il ${known.nome}` }]
      : []),
    { value: 'federazione', label: 'Tutte le discipline' },
  ]
  const set = <K extends keyof NewsDraft>(key: K, value: NewsDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }))
  const trimmed = {
    ...draft,
    titolo: draft.titolo.trim(),
    sommario: draft.sommario.trim(),
    corpo: draft.corpo.trim(),
  }
  const complete = trimmed.titolo && trimmed.sommario && trimmed.corpo && trimmed.tipologia_news

  if (idSettore === null) {
    return (
      <div className="empty-state">
        <p>
          Prima <Link to={href('sceltaDisciplina')}>scegli la disciplina</Link> della news.
        </p>
      </div>
    )
  }
  return (
    <form
      className="form two-columns news-editor"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (complete) actor.send({ type: 'editor.publish', draft: trimmed, id_settore: idSettore })
      }}
    >
      <div className="field full">
        <label htmlFor={`${id}-titolo`}>Titolo</label>
        <input
          id={`${id}-titolo`}
          required
          maxLength={NEWS_LIMITS.titolo}
          value={draft.titolo}
          onChange={(e) => set('titolo', e.target.value)}
        />
      </div>
      <div className="field full">
        <label htmlFor={`${id}-sommario`}>Sommario</label>
        <textarea
          id={`${id}-sommario`}
          rows={2}
          required
          maxLength={NEWS_LIMITS.sommario}
          value={draft.sommario}
          aria-describedby={`${id}-sommario-aiuto`}
          onChange={(e) => set('sommario', e.target.value)}
        />
        <p id={`${id}-sommario-aiuto`} className="field-hint">
          Una o due frasi: compaiono negli elenchi e nella home.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-tipologia`}>Tipologia</label>
        <select
          id={`${id}-tipologia`}
          value={draft.tipologia_news}
          onChange={(e) => set('tipologia_news', e.target.value)}
        >
          {tipologie.map((t) => (
            <option key={t.codice} value={t.codice}>
              {t.nome}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="field news-ambito">
        <legend className="label">Chi la vede</legend>
        {ambiti.map((a) => (
          <label key={a.value} className="checkbox">
            <input
              type="radio"
              name={`${id}-ambito`}
              value={a.value}
              checked={draft.ambito === a.value}
              onChange={() => set('ambito', a.value)}
            />
            <span>{a.label}</span>
          </label>
        ))}
      </fieldset>
      <div className="field full">
        <label htmlFor={`${id}-corpo`}>Testo</label>
        <textarea
          id={`${id}-corpo`}
          rows={12}
          required
          maxLength={NEWS_LIMITS.corpo}
          value={draft.corpo}
          aria-describedby={`${id}-corpo-aiuto`}
          onChange={(e) => set('corpo', e.target.value)}
        />
        <p id={`${id}-corpo-aiuto`} className="field-hint">
          Lascia una riga vuota tra un paragrafo e l'altro. Sono ammessi solo titoli, elenchi, grassetto,
          corsivo, citazioni e collegamenti; il resto viene rimosso. {formatNumber(draft.corpo.length)} di{' '}
          {formatNumber(NEWS_LIMITS.corpo)} caratteri.
        </p>
      </div>
      <label className="checkbox full">
        <input
          type="checkbox"
          checked={draft.in_evidenza}
          onChange={(e) => set('in_evidenza', e.target.checked)}
        />
        <span>In evidenza</span>
      </label>
      {error && (
        <p className="form-error full" role="alert">
          {error}
        </p>
      )}
      <div className="full">
        <button type="submit" className="button" disabled={sending || !complete}>
          {sending ? 'Pubblicazione…' : 'Pubblica'}
        </button>
      </div>
    </form>
  )
}
