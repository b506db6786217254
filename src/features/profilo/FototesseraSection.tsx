import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { FOTOTESSERA } from '../../../contract/profilo.ts'
import { MAX_ZOOM, type PhotoShown } from '../../../machines/fototessera.ts'
import { journalInspector } from '../../journal/journal.ts'
import { drawCrop, loadImage } from './crop.ts'
import { fototesseraLogic, rememberChosenFile } from './profilo-actors.ts'

/** The card photo: the stored one (or none), choose a file, crop it with a live preview, save; or remove it. */
export function FototesseraSection({ photo }: { photo: PhotoShown | null }) {
  const actor = useActorRef(fototesseraLogic, { input: { photo }, inspect: journalInspector })
  const stored = useSelector(actor, (s) => s.context.photo)
  const image = useSelector(actor, (s) => s.context.image)
  const crop = useSelector(actor, (s) => s.context.crop)
  const error = useSelector(actor, (s) => s.context.error)
  const notice = useSelector(actor, (s) => s.context.notice)
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const cropping = useSelector(actor, (s) => s.matches('cropping') || s.matches('uploading'))
  const uploading = useSelector(actor, (s) => s.matches('uploading'))
  const removing = useSelector(actor, (s) => s.matches('removing'))
  const canvas = useRef<HTMLCanvasElement>(null)

  useEffect(() => {
    if (!image || !canvas.current) return
    let live = true
    void loadImage(image.src).then((source) => {
      if (live && canvas.current) drawCrop(canvas.current, source, image, crop)
    })
    return () => {
      live = false
    }
  }, [image, crop])

  const setCrop = (change: Partial<typeof crop>) =>
    actor.send({ type: 'crop.changed', crop: { ...crop, ...change } })

  return (
    <section className="profilo-section" aria-labelledby="titolo-fototessera">
      <h2 id="titolo-fototessera">Fototessera</h2>
      <p className="field-hint">
        Una foto del viso, di fronte, su sfondo chiaro: compare sulla tessera (35 × 45 mm). JPEG, PNG o WebP,
        al massimo {FOTOTESSERA.maxBytes / 1024 / 1024} MB. Prima di salvarla la ritagli qui; il server la
        ripulisce dai dati nascosti (posizione, data, fotocamera).
      </p>
      <div role="status" className="profilo-status">
        {notice && <p className="profilo-notice">{notice}</p>}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}

      {!cropping && (
        <div className="fototessera-current">
          {stored ? (
            <img
              className="fototessera-img"
              src={stored.src}
              alt="La tua fototessera"
              width={140}
              height={180}
            />
          ) : (
            <div className="fototessera-empty" role="img" aria-label="Nessuna fototessera">
              Nessuna foto
            </div>
          )}
          <div className="fototessera-actions">
            <label className="button" htmlFor="fototessera-file">
              {stored ? 'Cambia la fototessera' : 'Scegli la fototessera'}
            </label>
            <input
              id="fototessera-file"
              className="visually-hidden"
              type="file"
              accept={FOTOTESSERA.accept}
              disabled={busy}
              onChange={(event) => {
                const chosen = event.target.files?.[0]
                event.target.value = ''
                if (!chosen) return
                rememberChosenFile(chosen)
                actor.send({
                  type: 'file.chosen',
                  file: { name: chosen.name, type: chosen.type, size: chosen.size },
                })
              }}
            />
            {stored && (
              <button
                type="button"
                className="link-button"
                disabled={busy}
                onClick={() => actor.send({ type: 'photo.remove' })}
              >
                {removing ? 'Rimozione…' : 'Rimuovi la fototessera'}
              </button>
            )}
          </div>
        </div>
      )}

      {cropping && image && (
        <fieldset className="fototessera-crop" disabled={uploading}>
          <legend>Ritaglia la foto</legend>
          <div className="fototessera-crop-layout">
            <figure className="fototessera-preview">
              <canvas
                ref={canvas}
                width={FOTOTESSERA.width}
                height={FOTOTESSERA.height}
                role="img"
                aria-label="Anteprima della fototessera ritagliata"
              />
              <figcaption>Anteprima (35 × 45 mm)</figcaption>
            </figure>
            <div className="fototessera-controls">
              <label htmlFor="crop-zoom">Ingrandimento</label>
              <input
                id="crop-zoom"
                type="range"
                min={1}
                max={MAX_ZOOM}
                step={0.05}
                value={crop.zoom}
                aria-valuetext={`${Math.round(crop.zoom * 100)} %`}
                onChange={(event) => setCrop({ zoom: Number(event.target.value) })}
              />
              <label htmlFor="crop-x">Posizione orizzontale</label>
              <input
                id="crop-x"
                type="range"
                min={0}
                max={1}
                step={0.01}
                value={crop.x}
                aria-valuetext={positionText(crop.x, HORIZONTAL)}
                onChange={(event) => setCrop({ x: Number(event.target.value) })}
              />
              <label htmlFor="crop-y">Posizione verticale</label>
              <input
                id="crop-y"
                type="range"
                min={0}
                max={1}
                step={0.01}
                value={crop.y}
                aria-valuetext={positionText(crop.y, VERTICAL)}
                onChange={(event) => setCrop({ y: Number(event.target.value) })}
              />
              <div className="actions">
                <button type="button" className="button" onClick={() => actor.send({ type: 'crop.confirm' })}>
                  {uploading ? 'Invio…' : 'Salva la fototessera'}
                </button>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => actor.send({ type: 'crop.cancel' })}
                >
                  Annulla
                </button>
              </div>
            </div>
          </div>
        </fieldset>
      )}
    </section>
  )
}

const HORIZONTAL = [
  'tutta a sinistra',
  'verso sinistra',
  'al centro',
  'verso destra',
  'tutta a destra',
] as const
const VERTICAL = ['tutta in alto', 'verso l’alto', 'al centro', 'verso il basso', 'tutta in basso'] as const

/** The position slider's value in words, for a screen reader. */
function positionText(value: number, words: readonly [string, string, string, string, string]): string {
  if (value <= 0.02) return words[0]
  if (value >= 0.98) return words[4]
  if (Math.abs(value - 0.5) < 0.05) return words[2]
  return value < 0.5 ? words[1] : words[3]
}
