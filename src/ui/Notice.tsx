import { useSelector } from '@xstate/store-react'
import { navigazioneStore } from '../stores/navigazione.ts'

/** The message a guard redirect carries ('Prima di vistare il sito, …'), announced to screen readers. */
export function Notice() {
  const notice = useSelector(navigazioneStore, (s) => s.context.notice)
  if (!notice) return null
  return (
    <div className="notice" role="alert">
      <p>{notice}</p>
      <button
        type="button"
        className="link-button"
        onClick={() => navigazioneStore.trigger.noticeDismissed()}
      >
        Chiudi avviso
      </button>
    </div>
  )
}
