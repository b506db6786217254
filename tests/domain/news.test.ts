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

describe('plainText: a comment is stored as plain text, tidied', () => {
  it('keeps the characters that were written as entities, ampersands and quotes included', () => {
    expect(plainText('Tom &amp; Jerry dicono "ciao" &quot;a tutti&quot;')).toBe(
      'Tom & Jerry dicono "ciao" "a tutti"',
    )
    expect(plainText('3 &lt; 5 e 7 &gt; 2')).toBe('3 < 5 e 7 > 2')
  })

  it('never lets markup encoded as entities, however deep, come back as a tag', () => {
    const encode = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    let written = '<script>alert(1)</script> ciao'
    for (let depth = 1; depth <= 8; depth++) {
      written = encode(written)
      const text = plainText(written)
      expect(text, `encoded ${depth} times`).not.toMatch(/<\/?[a-z]/i)
      expect(text, `encoded ${depth} times`).toContain('ciao')
    }
  })

  it('drops the angle brackets of markup encoded deeper than it unpicks, keeping the words', () => {
    const encode = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
    const five = encode(encode(encode(encode(encode('<b>forza</b> ragazzi')))))
    expect(plainText(five)).toBe('bforza/b ragazzi')
  })

  it('turns control characters into spaces and runs of spaces into one', () => {
    expect(plainText('a\u0007b\tc')).toBe('a b c')
    expect(plainText('a  \u00a0 b')).toBe('a b')
  })

  it('writes every line break as one newline, without spaces around it', () => {
    expect(plainText('uno\r\ndue\rtre')).toBe('uno\ndue\ntre')
    expect(plainText('uno \ndue\n tre')).toBe('uno\ndue\ntre')
  })

  it('keeps at most one blank line between paragraphs', () => {
    expect(plainText('uno\n\n\n\n\ndue')).toBe('uno\n\ndue')
    expect(plainText('uno\n\ndue')).toBe('uno\n\ndue')
  })
})

describe('newsBodyHtml: a body keeps a safe subset of HTML', () => {
  it('keeps every allowed tag and drops the others, their text kept', () => {
    const allowed =
      '<h2>a</h2><h3>b</h3><p>c<br />d</p><ul><li>e</li></ul><ol><li>f</li></ol>' +
      '<blockquote>g</blockquote><p><strong>h</strong><em>i</em></p>'
    expect(newsBodyHtml(allowed)).toBe(allowed)
    expect(newsBodyHtml('<p><span>x</span><img src="y.png"><u>y</u></p><script>z()</script>')).toBe(
      '<p>xy</p>',
    )
  })

  it('writes bold and italic as strong and em', () => {
    expect(newsBodyHtml('<p><b>a</b> <i>b</i></p>')).toBe('<p><strong>a</strong> <em>b</em></p>')
  })

  it('keeps http, https and mailto links, opened without access to the portal', () => {
    for (const href of ['http://a.it/x', 'https://a.it/x', 'mailto:redazione@a.it'])
      expect(newsBodyHtml(`<p><a href="${href}" target="_blank">l</a></p>`)).toBe(
        `<p><a href="${href}" rel="noopener noreferrer">l</a></p>`,
      )
  })

  it('drops a link relative to the protocol (another site in disguise)', () => {
    expect(newsBodyHtml('<p><a href="//evil.example/x">l</a></p>')).toBe(
      '<p><a rel="noopener noreferrer">l</a></p>',
    )
  })

  it('makes paragraphs of plain text whatever the line breaks, without blank paragraphs', () => {
    expect(newsBodyHtml('uno\r\ndue\r\n\r\ntre')).toBe('<p>uno<br>due</p>\n<p>tre</p>')
    expect(newsBodyHtml('uno\rdue')).toBe('<p>uno<br>due</p>')
    expect(newsBodyHtml(' uno \n  \n\n tre ')).toBe('<p>uno</p>\n<p>tre</p>')
  })
})

describe('slugify and commenterName, the details', () => {
  it('joins words with one dash whatever separates them', () => {
    expect(slugify('Coppa  Italia -- 2026')).toBe('coppa-italia-2026')
  })

  it('shows a commenter without a surname by the first name alone, trimmed', () => {
    expect(commenterName({ nome: ' Cher ', cognome: '' })).toBe('Cher')
  })
})
