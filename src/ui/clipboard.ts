import { useEffect, useRef, useState } from 'react'

/**
 * Copies a text with the Clipboard API and says how it went, for a live region: `message` is emptied first, so
 * a second copy is announced again, and goes after a while; `failed` tells the view to offer the text to copy by
 * hand. `reset` forgets both (another page, another text).
 */
export function useClipboard(messages: { copied: string; failed: string }) {
  const [message, setMessage] = useState('')
  const [failed, setFailed] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  function announce(text: string) {
    clearTimeout(timer.current)
    setMessage('')
    timer.current = setTimeout(() => {
      setMessage(text)
      timer.current = setTimeout(() => setMessage(''), 6000)
    }, 50)
  }

  async function copy(text: string) {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard API non disponibile')
      await navigator.clipboard.writeText(text)
      setFailed(false)
      announce(messages.copied)
    } catch {
      setFailed(true)
      announce(messages.failed)
    }
  }

  function reset() {
    setMessage('')
    setFailed(false)
  }

  return { message, failed, copy, reset }
}
