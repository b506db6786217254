import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { loadConfirmedActionDialog } from '../../src/ui/ConfirmedAction.tsx'

// Lazy pages are transformed on first use: on a busy 2-core machine that alone can exceed the 1 s default.
configure({ asyncUtilTimeout: 5000 })

// The confirmed action's dialog loads on first use in the portal (src/ui/ConfirmedAction.tsx); here it is loaded
// before each file's tests, which walk it as a user would once it is there. A test of its loading resets modules.
await loadConfirmedActionDialog()

afterEach(() => {
  cleanup()
  localStorage.clear()
  sessionStorage.clear()
})
