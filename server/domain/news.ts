// The rules of news: where a news belongs, how its text is cleaned (comments are stored as plain text, bodies as
// HTML limited to a few tags), its slug, and how a commenter appears.
import sanitizeHtml from 'sanitize-html'
import type { AmbitoNews } from '../../contract/news.ts'

/** Where a news published for `ambito` belongs, from the sector the editor works in. */
export function newsPlacement(ambito: AmbitoNews, scope: { sectorId: number; disciplineId: number }) {
  switch (ambito) {
    case 'settore':
      return { disciplineId: scope.disciplineId, sectorId: scope.sectorId }
    case 'disciplina':
      return { disciplineId: scope.disciplineId, sectorId: null }
    case 'federazione':
      return { disciplineId: null, sectorId: null }
  }
}

const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' }

/**
 * Strips every tag (script and style with their content) and returns plain text. Repeated until nothing
 * changes, so markup written as entities (`&lt;script&gt;`) cannot come back as a tag; a text still changing
 * after five passes (markup encoded deeper) loses its angle brackets instead, so no tag comes back either.
 */
export function plainText(input: string): string {
  let text = input
  let settled = false
  for (let pass = 0; pass < 5 && !settled; pass++) {
    const stripped = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} }).replace(
      /&(amp|lt|gt|quot);/g,
      (entity) => ESCAPED[entity]!,
    )
    settled = stripped === text
    text = stripped
  }
  if (!settled) text = text.replace(/[<>]/g, '')
  return (
    text
      .replace(/\r\n?/g, '\n')
      // oxlint-disable-next-line no-control-regex -- control characters are exactly what is removed
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ')
      .replace(/[ \u00a0]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  )
}

const BODY_TAGS = ['p', 'h2', 'h3', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'blockquote', 'br']

/** The HTML of a news body: only the tags above, links to http(s) and mailto, paragraphs for plain text. */
export function newsBodyHtml(input: string): string {
  const clean = sanitizeHtml(input.replace(/\r\n?/g, '\n'), {
    allowedTags: BODY_TAGS,
    allowedAttributes: { a: ['href', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: {
      b: 'strong',
      i: 'em',
      h1: 'h2',
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }),
    },
  }).trim()
  if (/<(p|h2|h3|ul|ol|blockquote)\b/.test(clean)) return clean
  // Written as plain text: blank lines separate paragraphs, single line breaks stay.
  return clean
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>')}</p>`)
    .join('\n')
}

/** A URL segment from a title: lower case, no accents, words joined by dashes. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')
  return slug || 'news'
}

/** How a commenter appears: first name and the initial of the surname (no e-mail, no full name). */
export function commenterName(person: { nome: string; cognome: string } | undefined): string {
  if (!person) return 'Utente registrato'
  const initial = person.cognome.trim().charAt(0).toUpperCase()
  return initial ? `${person.nome.trim()} ${initial}.` : person.nome.trim()
}
