import type { ReactNode } from 'react'

/** What opens a confirmed dialog: a button with its label and style, disabled when the machine says no. */
export function buttonTrigger(label: string, className: string, disabled = false) {
  return function trigger(open: () => void): ReactNode {
    return (
      <button type="button" className={className} disabled={disabled} onClick={open}>
        {label}
      </button>
    )
  }
}
