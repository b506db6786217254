import type { ReactNode } from 'react'

/** What opens a confirmed dialog: a button with its label and style, disabled when the machine says no. */
export function buttonTrigger(label: string, className: string, disabled = false, describedBy?: string) {
  return function trigger(open: () => void): ReactNode {
    return (
      <button
        type="button"
        className={className}
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={open}
      >
        {label}
      </button>
    )
  }
}
