/** The block a page shows when its data could not be loaded: the message, then «Riprova». */
export function LoadError({
  message,
  onRetry,
  secondary = false,
}: {
  message: string | null
  onRetry: () => void
  /** A section of a page (the home's blocks): the button is a secondary one. */
  secondary?: boolean
}) {
  return (
    <div className="form-error" role="alert">
      <p>{message}</p>
      <button type="button" className={secondary ? 'button secondary' : 'button'} onClick={onRetry}>
        Riprova
      </button>
    </div>
  )
}
