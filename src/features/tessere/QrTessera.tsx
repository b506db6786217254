import { useEffect, useState } from 'react'

/** A card's QR code as an SVG image, drawn in the browser by `qrcode` (loaded with the first card shown). */
export function QrTessera({ url, codice }: { url: string; codice: string }) {
  const [svg, setSvg] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    void import('qrcode')
      .then((qr) => qr.toString(url, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((text) => current && setSvg(text))
      .catch(() => current && setSvg(null))
    return () => {
      current = false
    }
  }, [url])
  const alt = `Codice QR per verificare la tessera n. ${codice}`
  if (!svg) return <div className="tessera-qr-immagine skeleton" role="img" aria-label={alt} />
  return (
    <img
      className="tessera-qr-immagine"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={alt}
      width={132}
      height={132}
    />
  )
}
