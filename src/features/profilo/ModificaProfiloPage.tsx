import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { useNavigate } from 'react-router'
import { PROFILO_FIELDS, type ProfiloField } from '../../../machines/modifica-profilo.ts'
import { refreshProfile, reportFlagsChanged } from '../../app/session.ts'
import { navigazioneStore } from '../../stores/navigazione.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { todayInItaly } from '../../../contract/dates.ts'
import { ErrorSummary, Field, FormSkeleton } from '../../ui/form-ui.tsx'
import { FototesseraSection } from './FototesseraSection.tsx'
import { loadProfilo, profiloLogic, type ProfiloData } from './profilo-actors.ts'
import { ProvinciaComuneFields } from './ProvinciaComuneFields.tsx'
import { SpedizioneSection } from './SpedizioneSection.tsx'
import { returnPath } from './return-path.ts'
import { FIELD_LABELS, MIN_BIRTH_DATE, NAME_MAX, validateProfilo, valuesFrom } from './validation.ts'
import './profilo.css'
import { journalInspector } from '../../journal/journal.ts'

const fieldId = (field: ProfiloField) => `profilo-${field.replace('_', '-')}`

/**
 * /modifica-profilo: completes the registration (spec §4 guard 1), or, once complete, keeps the profile:
 * registration data, card photo, shipping address (issue 23 item 1).
 */
export default function ModificaProfiloPage() {
  const profilo = usePageData<ProfiloData, void>(loadProfilo, undefined)
  const data = profilo.data
  const complete = data?.profilo.dati_incompleti === 0
  return (
    <section className="page profilo-page">
      <PageTitle>Modifica profilo</PageTitle>
      {data && (
        <p className="profilo-intro">
          {complete
            ? `${data.profilo.persona}, qui aggiorni i tuoi dati anagrafici, la fototessera e l’indirizzo a cui ` +
              'spedirti la tessera.'
            : 'Completa i tuoi dati anagrafici: servono per il tesseramento e per iscriverti a tornei e ' +
              'campionati. Tutti i campi sono obbligatori.'}
        </p>
      )}

      {profilo.loading && <FormSkeleton label="Caricamento del profilo…" rows={8} />}

      {profilo.failed && <LoadError message={profilo.error} onRetry={profilo.retry} />}

      {data && (
        <section className="profilo-section" aria-labelledby="titolo-anagrafica">
          <h2 id="titolo-anagrafica">Dati anagrafici</h2>
          <ProfiloForm data={data} />
        </section>
      )}
      {data && data.profilo.id_persona !== null && (
        <>
          <FototesseraSection photo={data.photo} />
          <SpedizioneSection saved={data.profilo.dati_spedizione} province={data.province} />
        </>
      )}
    </section>
  )
}

