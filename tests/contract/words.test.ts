// The Italian of a sentence, written once for the pages, the server's messages and the PDFs: «ad Andrea», «ed Elena»,
// «Luca Bianchi», «Tennis» once, «del Circuito …» once, «alle 12:00», «LIMIT 65».
import { describe, expect, it } from 'vitest'
import { CATEGORY_LABELS, categoryLabel } from '../../contract/constants.ts'
import { atTime, momentInWords, timeOfDay } from '../../contract/date-words.ts'
import {
  capitalised,
  circuitWith,
  conjunctionE,
  joinWithE,
  personName,
  prepositionA,
  sectorLabel,
  sortedPersonName,
  toWhom,
} from '../../contract/words.ts'

describe('the d eufonica', () => {
  it('writes «ad» before a word starting with «a», accented or capital, and «a» before anything else', () => {
    expect(toWhom('Andrea Rossi')).toBe('ad Andrea Rossi')
    expect(toWhom('alessia')).toBe('ad alessia')
    expect(toWhom('Àlvaro Ruiz')).toBe('ad Àlvaro Ruiz')
    expect(toWhom('Elena Neri')).toBe('a Elena Neri')
    expect(toWhom('Marco Bianchi')).toBe('a Marco Bianchi')
    expect(prepositionA('Ugo')).toBe('a')
    expect(capitalised(toWhom('Andrea Rossi'))).toBe('Ad Andrea Rossi')
  })

  it('writes «ed» before a word starting with «e», and «e» before anything else', () => {
    expect(conjunctionE('Elena')).toBe('ed')
    expect(conjunctionE('Èlia')).toBe('ed')
    expect(conjunctionE('Andrea')).toBe('e')
    expect(joinWithE(['Luca Bianchi', 'Elena Rossi'])).toBe('Luca Bianchi ed Elena Rossi')
    expect(joinWithE(['Luca', 'Marco', 'Andrea'])).toBe('Luca, Marco e Andrea')
    expect(joinWithE(['Luca'])).toBe('Luca')
    expect(joinWithE([])).toBe('')
  })
})

describe('people, sectors, circuits and ranks', () => {
  it('writes the name before the surname in a sentence, the surname first only where a list is sorted by it', () => {
    expect(personName({ nome: 'Luca', cognome: 'Bianchi' })).toBe('Luca Bianchi')
    expect(sortedPersonName({ nome: 'Luca', cognome: 'Bianchi' })).toBe('Bianchi Luca')
  })

  it('names a sector once when it is called as its discipline', () => {
    expect(sectorLabel('Tennis', 'Tennis')).toBe('Tennis')
    expect(sectorLabel('Tennis', 'Junior')).toBe('Tennis · Junior')
    expect(sectorLabel('Beach Tennis', 'Beach Tennis')).toBe('Beach Tennis')
  })

  it('never writes «del circuito Circuito …»', () => {
    expect(circuitWith('del', 'Circuito Padel Lazio 2026')).toBe('del Circuito Padel Lazio 2026')
    expect(circuitWith('del', 'circuito delle Marche 2026')).toBe('del circuito delle Marche 2026')
    expect(circuitWith('del', 'Grand Prix Toscana 2026')).toBe('del circuito Grand Prix Toscana 2026')
    expect(circuitWith('nel', 'Trofeo Lombardia 2025')).toBe('nel circuito Trofeo Lombardia 2025')
    // A word that only begins like «Circuito» is not the word.
    expect(circuitWith('al', 'Circuitone 2026')).toBe('al circuito Circuitone 2026')
  })
})

describe('the category labels', () => {
  it('are spelt as the regulations write them, one map for the site and the PDFs', () => {
    expect(CATEGORY_LABELS).toEqual({ OPEN: 'OPEN', LIMIT_65: 'LIMIT 65', LIMIT_45: 'LIMIT 45' })
    expect(categoryLabel('LIMIT_45')).toBe('LIMIT 45')
    expect(categoryLabel('ALTRO')).toBe('ALTRO')
    // Not a key of the map, though every object has it.
    expect(categoryLabel('toString')).toBe('toString')
  })
})

describe('times of day', () => {
  it('read «alle 12:00», without a leading zero, and «all’1:30»', () => {
    expect(atTime('12:00')).toBe('alle 12:00')
    expect(atTime('09:05')).toBe('alle 9:05')
    expect(atTime('1:30')).toBe('all’1:30')
    expect(atTime('01:30')).toBe('all’1:30')
    expect(atTime('11:00')).toBe('alle 11:00')
    expect(atTime('0:15')).toBe('alle 0:15')
  })

  it('are Italy’s, in winter and in summer', () => {
    expect(timeOfDay(new Date('2026-03-01T11:00:00Z'))).toBe('12:00')
    expect(timeOfDay(new Date('2026-07-01T07:30:00Z'))).toBe('9:30')
    expect(timeOfDay(new Date('2026-07-01T22:05:00Z'))).toBe('0:05')
    expect(momentInWords(new Date('2026-03-03T11:00:00Z'))).toBe('3 marzo 2026 alle 12:00')
    expect(momentInWords(new Date('2026-04-01T07:30:00Z'))).toBe('1° aprile 2026 alle 9:30')
  })
})
