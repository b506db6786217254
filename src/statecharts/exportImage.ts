// Export of the drawing as a standalone SVG file, and as PNG by painting that SVG on a canvas.

/** The drawing (a `<g>` rendered with presentation attributes only) as a standalone SVG document. */
export function standaloneSvg(drawing: SVGGElement, width: number, height: number, title: string): string {
  const margin = 16
  const clone = drawing.cloneNode(true) as SVGGElement
  clone.removeAttribute('transform')
  // Interaction attributes mean nothing in a file.
  for (const element of [clone, ...clone.querySelectorAll('*')]) {
    for (const name of ['tabindex', 'role', 'aria-pressed', 'cursor']) element.removeAttribute(name)
  }
  const w = Math.ceil(width + 2 * margin)
  const h = Math.ceil(height + 2 * margin)
  const escaped = title.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="${-margin} ${-margin} ${w} ${h}">` +
    `<title>${escaped}</title><rect x="${-margin}" y="${-margin}" width="${w}" height="${h}" fill="#ffffff"/>` +
    `${new XMLSerializer().serializeToString(clone)}</svg>`
  )
}

/** Paints an SVG document on a canvas (at `scale`) and returns it as PNG. */
export async function svgToPng(svg: string, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))
  try {
    const image = new Image()
    image.src = url
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = Math.ceil(image.naturalWidth * scale)
    canvas.height = Math.ceil(image.naturalHeight * scale)
    const context = canvas.getContext('2d')
    if (!context) throw new Error('Il browser non permette di disegnare l’immagine.')
    context.scale(scale, scale)
    context.drawImage(image, 0, 0)
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('Immagine PNG non creata.'))),
        'image/png',
      ),
    )
  } finally {
    URL.revokeObjectURL(url)
  }
}
