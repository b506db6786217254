// What a dialog does with the browser's history and the focus (issue 19, item 5): Back closes an open dialog
// instead of leaving the page, and closing it puts the focus back on the control that opened it, or on the same
// control drawn again when the section reloads after «Chiudi».
import { useEffect, useRef } from 'react'

const MARK = 'dialogoAperto'
/** Entries this module takes back itself (closing by a button): their popstate is not the user's Back. */
let ownBacks = 0
/** What waits for those entries to be taken back (a page to open after «Chiudi»). */
let afterOwnBacks: (() => void)[] = []

/**
 * Runs `next` once the dialogs' own history entries are taken back: a navigation made at once would be undone by
 * the pending Back (the page opened after «Chiudi» went straight back to the form), or leave the entry behind.
 */
export function afterDialogHistory(next: () => void) {
  if (ownBacks > 0) afterOwnBacks.push(next)
  else next()
}

/** One of the dialogs' own Backs has arrived; when none is left, what waited for them runs. */
function ownBackArrived() {
  ownBacks--
  if (ownBacks > 0) return
  const waiting = afterOwnBacks
  afterOwnBacks = []
  for (const next of waiting) next()
}

/**
 * While `open`, the page has one more history entry (same address, the router's state kept): Back removes it and
 * calls `onBack`, which closes the dialog when it can (true) or not (false: the entry is put back). The router
 * never sees these popstates. Closed otherwise, the entry is taken back.
 */
export function useBackCloses(open: boolean, onBack: () => boolean) {
  const latest = useRef(onBack)
  useEffect(() => {
    latest.current = onBack
  })
  useEffect(() => {
    if (!open) return
    window.history.pushState({ ...window.history.state, [MARK]: true }, '')
    let popped = false
    const onPop = (event: PopStateEvent) => {
      event.stopImmediatePropagation()
      if (ownBacks > 0) {
        ownBackArrived()
        return
      }
      if (latest.current()) popped = true
      else window.history.pushState({ ...window.history.state, [MARK]: true }, '')
    }
    // Capture on window runs before the router's own listener, which must not take this for a navigation.
    window.addEventListener('popstate', onPop, { capture: true })
    return () => {
      window.removeEventListener('popstate', onPop, { capture: true })
      if (popped || window.history.state?.[MARK] !== true) return
      ownBacks++
      const swallow = (event: PopStateEvent) => {
        if (ownBacks <= 0) return
        event.stopImmediatePropagation()
        window.removeEventListener('popstate', swallow, { capture: true })
        ownBackArrived()
      }
      window.addEventListener('popstate', swallow, { capture: true })
      window.history.back()
    }
  }, [open])
}

const FOLLOW_MS = 5000
const textOf = (element: Element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').trim()
const usable = (element: Element) => !(element as HTMLButtonElement).disabled

/**
 * Puts the focus back on `target`; when the section reloads and draws the control again (a new element with the
 * same name), on that one, unless the user has moved on meanwhile.
 */
export function returnFocus(target: HTMLElement | null) {
  if (!target) return
  const label = textOf(target)
  const tag = target.tagName
  const lost = () => document.activeElement === null || document.activeElement === document.body
  const focus = (element: Element) => (element as HTMLElement).focus()
  requestAnimationFrame(() => {
    if (target.isConnected && usable(target) && document.activeElement !== target && lost()) focus(target)
  })
  const observer = new MutationObserver(() => {
    if (target.isConnected) return
    if (!lost()) return stop()
    const again = [...document.querySelectorAll(tag)].find((e) => textOf(e) === label && usable(e))
    if (again) {
      focus(again)
      stop()
    }
  })
  const stop = () => {
    observer.disconnect()
    clearTimeout(timer)
  }
  const timer = setTimeout(stop, FOLLOW_MS)
  observer.observe(document.body, { childList: true, subtree: true })
}
