// The URL-kept filters' hook (src/ui/url-query.ts): two changes before a render both land, and once the URL has
// moved on, even back to where a change was built, the URL is the state again.
import { act, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter, useLocation, useNavigate } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useUrlQuery } from '../../src/ui/url-query.ts'

type Q = { a?: string; b?: string }
const searchOf = (q: Q) =>
  new URLSearchParams(Object.entries(q).filter(([, v]) => v !== undefined)).toString()

function Filters() {
  const location = useLocation()
  const navigate = useNavigate()
  const params = new URLSearchParams(location.search)
  const query: Q = { a: params.get('a') ?? undefined, b: params.get('b') ?? undefined }
  const url = useUrlQuery(query, searchOf)
  return (
    <>
      <output data-testid="where">{location.search}</output>
      <button onClick={() => url.go({ ...url.latest(), a: '1' })}>a</button>
      <button onClick={() => url.go({ ...url.latest(), b: '2' })}>b</button>
      <button onClick={() => void navigate(-1)}>indietro</button>
    </>
  )
}

const where = () => screen.getByTestId('where').textContent
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }))

describe('useUrlQuery', () => {
  it('keeps both of two changes made before the page renders the first', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Filters />
      </MemoryRouter>,
    )
    act(() => {
      press('a')
      press('b')
    })
    expect(where()).toBe('?a=1&b=2')
  })

  it('builds on the URL again once the visitor went back to where the last change was built', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Filters />
      </MemoryRouter>,
    )
    press('a')
    expect(where()).toBe('?a=1')
    press('indietro')
    expect(where()).toBe('')
    press('b')
    expect(where()).toBe('?b=2')
  })
})
