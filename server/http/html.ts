// HTML built on the server: the identity service's pages and the hints in the portal's page.

/** Markup that is already safe; everything else interpolated into `markup` is escaped. */
export class Html {
  constructor(readonly value: string) {}
  toString() {
    return this.value
  }
}

type Part = Html | string | number | null | undefined | false | readonly Part[]

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}

function renderPart(part: Part): string {
  if (part === null || part === undefined || part === false) return ''
  if (part instanceof Html) return part.value
  if (Array.isArray(part)) return part.map(renderPart).join('')
  return escapeHtml(String(part))
}

/**
 * Escaping template tag. Not called `html` on purpose: Prettier would reformat the markup of an `html`
 * template as embedded HTML, changing the pages (and their whitespace) behind our back.
 */
export function markup(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0]!
  values.forEach((value, i) => {
    out += renderPart(value) + strings[i + 1]!
  })
  return new Html(out)
}

/** A JSON block for the page's script to read: `<` escaped, so no value can close the element. */
export function jsonScript(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${escapeHtml(id)}">${json}</script>`
}
