import { ShareButtons } from '../../ui/ShareButtons.tsx'

/**
 * The share widget of every page (spec §2), in the main and bare layouts. The authentication pages have none:
 * their addresses carry sign-in state, and there is nothing on them worth sending to someone else.
 */
export function ShareSlot() {
  return <ShareButtons />
}
