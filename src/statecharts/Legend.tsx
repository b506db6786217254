// What each mark of the drawing means, drawn with the same colours and said in the drawing's own words.
import { COLORS } from './Drawing.tsx'
import { FAILURE_GROUP_LABEL, foldedNote } from './layout.ts'

function Sample({ children }: { children: React.ReactNode }) {
  return (
    <svg width="46" height="26" viewBox="0 0 46 26" aria-hidden="true" focusable="false">
      {children}
    </svg>
  )
}

export function Legend() {
  return (
    <section className="legend" aria-labelledby="titolo-legenda">
      <h2 id="titolo-legenda">Legenda</h2>
      <ul>
        <li>
          <Sample>
            <rect
              x="2"
              y="3"
              width="42"
              height="20"
              rx="6"
              fill={COLORS.state}
              stroke={COLORS.border}
              strokeWidth="1.5"
            />
          </Sample>
          Uno stato: una situazione in cui il portale si trova.
        </li>
        <li>
          <Sample>
            <rect x="2" y="2" width="42" height="22" rx="6" fill={COLORS.compound} stroke={COLORS.border} />
            <rect x="14" y="10" width="20" height="10" rx="3" fill={COLORS.state} stroke={COLORS.border} />
          </Sample>
          Uno stato composto: contiene altri stati (a tratteggio, le parti attive insieme di uno stato
          parallelo).
        </li>
        <li>
          <Sample>
            <rect x="2" y="2" width="36" height="18" rx="6" fill={COLORS.compound} stroke={COLORS.border} />
            <path d="M8,23 H32 M41,8 V16" stroke={COLORS.border} strokeWidth="1.5" fill="none" />
            <rect x="24" y="5" width="11" height="11" rx="2" fill={COLORS.state} stroke={COLORS.border} />
            <path d="M26.5,10.5 H32.5 M29.5,7.5 V13.5" stroke={COLORS.text} strokeWidth="1.5" />
          </Sample>
          Uno stato composto chiuso: al posto degli stati che contiene dice quanti sono (per esempio «
          {foldedNote(4)}»), e le frecce da o verso quegli stati partono o arrivano al suo riquadro. Il
          pulsante «+» lo apre, «−» lo richiude.
        </li>
        <li>
          <Sample>
            <circle cx="8" cy="13" r="5" fill={COLORS.text} />
            <path d="M14,13 L40,13" stroke={COLORS.text} strokeWidth="1.5" />
            <path d="M36,9 L42,13 L36,17 z" fill={COLORS.text} />
          </Sample>
          Il pallino nero indica lo stato da cui si parte.
        </li>
        <li>
          <Sample>
            <rect
              x="2"
              y="3"
              width="42"
              height="20"
              rx="6"
              fill={COLORS.state}
              stroke={COLORS.border}
              strokeWidth="1.5"
            />
            <rect x="5" y="6" width="36" height="14" rx="4" fill="none" stroke={COLORS.border} />
          </Sample>
          Doppio bordo: stato finale, dove la macchina ha concluso.
        </li>
        <li>
          <Sample>
            <circle cx="23" cy="13" r="11" fill={COLORS.state} stroke={COLORS.border} strokeWidth="1.5" />
            <text x="23" y="18" textAnchor="middle" fontSize="13" fontWeight="bold" fill={COLORS.text}>
              H
            </text>
          </Sample>
          Ripresa: si torna allo stato in cui si era prima di uscire.
        </li>
        <li>
          <Sample>
            <path d="M2,13 L40,13" stroke={COLORS.edge} strokeWidth="1.5" />
            <path d="M36,9 L42,13 L36,17 z" fill={COLORS.edge} />
          </Sample>
          Una transizione: ciò che la provoca (un gesto dell’utente o l’esito di un’operazione, come «dati
          caricati» o «dati non caricati») e, tra parentesi quadre, la condizione.
        </li>
        <li>
          <Sample>
            <path d="M2,13 L40,13" stroke={COLORS.edge} strokeWidth="1.5" strokeDasharray="5 3" />
            <path d="M36,9 L42,13 L36,17 z" fill={COLORS.edge} />
          </Sample>
          Tratteggiata: avviene da sola, senza un evento, appena la condizione è vera.
        </li>
        <li>
          <Sample>
            <path d="M2,3 L20,13 M2,23 L20,13" stroke={COLORS.edge} strokeWidth="1.5" fill="none" />
            <circle cx="21" cy="13" r="4.5" fill={COLORS.edge} />
            <path d="M25,13 L40,13" stroke={COLORS.edge} strokeWidth="1.5" />
            <path d="M36,9 L42,13 L36,17 z" fill={COLORS.edge} />
          </Sample>
          Il pallino dove più frecce si uniscono: gli errori di più stati che portano allo stesso stato,
          disegnati come una sola freccia «{FAILURE_GROUP_LABEL}».
        </li>
        <li>
          <Sample>
            <text x="2" y="18" fontSize="13" fill={COLORS.muted}>
              ↻ ev.
            </text>
          </Sample>
          Dentro un riquadro: un evento che aggiorna i dati restando nello stesso stato.
        </li>
        <li>
          <Sample>
            <rect
              x="2"
              y="3"
              width="42"
              height="20"
              rx="6"
              fill={COLORS.active}
              stroke={COLORS.activeBorder}
              strokeWidth="3"
            />
          </Sample>
          In giallo: lo stato attuale (dal vivo o nella riproduzione di un registro).
        </li>
        <li>
          <Sample>
            <rect
              x="2"
              y="3"
              width="19"
              height="20"
              rx="5"
              fill={COLORS.coveredFill}
              stroke={COLORS.covered}
              strokeWidth="1.5"
            />
            <rect
              x="25"
              y="3"
              width="19"
              height="20"
              rx="5"
              fill={COLORS.uncoveredFill}
              stroke={COLORS.uncovered}
              strokeWidth="1.5"
            />
          </Sample>
          Copertura: in verde ciò che i percorsi di prova generati attraversano, in rosso ciò che non
          attraversano.
        </li>
      </ul>
    </section>
  )
}
