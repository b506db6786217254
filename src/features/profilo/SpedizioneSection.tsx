import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { SPEDIZIONE_LIMITS, type DatiSpedizione } from '../../../contract/profilo.ts'
import {
  SPEDIZIONE_FIELDS,
  SPEDIZIONE_SAVED,
  type SpedizioneField,
} from '../../../machines/dati-spedizione.ts'
import type { Provincia } from '../../../machines/modifica-profilo.ts'
import { journalInspector } from '../../journal/journal.ts'
import { ErrorSummary, Field } from '../../ui/form-ui.tsx'
import { ProvinciaComuneFields } from './ProvinciaComuneFields.tsx'
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
  const nomi = useMemo(() => comuni?.map((c) => c.nome) ?? null, [comuni])

  /** A text field of the address, with its label, error and optional hint. */
  const textField = (
    field: 'indirizzo' | 'presso' | 'cap',
    input: { autoComplete: string; maxLength: number; inputMode?: 'numeric' },
    hint?: string,
  ) => (
    <Field id={fieldId(field)} label={SPEDIZIONE_LABELS[field]} hint={hint} error={errors[field]}>
      {(control) => (
        <input {...control} type="text" {...input} value={values[field]} onChange={change(field)} />
      )}
    </Field>
  )

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
              {textField('indirizzo', {
                autoComplete: 'street-address',
                maxLength: SPEDIZIONE_LIMITS.indirizzo,
              })}
            </div>
            <div className="full">
              {textField(
                'presso',
                { autoComplete: 'off', maxLength: SPEDIZIONE_LIMITS.presso },
                'Il nome sul citofono o l’azienda, se diverso dal tuo.',
              )}
            </div>
            <ProvinciaComuneFields
              ids={{ provincia: fieldId('provincia'), comune: fieldId('comune') }}
              labels={SPEDIZIONE_LABELS}
              errors={errors}
              values={values}
              province={province}
              comuni={nomi}
              comuniLoading={comuniLoading}
              comuniFailed={comuniFailed}
              comuneMaxLength={SPEDIZIONE_LIMITS.comune}
              onChange={(field, value) => actor.send({ type: 'field.changed', field, value })}
              onRetry={() => actor.send({ type: 'comuni.retry' })}
            />
            {textField(
              'cap',
              { autoComplete: 'postal-code', maxLength: 5, inputMode: 'numeric' },
              caps.length > 1 ? `${values.comune} ha più CAP: indica quello della tua via.` : undefined,
            )}
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
