import { useSelector } from '@xstate/react'
import { useNavigate } from 'react-router'
import { disciplineActor } from '../../app/discipline.ts'
import { navigazioneStore } from '../../stores/navigazione.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { continueTarget } from './continue-target.ts'
import { DisciplineIcon } from './DisciplineIcon.tsx'
import './disciplina.css'

/** /scelta-disciplina: the discipline, its sector when it has several, and "ricorda la scelta". */
export default function SceltaDisciplinaPage() {
  const navigate = useNavigate()
  const loading = useSelector(disciplineActor, (s) => s.matches('loading') || s.matches('idle'))
  const failed = useSelector(disciplineActor, (s) => s.matches('failed'))
  const error = useSelector(disciplineActor, (s) => s.context.error)
  const discipline = useSelector(disciplineActor, (s) => s.context.discipline)
  const disciplina = useSelector(disciplineActor, (s) => s.context.disciplina)
  const sectorId = useSelector(disciplineActor, (s) => s.context.id_settore)
  const settori = useSelector(disciplineActor, (s) => s.context.settori)
  const remember = useSelector(disciplineActor, (s) => s.context.ricorda_scelta)
  const chosen = disciplina !== null && sectorId !== null

  return (
    <section className="page scelta">
      <PageTitle>Scegli la disciplina</PageTitle>
      <p className="scelta-intro">
        Tornei, classifiche, circoli e news seguono la disciplina che scegli. Puoi cambiarla in ogni momento
        dal pulsante in alto.
      </p>

      {loading && (
        <div className="scelta-grid" aria-busy="true" aria-label="Caricamento delle discipline">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="skeleton scelta-skeleton" />
          ))}
        </div>
      )}

      {failed && (
        <LoadError message={error} onRetry={() => disciplineActor.send({ type: 'discipline.retry' })} />
      )}

      {discipline && (
        <form
          className="scelta-form"
          onSubmit={(event) => {
            event.preventDefault()
            void navigate(continueTarget(navigazioneStore.getSnapshot().context.lastLocation))
          }}
        >
          <fieldset className="scelta-fieldset">
            <legend>Disciplina</legend>
            <div className="scelta-grid">
              {discipline.map((d) => (
                <label
                  key={d.id}
                  className={d.disciplina === disciplina ? 'scelta-card selected' : 'scelta-card'}
                >
                  <input
                    type="radio"
                    name="disciplina"
                    value={d.disciplina}
                    checked={d.disciplina === disciplina}
                    onChange={() =>
                      disciplineActor.send({ type: 'discipline.choose', disciplina: d.disciplina })
                    }
                  />
                  <DisciplineIcon code={d.disciplina} />
                  <span className="scelta-name">{d.nome}</span>
                </label>
              ))}
            </div>
          </fieldset>

          {disciplina && settori.length > 1 && (
            <fieldset className="scelta-fieldset">
              <legend>Settore</legend>
              <div className="scelta-sectors">
                {settori.map((s) => (
                  <label
                    key={s.id_settore}
                    className={s.id_settore === sectorId ? 'scelta-chip selected' : 'scelta-chip'}
                  >
                    <input
                      type="radio"
                      name="settore"
                      value={s.id_settore}
                      checked={s.id_settore === sectorId}
                      onChange={() =>
                        disciplineActor.send({
                          type: 'discipline.choose',
                          disciplina,
                          id_settore: s.id_settore,
                        })
                      }
                    />
                    <span>{s.settore}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}

          <label className="checkbox">
            <input
              type="checkbox"
              checked={remember}
              onChange={(event) =>
                disciplineActor.send({ type: 'discipline.rememberChoice', value: event.target.checked })
              }
            />
            <span>
              Ricorda la scelta
              <span className="field-hint">
                {' '}
                La prossima volta entrerai direttamente nella tua disciplina.
              </span>
            </span>
          </label>

          <div className="actions">
            <button type="submit" className="button" disabled={!chosen}>
              Continua
            </button>
          </div>
        </form>
      )}
    </section>
  )
}
