import { useActorRef, useSelector } from '@xstate/react'
import { SPEDIZIONE_LIMITS, type DatiSpedizione } from '../../../contract/profilo.ts'
import {
  SPEDIZIONE_FIELDS,
  SPEDIZIONE_SAVED,
  type SpedizioneField,
} from '../../../machines/dati-spedizione.ts'
import type { Provincia } from '../../../machines/modifica-profilo.ts'
import { journalInspector } from '../../journal/journal.ts'
import { ErrorSummary, Field } from '../../ui/form-ui.tsx'
import { spedizioneLogic } from './profilo-actors.ts'
import { SPEDIZIONE_LABELS, spedizioneValuesFrom, validateSpedizione } from './spedizione.ts'

const fieldId = (field: SpedizioneField) => `spedizione-${field}`

/** The shipping address: where the federation sends the card and what else it ships. */
export function SpedizioneSection({
  saved,
  province,
}: {
  saved: DatiSpedizione | null
  province: readonly Provincia[]
}) {
  const actor = useActorRef(spedizioneLogic, {
    input: { values: spedizioneValuesFrom(saved), province, validate: validateSpedizione },
    inspect: journalInspector,
  })
  const values = useSelector(actor, (s) => s.context.values)
  const errors = useSelector(actor, (s) => s.context.errors)
  const formError = useSelector(actor, (s) => s.context.formError)
  const attempt = useSelector(actor, (s) => s.context.attempt)
  const comuni = useSelector(actor, (s) => s.context.comuni)
  const justSaved = useSelector(actor, (s) => s.context.saved !== null)
  const saving = useSelector(actor, (s) => s.hasTag('saving'))
  const comuniLoading = useSelector(actor, (s) => s.matches({ comuni: 'loading' }))
  const comuniFailed = useSelector(actor, (s) => s.matches({ comuni: 'failed' }))

  const change = (field: SpedizioneField) => (event: { target: { value: string } }) =>
    actor.send({ type: 'field.changed', field, value: event.target.value })
  const summary = SPEDIZIONE_FIELDS.flatMap((field) =>
    errors[field] ? [{ id: fieldId(field), label: SPEDIZIONE_LABELS[field], message: errors[field] }] : [],
  )
  const caps = comuni?.find((c) => c.nome === values.comune)?.cap ?? []

  return (
    <section className="profilo-section" aria-labelledby="titolo-spedizione">
      <h2 id="titolo-spedizione">Dati di spedizione</h2>
      <p className="field-hint">L’indirizzo a cui la federazione spedisce la tessera e ciò che vinci.</p>
      <form
        noValidate
        aria-labelledby="titolo-spedizione"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'form.submit' })
        }}
      >
        <ErrorSummary items={summary} formError={formError} attempt={attempt} />
        <fieldset className="profilo-fieldset" disabled={saving}>
          <legend className="visually-hidden">Indirizzo di spedizione</legend>
          <div className="form two-columns">
            <div className="full">
              <Field id={fieldId('indirizzo')} label={SPEDIZIONE_LABELS.indirizzo} error={errors.indirizzo}>
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    autoComplete="street-address"
                    maxLength={SPEDIZIONE_LIMITS.indirizzo}
                    value={values.indirizzo}
                    onChange={change('indirizzo')}
                  />
                )}
              </Field>
            </div>
            <div className="full">
              <Field
                id={fieldId('presso')}
                label={SPEDIZIONE_LABELS.presso}
                hint="Il nome sul citofono o l’azienda, se diverso dal tuo."
                error={errors.presso}
              >
                {(control) => (
                  <input
                    {...control}
                    type="text"
                    autoComplete="off"
                    maxLength={SPEDIZIONE_LIMITS.presso}
                    value={values.presso}
                    onChange={change('presso')}
                  />
                )}
              </Field>
            </div>
            <Field id={fieldId('provincia')} label={SPEDIZIONE_LABELS.provincia} error={errors.provincia}>
              {(control) => (
                <select {...control} value={values.provincia} onChange={change('provincia')}>
                  <option value="">Scegli la provincia…</option>
                  {province.map((p) => (
                    <option key={p.sigla} value={p.sigla}>
                      {p.nome} ({p.sigla})
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              id={fieldId('comune')}
              label={SPEDIZIONE_LABELS.comune}
              error={errors.comune}
              hint={
                comuniFailed
                  ? 'Non è stato possibile caricare i comuni: scrivi il nome del comune.'
                  : undefined
              }
            >
              {(control) =>
                comuni && comuni.length > 0 ? (
                  <select {...control} value={values.comune} onChange={change('comune')}>
                    <option value="">Scegli il comune…</option>
                    {comuni.map((c) => (
                      <option key={c.nome} value={c.nome}>
                        {c.nome}
                      </option>
                    ))}
                  </select>
                ) : comuniLoading || values.provincia === '' ? (
                  <select {...control} value="" disabled aria-busy={comuniLoading || undefined}>
                    <option value="">
                      {comuniLoading ? 'Caricamento dei comuni…' : 'Scegli prima la provincia'}
                    </option>
                  </select>
                ) : (
                  <input
                    {...control}
                    type="text"
                    autoComplete="address-level2"
                    maxLength={SPEDIZIONE_LIMITS.comune}
                    value={values.comune}
                    onChange={change('comune')}
                  />
                )
              }
            </Field>
            {comuniFailed && (
              <button
                type="button"
                className="link-button inline-retry"
                onClick={() => actor.send({ type: 'comuni.retry' })}
              >
                Riprova a caricare i comuni
              </button>
            )}
            <Field
              id={fieldId('cap')}
              label={SPEDIZIONE_LABELS.cap}
              error={errors.cap}
              hint={caps.length > 1 ? `${values.comune} ha più CAP: indica quello della tua via.` : undefined}
            >
              {(control) => (
                <input
                  {...control}
                  type="text"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  maxLength={5}
                  value={values.cap}
                  onChange={change('cap')}
                />
              )}
            </Field>
          </div>
        </fieldset>
        <div role="status" className="profilo-status">
          {justSaved && <p className="profilo-notice">{SPEDIZIONE_SAVED}</p>}
        </div>
        <div className="actions">
          <button type="submit" className="button" disabled={saving}>
            {saving ? 'Salvataggio…' : 'Salva l’indirizzo'}
          </button>
        </div>
      </form>
    </section>
  )
}
