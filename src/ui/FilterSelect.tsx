// A filter of a list page: a labelled select whose choice the page writes into its URL; `all` («Tutte») clears it.
export type FilterOption = { value: string | number; label: string }

export function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
  all,
}: {
  id: string
  label: string
  value: string | number | undefined
  onChange: (value: string) => void
  options: readonly FilterOption[]
  all?: string
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        {all !== undefined && <option value="">{all}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}
