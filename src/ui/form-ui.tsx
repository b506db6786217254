import { useEffect, useRef, type ReactNode } from 'react'
import './form-ui.css'

export type SummaryItem = { id: string; label: string; message: string }

/**
 * The error summary: the failed save's message and a link to each field in error. It takes the focus after
 * every failed submit (`attempt` grows), so keyboard and screen-reader users land on it.
 */
export function ErrorSummary({
  items,
  formError,
  attempt,
}: {
  items: readonly SummaryItem[]
  formError: string | null
  attempt: number
}) {
  const ref = useRef<HTMLElement>(null)
  useEffect(() => {
    if (attempt > 0) ref.current?.focus()
  }, [attempt])
  if (items.length === 0 && !formError) return null
  return (
    <section ref={ref} className="form-error error-summary" tabIndex={-1} aria-labelledby="riepilogo-errori">
      <h2 id="riepilogo-errori" className="error-summary-title">
        {items.length > 0 ? 'Correggi i dati indicati' : 'Salvataggio non riuscito'}
      </h2>
      {formError && <p>{formError}</p>}
      {items.length > 0 && (
        <ul>
          {items.map((item) => (
            <li key={item.id}>
              <a
                href={`#${item.id}`}
                onClick={(event) => {
                  event.preventDefault()
                  document.getElementById(item.id)?.focus()
                }}
              >
                {item.label}: {item.message}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

export type ControlProps = {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
  'aria-required': true | undefined
}

/** The mark of a required field, beside its label; the form says once what it means. */
export function RequiredMark() {
  return (
    <span className="required-mark" aria-hidden="true">
      {' '}
      *
    </span>
  )
}

/** A labelled field whose hint and error are tied to the control (aria-describedby, aria-invalid). */
export function Field({
  id,
  label,
  hint,
  error,
  required,
  className,
  children,
}: {
  id: string
  label: string
  hint?: ReactNode
  error?: string | undefined
  /** Marked beside the label, and announced as required. */
  required?: boolean
  className?: string
  children: (control: ControlProps) => ReactNode
}) {
  const describedBy = [hint ? `${id}-aiuto` : null, error ? `${id}-errore` : null].filter(Boolean).join(' ')
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {hint && (
        <p id={`${id}-aiuto`} className="field-hint">
          {hint}
        </p>
      )}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        'aria-required': required ? true : undefined,
      })}
      {error && (
        <p id={`${id}-errore`} className="field-error">
          {error}
        </p>
      )}
    </div>
  )
}

/** What a form shows while its data loads: a status for screen readers, shapes for the eye. */
export function FormSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return (
    <div className="form-skeleton">
      <output className="visually-hidden">{label}</output>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="form-skeleton-row" aria-hidden="true">
          <div className="skeleton form-skeleton-label" />
          <div className="skeleton form-skeleton-input" />
        </div>
      ))}
    </div>
  )
}
