// A small writer over pdfkit for the federation's documents: A4, tagged (headings, paragraphs, lists and tables
// in the structure tree, Italian as the document language) so screen readers read them in order.
import PdfKit from 'pdfkit'

export const FEDERATION = 'Federazione Italiana Sport di Racchetta'
export const PORTAL = 'Portale Federale Racchette'

const COLORS = { blu: '#0b4f8a', bluScuro: '#073459', testo: '#1b1f24', tenue: '#4a5561', riga: '#c9d3dd' }
const MARGIN = 56

export type PdfMeta = {
  title: string
  subject: string
  keywords: string[]
  /** Shown under the title and in the footer, e.g. «Padel · Stagione 2026». */
  subtitle: string
  /** The document's date; fixed, so the same document is the same bytes on every replica. */
  date: Date
  /** A4 upright (default) or on its side (brackets). */
  layout?: 'portrait' | 'landscape'
}

export type Doc = InstanceType<typeof PdfKit>
export type Struct = ReturnType<Doc['struct']>

export type Table = { headers: string[]; rows: (string | number)[][]; widths?: (number | '*')[] }

/** What the document builders write with: one call per block, in reading order. */
export class PdfWriter {
  private section: Struct

  constructor(
    private readonly doc: Doc,
    root: Struct,
  ) {
    this.section = root
  }

  private block(type: string, draw: () => void) {
    this.section.add(this.doc.struct(type, {}, () => draw()))
  }

  /** Keeps a heading with what follows it: a new page when fewer than `space` points are left. */
  private keepRoom(space: number) {
    if (this.doc.y + space > this.doc.page.height - this.doc.page.margins.bottom) this.doc.addPage()
  }

  /** `keep`: the room what follows needs on the same page. */
  heading(text: string, keep = 90) {
    this.keepRoom(keep)
    this.doc.moveDown(0.8)
    this.block('H2', () =>
      this.doc.font('Helvetica-Bold').fontSize(14).fillColor(COLORS.bluScuro).text(text, { paragraphGap: 4 }),
    )
  }

  /** `keep`: the room that what follows needs on the same page (a table's header and first rows). */
  subheading(text: string, keep = 60) {
    this.keepRoom(keep)
    this.doc.moveDown(0.4)
    this.block('H3', () =>
      this.doc.font('Helvetica-Bold').fontSize(11.5).fillColor(COLORS.testo).text(text, { paragraphGap: 2 }),
    )
  }

  paragraph(text: string) {
    this.block('P', () =>
      this.doc
        .font('Helvetica')
        .fontSize(10.5)
        .fillColor(COLORS.testo)
        .text(text, { align: 'justify', lineGap: 1.5, paragraphGap: 5 }),
    )
  }

  /** A numbered paragraph of an article: «1. …». */
  clauses(items: string[]) {
    items.forEach((item, i) => this.paragraph(`${i + 1}. ${item}`))
  }

  bullets(items: string[]) {
    const list = this.doc.struct('L')
    this.section.add(list)
    this.doc
      .font('Helvetica')
      .fontSize(10.5)
      .fillColor(COLORS.testo)
      .list(items, { structParent: list, bulletRadius: 2, textIndent: 12, lineGap: 1.5, paragraphGap: 3 })
    list.end()
    this.doc.moveDown(0.4)
  }

  table(table: Table) {
    this.keepRoom(80)
    this.doc.font('Helvetica').fontSize(9.5).fillColor(COLORS.testo)
    const header = table.headers.map((text) => ({
      text,
      type: 'TH' as const,
      scope: 'Column',
      font: { src: 'Helvetica-Bold' },
      backgroundColor: '#e6f0fa',
    }))
    const rows = table.rows.map((row) => row.map((cell) => String(cell)))
    this.doc.table({
      data: [header, ...rows],
      columnStyles: table.widths ?? table.headers.map(() => '*'),
      defaultStyle: {
        border: 0.5,
        borderColor: COLORS.riga,
        padding: { top: 3, bottom: 3, left: 4, right: 4 },
      },
      // Not yet in @types/pdfkit: tags the table (Table, TR, TH with scope, TD) under the current section.
      structParent: this.section,
    } as Parameters<Doc['table']>[0] & { data: unknown[][] })
    this.doc.x = MARGIN
    this.doc.moveDown(0.6)
  }

  /** An image (a poster) scaled to fit `width` × `height`, centred, with its alternative text. */
  image(file: string, alt: string, width: number, height: number) {
    this.keepRoom(height)
    const x = (this.doc.page.width - width) / 2
    const y = this.doc.y
    this.section.add(
      this.doc.struct('Figure', { alt }, () => {
        this.doc.image(file, x, y, { fit: [width, height], align: 'center' })
      }),
    )
    this.doc.x = MARGIN
    this.doc.y = y + height + 8
  }

  /**
   * Drawing that the blocks above cannot do (a bracket): `draw` gets the pdfkit document, the box it may use
   * from the current position, and the section to add its tagged structure to. A new page when `height`
   * does not fit; afterwards the text goes on under the box.
   */
  custom(
    height: number,
    draw: (doc: Doc, box: { x: number; y: number; width: number; height: number }, section: Struct) => void,
  ) {
    this.keepRoom(height)
    const box = { x: MARGIN, y: this.doc.y, width: this.doc.page.width - 2 * MARGIN, height }
    draw(this.doc, box, this.section)
    this.doc.x = MARGIN
    this.doc.y = box.y + height
  }