function ProfiloForm({ data }: { data: ProfiloData }) {
  const navigate = useNavigate()
  const actor = useActorRef(profiloLogic, {
    inspect: journalInspector,
    input: {
      values: valuesFrom(data.dati),
      email: data.dati.email,
      province: data.province,
      today: todayInItaly(),
      validate: validateProfilo,
    },
  })
  const saving = useSelector(actor, (s) => s.hasTag('saving'))
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, (s) => s.context.errors)
  const formError = useSelector(actor, (s) => s.context.formError)
  const attempt = useSelector(actor, (s) => s.context.attempt)
  const email = useSelector(actor, (s) => s.context.email)
  const province = useSelector(actor, (s) => s.context.province)
  const comuni = useSelector(actor, (s) => s.context.comuni)
  const comuniLoading = useSelector(actor, (s) => s.matches({ comuni: 'loading' }))
  const comuniFailed = useSelector(actor, (s) => s.matches({ comuni: 'failed' }))
  const today = useSelector(actor, (s) => s.context.today)
  const saved = useSelector(actor, (s) => s.context.saved)

  useEffect(() => {
    if (!saved) return
    // The guards must see the completed registration at once; the session then reloads it from the server.
    reportFlagsChanged({ dati_incompleti: saved.dati_incompleti })
    refreshProfile()
    navigazioneStore.trigger.noticeShown({ message: 'Dati del profilo salvati.' })
    navigate(returnPath(navigazioneStore.getSnapshot().context.lastLocation), { replace: true })
  }, [saved, navigate])

  const change = (field: ProfiloField) => (event: { target: { value: string } }) =>
    actor.send({ type: 'field.changed', field, value: event.target.value })

  const summary = PROFILO_FIELDS.flatMap((field) =>
    errors[field] ? [{ id: fieldId(field), label: FIELD_LABELS[field], message: errors[field] }] : [],
  )

  return (
    <form
      noValidate
      aria-labelledby="titolo-anagrafica"
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'form.submit' })
      }}
    >
      <ErrorSummary items={summary} formError={formError} attempt={attempt} />
      {email && (
        <p className="field-hint profilo-email">
          E-mail dell'account: <strong>{email}</strong>
        </p>
      )}
      <fieldset className="profilo-fieldset" disabled={saving}>
        <legend className="visually-hidden">Dati anagrafici</legend>
        <div className="form two-columns">
          <Field id={fieldId('nome')} label={FIELD_LABELS.nome} error={errors.nome}>
            {(control) => (
              <input
                {...control}
                type="text"
                // oxlint-disable-next-line jsx-a11y/autocomplete-valid -- a valid HTML autofill token
                autoComplete="given-name"
                maxLength={NAME_MAX}
                value={values.nome}
                onChange={change('nome')}
              />
            )}
          </Field>
          <Field id={fieldId('cognome')} label={FIELD_LABELS.cognome} error={errors.cognome}>
            {(control) => (
              <input
                {...control}
                type="text"
                // oxlint-disable-next-line jsx-a11y/autocomplete-valid -- a valid HTML autofill token
                autoComplete="family-name"
                maxLength={NAME_MAX}
                value={values.cognome}
                onChange={change('cognome')}
              />
            )}
          </Field>
          <Field id={fieldId('sesso')} label={FIELD_LABELS.sesso} error={errors.sesso}>
            {(control) => (
              <select {...control} autoComplete="sex" value={values.sesso} onChange={change('sesso')}>
                <option value="">Scegli…</option>
                <option value="F">Femminile</option>
                <option value="M">Maschile</option>
              </select>
            )}
          </Field>
          <Field id={fieldId('data_nascita')} label={FIELD_LABELS.data_nascita} error={errors.data_nascita}>
            {(control) => (
              <input
                {...control}
                type="date"
                autoComplete="bday"
                min={MIN_BIRTH_DATE}
                max={today}
                value={values.data_nascita}
                onChange={change('data_nascita')}
              />
            )}
          </Field>
          <div className="full">
            <Field
              id={fieldId('codice_fiscale')}
              label={FIELD_LABELS.codice_fiscale}
              hint="16 caratteri, come sulla tessera sanitaria. Deve corrispondere a nome, cognome, sesso e data di nascita."
              error={errors.codice_fiscale}
            >
              {(control) => (
                <input
                  {...control}
                  type="text"
                  className="codice-fiscale-input"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={16}
                  value={values.codice_fiscale}
                  onChange={change('codice_fiscale')}
                />
              )}
            </Field>
          </div>
          <ProvinciaComuneFields
            ids={{ provincia: fieldId('provincia'), comune: fieldId('comune') }}
            labels={FIELD_LABELS}
            errors={errors}
            values={values}
            province={province}
            comuni={comuni}
            comuniLoading={comuniLoading}
            comuniFailed={comuniFailed}
            comuneMaxLength={80}
            onChange={(field, value) => actor.send({ type: 'field.changed', field, value })}
            onRetry={() => actor.send({ type: 'comuni.retry' })}
          />
          <Field
            id={fieldId('telefono')}
            label={FIELD_LABELS.telefono}
            hint="Cellulare o fisso italiano, ad esempio 333 1234567 o 06 12345678."
            error={errors.telefono}
          >
            {(control) => (
              <input
                {...control}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                maxLength={20}
                value={values.telefono}
                onChange={change('telefono')}
              />
            )}
          </Field>
        </div>
      </fieldset>
      <div className="actions">
        <button type="submit" className="button" disabled={saving}>
          {saving ? 'Salvataggio…' : 'Salva'}
        </button>
      </div>
    </form>
  )
}
