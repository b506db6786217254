import { useId } from 'react'
import { isIsoDate } from '../../contract/calendario.ts'

/**
 * A filter's date: the platform's date picker (the best on phones), labelled, reporting a real AAAA-MM-GG date or
 * undefined when emptied; what the browser lets through half-typed is ignored.
 */
export function DateField(props: {
  label: string
  value: string | undefined
  min?: string | undefined
  max?: string | undefined
  /** Added to `field`, for the page's layout. */
  className: string
  onChange: (value: string | undefined) => void
}) {
  const id = useId()
  return (
    <div className={`field ${props.className}`}>
      <label htmlFor={id}>{props.label}</label>
      <input
        id={id}
        type="date"
        value={props.value ?? ''}
        min={props.min}
        max={props.max}
        onChange={(event) => {
          const value = event.target.value
          if (value === '' || isIsoDate(value)) props.onChange(value || undefined)
        }}
      />
    </div>
  )
}
