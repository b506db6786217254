// The viewer's legend explains every mark the first view of a large machine draws (issue 22, item 5): the
// folded compound state («N stati al suo interno», its + / − button) and the dot where grouped failures meet
// («qualsiasi errore»), in the drawing's own words, as text a screen reader reads (the samples are decoration).
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { machineById } from '../../machines/index.ts'
import { Drawing } from '../../src/statecharts/Drawing.tsx'
import { defaultExpanded } from '../../src/statecharts/fold.ts'
import { machineGraph } from '../../src/statecharts/graph.ts'
import { FAILURE_GROUP_LABEL, foldedNote, layoutMachine } from '../../src/statecharts/layout.ts'
import { Legend } from '../../src/statecharts/Legend.tsx'

const entries = () => {
  render(<Legend />)
  const legend = screen.getByRole('region', { name: 'Legenda' })
  return within(legend).getAllByRole('listitem')
}
const entryWith = (text: string, items = entries()) => items.filter((li) => li.textContent?.includes(text))

describe('the statechart viewer’s legend', () => {
  it('explains the folded compound state: what it says of what it hides, and its + / − button', () => {
    const [folded, ...others] = entryWith('stati al suo interno')
    expect(others).toEqual([])
    expect(folded!.textContent).toContain(`«${foldedNote(4)}»`)
    expect(folded!.textContent).toMatch(/chiuso/)
    expect(folded!.textContent).toMatch(/«\+» lo apre/)
    expect(folded!.textContent).toMatch(/«−» lo richiude/)
    // The sample is drawn, not read: the text says it all.
    expect(folded!.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true')
    expect(within(folded!).getByText(foldedNote(4), { exact: false })).toBeDefined()
  })

  it('explains the dot where several failures meet, and the one arrow «qualsiasi errore» on from it', () => {
    const [junction, ...others] = entryWith(FAILURE_GROUP_LABEL)
    expect(others).toEqual([])
    expect(junction!.textContent).toContain(`«${FAILURE_GROUP_LABEL}»`)
    expect(junction!.textContent).toMatch(/pallino/)
    expect(junction!.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true')
    // The dot of the sample is the drawing's: a circle, with the lines that meet in it and the arrow on.
    expect(junction!.querySelectorAll('svg circle')).toHaveLength(1)
  })

  it('has an entry for each mark the session’s first view draws: folded boxes, toggles and a junction', () => {
    const session = machineById('session')!
    const graph = machineGraph(session.machine, session.labels, session.title)
    const { container, unmount } = render(
      <svg>
        <Drawing
          layout={layoutMachine(graph, { expanded: defaultExpanded(graph) })}
          selection={null}
          highlight={{ active: new Set(), taken: new Set(), covered: null }}
          onSelect={() => undefined}
          onToggle={() => undefined}
        />
      </svg>,
    )
    // What the first view shows (so the entries below are not about marks it never draws).
    expect(container.querySelectorAll('[data-kind="toggle"][aria-expanded="false"]').length).toBeGreaterThan(
      0,
    )
    expect(container.querySelectorAll('[data-kind="junction"]')).toHaveLength(1)
    expect(container.textContent).toContain('stati al suo interno')
    expect(container.textContent).toContain(FAILURE_GROUP_LABEL)
    unmount()
    const items = entries()
    expect(entryWith('stati al suo interno', items)).toHaveLength(1)
    expect(entryWith(FAILURE_GROUP_LABEL, items)).toHaveLength(1)
  })
})
