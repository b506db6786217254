import { describe, expect, it } from 'vitest'
import { SECTOR_IDS } from '../../contract/constants.ts'
import { disciplineLabel } from '../../src/ui/discipline-label.ts'

describe('disciplineLabel', () => {
  it('names the sector only when it adds something to the discipline', () => {
    expect(disciplineLabel('tennis', SECTOR_IDS.TENNIS)).toBe('Tennis')
    expect(disciplineLabel('tennis', SECTOR_IDS.FITPJ)).toBe('Tennis · Junior')
    expect(disciplineLabel('tennis', SECTOR_IDS.WHEELCHAIR)).toBe('Tennis · Wheelchair')
    expect(disciplineLabel('padel', SECTOR_IDS.PADEL)).toBe('Padel')
  })

  it('is null for a discipline it does not know, and the discipline alone for a foreign sector', () => {
    expect(disciplineLabel(null, null)).toBeNull()
    expect(disciplineLabel('squash', 1)).toBeNull()
    expect(disciplineLabel('padel', SECTOR_IDS.TENNIS)).toBe('Padel')
  })
})
