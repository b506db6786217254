import { useState } from 'react'
import { useParams } from 'react-router'
import { giornoInParole, tessereVerifica, type VerificaTessera } from '../../../contract/tessere.ts'
import { callApi } from '../../api/client.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { formatDateTimeWith } from '../../ui/format.ts'
import { usePageData } from '../../ui/page-data.ts'
import './tessere.css'

const loadVerifica = async (verifica: string): Promise<VerificaTessera> =>
  (await callApi(tessereVerifica, { verifica })).result

const TITOLI: Record<VerificaTessera['stato'], string> = {
  valida: 'Tessera valida',
  scaduta: 'Tessera scaduta',
  futura: 'Tessera non ancora valida',
  non_riconosciuta: 'Tessera non riconosciuta',
}

function Dettaglio({ esito }: { esito: VerificaTessera }) {
  if (esito.stato === 'non_riconosciuta' || !esito.valida_al || !esito.valida_dal) {
    return <p>Il codice QR non corrisponde a nessuna tessera della federazione.</p>
  }
  return (
    <dl className="verifica-dati">
      <div>
        <dt>Settore</dt>
        <dd>{esito.settore}</dd>
      </div>
      <div>
        <dt>
          {esito.stato === 'scaduta'
            ? 'Scaduta il'
            : esito.stato === 'futura'
              ? 'Valida dal'
              : 'Valida fino al'}
        </dt>
        <dd>{giornoInParole(esito.stato === 'futura' ? esito.valida_dal : esito.valida_al)}</dd>
      </div>
    </dl>
  )
}

/**
 * /verifica-tessera/{id}: what a club desk sees when it scans a card's QR code. Validity and sector only, never
 * the holder; the moment of the check is shown so a screenshot of an old check is told apart.
 */
export default function VerificaTesseraPage() {
  const { verifica = '' } = useParams()
  const page = usePageData(loadVerifica, verifica)
  const [checkedAt] = useState(() => new Date())
  return (
    <section className="page verifica-page">
      <PageTitle>Verifica tessera</PageTitle>
      {page.loading && <output className="verifica-attesa">Verifica in corso…</output>}
      {page.failed && <LoadError message={page.error} onRetry={page.retry} />}
      {page.data && (
        <div className={`card verifica-esito verifica-${page.data.stato}`}>
          <p className="verifica-titolo">
            <span aria-hidden="true" className="verifica-simbolo">
              {page.data.stato === 'valida' ? '✓' : '✕'}
            </span>
            <strong>{TITOLI[page.data.stato]}</strong>
          </p>
          <Dettaglio esito={page.data} />
          <p className="verifica-momento">Verifica eseguita {formatDateTimeWith('il', checkedAt)}.</p>
        </div>
      )}
      <p className="verifica-nota">
        Questa pagina mostra soltanto se la tessera è valida e il suo settore: nessun dato personale del
        titolare.
      </p>
    </section>
  )
}
