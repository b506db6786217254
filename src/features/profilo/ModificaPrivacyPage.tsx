import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Link, useNavigate } from 'react-router'
import { fromPromise } from 'xstate'
// The contract module itself, not the endpoints table: the page's bundle carries only its own calls.
import { privacyUserEdit, privacyView, type StatoConsensi } from '../../../contract/profilo.ts'
import { modificaPrivacyMachine, privacyValuesFrom } from '../../../machines/modifica-privacy.ts'
import { callApi } from '../../api/client.ts'
import { href } from '../../app/paths.ts'
import { refreshProfile, reportFlagsChanged } from '../../app/session.ts'
import { navigazioneStore } from '../../stores/navigazione.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { ErrorSummary, FormSkeleton } from '../../ui/form-ui.tsx'
import { formatDateWith } from '../../ui/format.ts'
import { returnPath } from './return-path.ts'
import './profilo.css'
import { journalInspector } from '../../journal/journal.ts'

const PRIVACY_ID = 'privacy-accettazione'
const PROFILATION_ID = 'privacy-profilazione'

const privacyLogic = modificaPrivacyMachine.provide({
  actors: {
    savePrivacy: fromPromise(async ({ input }) => (await callApi(privacyUserEdit, input)).result),
  },
})

/** The consents as the server holds them (not the session's stored flags: unknown or stale on a fresh load). */
export async function loadConsensi(): Promise<StatoConsensi> {
  return (await callApi(privacyView, {})).result
}

/** /modifica-privacy: the privacy notice (required) and the profilation consent (spec §4 guard 2). */
export default function ModificaPrivacyPage() {
  const consensi = usePageData<StatoConsensi, void>(loadConsensi, undefined)
  return (
    <section className="page profilo-page">
      <PageTitle>Preferenze privacy</PageTitle>
      <p className="profilo-intro">
        Per usare il portale devi leggere e accettare l'informativa sulla privacy. Il consenso alla
        profilazione è facoltativo e puoi cambiarlo quando vuoi dalle impostazioni.
      </p>
      <p>
        <Link to={href('privacy')} target="_blank" rel="noopener">
          Leggi l'informativa sulla privacy (si apre in una nuova scheda)
        </Link>
      </p>
      {consensi.loading && <FormSkeleton label="Caricamento delle preferenze…" rows={3} />}
      {consensi.failed && <LoadError message={consensi.error} onRetry={consensi.retry} />}
      {consensi.data && <PrivacyForm stored={consensi.data} />}
    </section>
  )
}

function PrivacyForm({ stored }: { stored: StatoConsensi }) {
  const navigate = useNavigate()
  const actor = useActorRef(privacyLogic, {
    input: { values: privacyValuesFrom(stored) },
    inspect: journalInspector,
  })
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, (s) => s.context.errors)
  const formError = useSelector(actor, (s) => s.context.formError)
  const attempt = useSelector(actor, (s) => s.context.attempt)
  const saving = useSelector(actor, (s) => s.hasTag('saving'))
  const saved = useSelector(actor, (s) => s.context.saved)

  useEffect(() => {
    if (!saved) return
    reportFlagsChanged({ privacy: saved.privacy, profilation: saved.profilation })
    refreshProfile()
    navigazioneStore.trigger.noticeShown({ message: 'Preferenze sulla privacy salvate.' })
    navigate(returnPath(navigazioneStore.getSnapshot().context.lastLocation), { replace: true })
  }, [saved, navigate])

  const summary = [
    ...(errors.privacy
      ? [{ id: PRIVACY_ID, label: 'Informativa sulla privacy', message: errors.privacy }]
      : []),
    ...(errors.profilation
      ? [{ id: `${PROFILATION_ID}-si`, label: 'Profilazione', message: errors.profilation }]
      : []),
  ]

  return (
    <>
      {stored.privacy_accettata_il && (
        <p className="field-hint">
          Hai accettato l'informativa {formatDateWith('il', stored.privacy_accettata_il, { year: 'always' })}.
        </p>
      )}
      <form
        noValidate
        aria-labelledby="titolo-pagina"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'form.submit' })
        }}
      >
        <ErrorSummary items={summary} formError={formError} attempt={attempt} />
        <fieldset className="profilo-fieldset" disabled={saving}>
          <legend className="visually-hidden">Consensi</legend>
          <div className="form">
            <div className="field">
              <div className="checkbox" data-invalid={errors.privacy ? 'true' : undefined}>
                <input
                  id={PRIVACY_ID}
                  type="checkbox"
                  checked={values.privacy}
                  aria-invalid={errors.privacy ? true : undefined}
                  aria-describedby={errors.privacy ? `${PRIVACY_ID}-errore` : undefined}
                  onChange={(event) => actor.send({ type: 'privacy.changed', value: event.target.checked })}
                />
                <label htmlFor={PRIVACY_ID}>Ho letto e accetto l'informativa sulla privacy</label>
              </div>
              {errors.privacy && (
                <p id={`${PRIVACY_ID}-errore`} className="field-error">
                  {errors.privacy}
                </p>
              )}
            </div>
            <fieldset
              className="radio-group"
              role="radiogroup"
              aria-invalid={errors.profilation ? true : undefined}
              aria-describedby={
                [`${PROFILATION_ID}-aiuto`, errors.profilation ? `${PROFILATION_ID}-errore` : null]
                  .filter(Boolean)
                  .join(' ') || undefined
              }
            >
              <legend>Consenso alla profilazione</legend>
              <p id={`${PROFILATION_ID}-aiuto`} className="field-hint">
                Ci permette di proporti tornei, circoli e contenuti in base ai tuoi interessi e alla tua
                attività sul portale.
              </p>
              <div className="checkbox">
                <input
                  id={`${PROFILATION_ID}-si`}
                  type="radio"
                  name="profilation"
                  checked={values.profilation === true}
                  onChange={() => actor.send({ type: 'profilation.changed', value: true })}
                />
                <label htmlFor={`${PROFILATION_ID}-si`}>Sì, acconsento alla profilazione</label>
              </div>
              <div className="checkbox">
                <input
                  id={`${PROFILATION_ID}-no`}
                  type="radio"
                  name="profilation"
                  checked={values.profilation === false}
                  onChange={() => actor.send({ type: 'profilation.changed', value: false })}
                />
                <label htmlFor={`${PROFILATION_ID}-no`}>No, non acconsento</label>
              </div>
              {errors.profilation && (
                <p id={`${PROFILATION_ID}-errore`} className="field-error">
                  {errors.profilation}
                </p>
              )}
            </fieldset>
          </div>
        </fieldset>
        <div className="actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Salvataggio…' : 'Salva le preferenze'}
          </button>
        </div>
      </form>
    </>
  )
}
