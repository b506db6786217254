import type { Provincia } from '../../../machines/modifica-profilo.ts'
import { Field } from '../../ui/form-ui.tsx'

type Place = 'provincia' | 'comune'

/**
 * A province select, then its comune: a list of the province's comuni, a disabled select while they load or
 * before a province is chosen, a text field when the province has none or they could not be loaded (with
 * «Riprova»). Placed inside a form grid; the machine behind it runs the `comuni` region (comuni-region.ts).
 */
export function ProvinciaComuneFields({
  ids,
  labels,
  errors,
  values,
  province,
  comuni,
  comuniLoading,
  comuniFailed,
  comuneMaxLength,
  onChange,
  onRetry,
}: {
  ids: Record<Place, string>
  labels: Record<Place, string>
  errors: Partial<Record<Place, string>>
  values: Record<Place, string>
  province: readonly Provincia[]
  /** The names of the province's comuni; null while not known, empty: type the comune in. */
  comuni: readonly string[] | null
  comuniLoading: boolean
  comuniFailed: boolean
  comuneMaxLength: number
  onChange: (field: Place, value: string) => void
  onRetry: () => void
}) {
  const change = (field: Place) => (event: { target: { value: string } }) =>
    onChange(field, event.target.value)
  return (
    <>
      <Field id={ids.provincia} label={labels.provincia} error={errors.provincia}>
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
        id={ids.comune}
        label={labels.comune}
        error={errors.comune}
        hint={
          comuniFailed ? 'Non è stato possibile caricare i comuni: scrivi il nome del comune.' : undefined
        }
      >
        {(control) =>
          comuni && comuni.length > 0 ? (
            <select {...control} value={values.comune} onChange={change('comune')}>
              <option value="">Scegli il comune…</option>
              {comuni.map((nome) => (
                <option key={nome} value={nome}>
                  {nome}
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
              maxLength={comuneMaxLength}
              value={values.comune}
              onChange={change('comune')}
            />
          )
        }
      </Field>
      {comuniFailed && (
        <button type="button" className="link-button inline-retry" onClick={onRetry}>
          Riprova a caricare i comuni
        </button>
      )}
    </>
  )
}
