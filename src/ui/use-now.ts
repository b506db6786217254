// The current instant for a view that shows a rule of time (a result opens when the match begins, a proposed date
// is at most a year ahead): read once when the view mounts, then every `everyMs`, so the page follows the clock
// without a reload and the render itself stays pure.
import { useEffect, useState } from 'react'

/** The current instant, refreshed every `everyMs` (a minute by default). */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date())
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}
