// The codice fiscale rules of /modifica-profilo: form, check character, and consistency with the person's data
// (server/domain/codice-fiscale.ts), and the message the user reads for each problem.
import { describe, expect, it } from 'vitest'
import {
  codiceFiscaleMessage,
  codiceFiscaleProblems,
  normalizeCodiceFiscale,
} from '../../server/domain/codice-fiscale.ts'

// Mario Rossi, male, born in Rome (Belfiore H501) on 1 January 1980.
const mario = { nome: 'Mario', cognome: 'Rossi', sesso: 'M' as const, dataNascita: '1980-01-01' }
const CF = 'RSSMRA80A01H501U'

describe('normalizeCodiceFiscale', () => {
  it('reads a code typed in lower case or with spaces around it', () => {
    expect(normalizeCodiceFiscale('  rssmra80a01h501u ')).toBe(CF)
  })
})

describe('codiceFiscaleProblems', () => {
  it('finds nothing wrong with the right code for the person, however typed', async () => {
    expect(await codiceFiscaleProblems(CF, mario)).toEqual([])
    expect(await codiceFiscaleProblems(' rssmra80a01h501u', mario)).toEqual([])
  })

  it('stops at the form when the code is not 16 characters of the right kinds', async () => {
    expect(await codiceFiscaleProblems('RSSMRA80A01H501', mario)).toEqual(['forma'])
    expect(await codiceFiscaleProblems('RSSMRA80A01H501UX', mario)).toEqual(['forma'])
    expect(await codiceFiscaleProblems('1SSMRA80A01H501U', mario)).toEqual(['forma'])
  })

  it('stops at the check character when only that is wrong', async () => {
    expect(await codiceFiscaleProblems('RSSMRA80A01H501V', mario)).toEqual(['carattere_controllo'])
  })

  it('names each datum the code does not match, in the order the user should fix them', async () => {
    expect(await codiceFiscaleProblems(CF, { ...mario, cognome: 'Bianchi' })).toEqual(['cognome'])
    expect(await codiceFiscaleProblems(CF, { ...mario, nome: 'Luca' })).toEqual(['nome'])
    expect(await codiceFiscaleProblems(CF, { ...mario, dataNascita: '1980-01-02' })).toEqual(['data_nascita'])
    expect(await codiceFiscaleProblems(CF, { ...mario, sesso: 'F' })).toEqual(['sesso'])
    expect(
      await codiceFiscaleProblems(CF, {
        nome: 'Luca',
        cognome: 'Bianchi',
        sesso: 'F',
        dataNascita: '1981-02-03',
      }),
    ).toEqual(['cognome', 'nome', 'data_nascita', 'sesso'])
  })
})

describe('codiceFiscaleProblems: the birthplace', () => {
  it('tells a code whose birthplace (Belfiore Z999) is no comune or state', async () => {
    expect(await codiceFiscaleProblems('RSSMRA80A01Z999Y', mario)).toEqual(['luogo_nascita'])
  })
})

describe('codiceFiscaleMessage', () => {
  it('says nothing when nothing is wrong', () => {
    expect(codiceFiscaleMessage([])).toBeNull()
  })

  it('describes the expected form', () => {
    expect(codiceFiscaleMessage(['forma'])).toBe(
      'Il codice fiscale non è nel formato corretto: 6 lettere, 2 cifre, 1 lettera, 2 cifre, 1 lettera, 3 cifre e 1 lettera.',
    )
  })

  it('tells a wrong check character as a transcription error', () => {
    expect(codiceFiscaleMessage(['carattere_controllo'])).toBe(
      "Il codice fiscale non è valido: l'ultimo carattere (di controllo) non corrisponde. Verifica di averlo trascritto correttamente.",
    )
  })

  it('lists the data the code does not match, in Italian', () => {
    expect(codiceFiscaleMessage(['cognome', 'nome', 'data_nascita', 'sesso'])).toBe(
      'Il codice fiscale non corrisponde ai dati inseriti (cognome, nome, data di nascita, sesso).',
    )
  })

  it('tells a birthplace that does not exist, after the mismatches', () => {
    expect(codiceFiscaleMessage(['luogo_nascita'])).toBe(
      'Il luogo di nascita indicato dal codice fiscale non esiste o non era valido alla data di nascita.',
    )
    expect(codiceFiscaleMessage(['sesso', 'luogo_nascita'])).toBe(
      'Il codice fiscale non corrisponde ai dati inseriti (sesso). ' +
        'Il luogo di nascita indicato dal codice fiscale non esiste o non era valido alla data di nascita.',
    )
  })
})
