import { describe, expect, it } from 'vitest'
import { commenterName, newsBodyHtml, newsPlacement, plainText, slugify } from '../../server/domain/news.ts'

describe('news rules', () => {
  const scope = { sectorId: 4, disciplineId: 4332 }

  it('place a news in its sector, its whole discipline, or the whole federation', () => {
    expect(newsPlacement('settore', scope)).toEqual({ sectorId: 4, disciplineId: 4332 })
    expect(newsPlacement('disciplina', scope)).toEqual({ sectorId: null, disciplineId: 4332 })
    expect(newsPlacement('federazione', scope)).toEqual({ sectorId: null, disciplineId: null })
  })

  it('show a commenter by first name and initial, or as a registered user', () => {
    expect(commenterName({ nome: ' Giulia ', cognome: 'rossi' })).toBe('Giulia R.')
    expect(commenterName({ nome: 'Cher', cognome: ' ' })).toBe('Cher')
    expect(commenterName(undefined)).toBe('Utente registrato')
  })

  it('make slugs without accents, at most 80 characters, never empty', () => {
    expect(slugify('Perché il tennis è così bello?')).toBe('perche-il-tennis-e-cosi-bello')
    expect(slugify('a '.repeat(60)).length).toBeLessThanOrEqual(80)
    expect(slugify('a '.repeat(60)).endsWith('-')).toBe(false)
    expect(slugify('!!!')).toBe('news')
  })

  it('strip markup from comments, also when written as entities, and keep a safe subset in bodies', () => {
    expect(plainText('<b>Ciao</b> &lt;script&gt;alert(1)&lt;/script&gt; a tutti')).toBe('Ciao a tutti')
    expect(newsBodyHtml('<h1>T</h1><a href="javascript:x">l</a>')).toBe(
      '<h2>T</h2><a rel="noopener noreferrer">l</a>',
    )
    expect(newsBodyHtml('uno\ndue\n\ntre')).toBe('<p>uno<br>due</p>\n<p>tre</p>')
  })
})
