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

/** What each state shows: its title, its symbol, and which date it names (none for an unknown card). */
const ESITI: Record<
  VerificaTessera['stato'],
  { titolo: string; simbolo: string; data: { etichetta: string; campo: 'valida_dal' | 'valida_al' } | null }
> = {
  valida: {
    titolo: 'Tessera valida',
    simbolo: '✓',
    data: { etichetta: 'Valida fino al', campo: 'valida_al' },
  },
  scaduta: { titolo: 'Tessera scaduta', simbolo: '✕', data: { etichetta: 'Scaduta il', campo: 'valida_al' } },
  futura: {
    titolo: 'Tessera non ancora valida',
    simbolo: '✕',
    data: { etichetta: 'Valida dal', campo: 'valida_dal' },
  },
  non_riconosciuta: { titolo: 'Tessera non riconosciuta', simbolo: '✕', data: null },
}

function Dettaglio({ esito }: { esito: VerificaTessera }) {
  const data = ESITI[esito.stato].data
  const giorno = data ? esito[data.campo] : null
  if (!data || !giorno) return <p>Il codice QR non corrisponde a nessuna tessera della federazione.</p>
  return (
    <dl className="verifica-dati">
      <div>
        <dt>Settore</dt>
        <dd>{esito.settore}</dd>
      </div>
      <div>
        <dt>{data.etichetta}</dt>
        <dd>{giornoInParole(giorno)}</dd>
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
              {ESITI[page.data.stato].simbolo}
            </span>
            <strong>{ESITI[page.data.stato].titolo}</strong>
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