  /** The room left on the page, in points, below the current position. */
  roomLeft(): number {
    return this.doc.page.height - this.doc.page.margins.bottom - this.doc.y
  }

  /** Vertical space, in points. */
  space(points: number) {
    this.doc.y += points
  }

  newPage() {
    this.doc.addPage()
  }

  note(text: string, size = 9.5) {
    this.block('P', () =>
      this.doc
        .font('Helvetica-Oblique')
        .fontSize(size)
        .fillColor(COLORS.tenue)
        .text(text, { paragraphGap: 4 }),
    )
  }
}

/** Renders one document: title block, the builder's content, a footer with page numbers on every page. */
export function renderPdf(meta: PdfMeta, build: (writer: PdfWriter) => void): Promise<Buffer> {
  const doc = new PdfKit({
    size: 'A4',
    layout: meta.layout ?? 'portrait',
    margins: { top: MARGIN, bottom: MARGIN + 14, left: MARGIN, right: MARGIN },
    bufferPages: true,
    pdfVersion: '1.7',
    tagged: true,
    lang: 'it-IT',
    displayTitle: true,
    info: {
      Title: meta.title,
      Author: FEDERATION,
      Subject: meta.subject,
      Keywords: meta.keywords.join(', '),
      Creator: PORTAL,
      CreationDate: meta.date,
      ModDate: meta.date,
    },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  const root = doc.struct('Document')
  doc.addStructure(root)

  // Title block.
  doc.rect(0, 0, doc.page.width, 8).fill(COLORS.blu)
  root.add(
    doc.struct('P', {}, () =>
      doc
        .font('Helvetica-Bold')
        .fontSize(9.5)
        .fillColor(COLORS.blu)
        .text(FEDERATION.toUpperCase(), { characterSpacing: 0.6 }),
    ),
  )
  doc.moveDown(0.6)
  root.add(
    doc.struct('H1', {}, () =>
      doc.font('Helvetica-Bold').fontSize(22).fillColor(COLORS.bluScuro).text(meta.title),
    ),
  )
  root.add(
    doc.struct('P', {}, () => doc.font('Helvetica').fontSize(12).fillColor(COLORS.tenue).text(meta.subtitle)),
  )
  doc.moveDown(0.3)
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(doc.page.width - MARGIN, doc.y)
    .lineWidth(1)
    .strokeColor(COLORS.riga)
    .stroke()
  doc.moveDown(0.6)

  build(new PdfWriter(doc, root))
  root.end()

  // Footers: artifacts (not part of the reading order), written once the page count is known.
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    const bottom = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    doc.markContent('Artifact', { type: 'Pagination' })
    doc.fillColor(COLORS.tenue)
    // One line, shortened with «…» when the title is long (pdfkit would wrap it under the page).
    oneLine(
      doc,
      [`${FEDERATION} · ${meta.title}`],
      { x: MARGIN, y: doc.page.height - MARGIN + 8, width: doc.page.width - 2 * MARGIN - 100 },
      { font: 'Helvetica', size: 8.5 },
    )
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .text(
        `Pagina ${i - range.start + 1} di ${range.count}`,
        doc.page.width - MARGIN - 90,
        doc.page.height - MARGIN + 8,
        {
          width: 90,
          align: 'right',
          lineBreak: false,
        },
      )
    doc.endMarkedContent()
    doc.page.margins.bottom = bottom
  }
  doc.end()
  return done
}

/** `text` cut with «…» to fit `width` at the document's current font and size. */
function ellipsize(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text
  let shown = text
  while (shown.length > 1 && doc.widthOfString(`${shown.trimEnd()}…`) > width) shown = shown.slice(0, -1)
  return `${shown.trimEnd()}…`
}

/**
 * Writes names on one line within `width`, never wrapping: at `size`, else at a smaller size down to `minSize`,
 * else each name shortened with «…» (in a pair each keeps its share, so both partners stay readable).
 */
export function oneLine(
  doc: Doc,
  parts: readonly string[],
  box: { x: number; y: number; width: number },
  style: { font: string; size: number; minSize?: number; align?: 'left' | 'right'; prefix?: string },
) {
  const separator = ' / '
  const prefix = style.prefix ?? ''
  doc.font(style.font)
  let size = style.size
  const fits = () => doc.fontSize(size).widthOfString(prefix + parts.join(separator)) <= box.width
  while (!fits() && size > (style.minSize ?? style.size))
    size = Math.max(style.minSize ?? style.size, size - 0.25)
  doc.fontSize(size)
  let shown = prefix + parts.join(separator)
  if (doc.widthOfString(shown) > box.width) {
    const room = box.width - doc.widthOfString(prefix) - doc.widthOfString(separator) * (parts.length - 1)
    const widths = parts.map((p) => doc.widthOfString(p))
    const fair = room / parts.length
    // A name shorter than its share stays whole and leaves the rest to the others.
    const spare = widths.reduce((sum, w) => sum + (w < fair ? fair - w : 0), 0)
    const longer = widths.filter((w) => w >= fair).length
    shown =
      prefix +
      parts
        .map((p, i) => (widths[i]! < fair ? p : ellipsize(doc, p, fair + spare / Math.max(1, longer))))
        .join(separator)
  }
  const x = style.align === 'right' ? box.x + box.width - doc.widthOfString(shown) : box.x
  doc.text(shown, x, box.y, { lineBreak: false })
  return shown
}
