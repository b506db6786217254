/**
 * @vitest-environment-options { "url": "https://localhost:8443/home" }
 */
// The sector cookie follows the stored sector, so the server can serve the chosen sector's home.
import { afterEach, expect, it } from 'vitest'
import { disciplinaStore, initialDisciplina } from '../../src/stores/disciplina.ts'
import { startStorageProjection } from '../../src/stores/projection.ts'

const choose = (id_settore: number | null, ricorda_scelta = true) =>
  disciplinaStore.send({
    type: 'synced',
    state: { ...initialDisciplina(), disciplina: id_settore ? 'tennis' : null, id_settore, ricorda_scelta },
  })

let stop: (() => void) | undefined
afterEach(() => {
  stop?.()
  document.cookie = 'settore=; path=/; max-age=0'
})

it('is written with the chosen sector, changed with it and removed when there is none', () => {
  stop = startStorageProjection()
  choose(3)
  expect(document.cookie).toMatch(/(^|; )settore=3(;|$)/)
  expect(localStorage.getItem('id_settore')).toBe('3')
  choose(1, false)
  expect(document.cookie).toMatch(/(^|; )settore=1(;|$)/)
  expect(sessionStorage.getItem('id_settore')).toBe('1')
  choose(null)
  expect(document.cookie).not.toMatch(/settore=/)
})
