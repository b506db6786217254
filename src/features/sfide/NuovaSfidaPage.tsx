// /sfide/nuova: propose a challenge in the chosen sector. Singles or doubles; the opponents (and in doubles the
// partner) are found among the players the server proposes; a date, a message and the public board are optional.
// The proposal goes through the confirmed-action dialog and, once made, the page opens the new challenge.
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useId, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { CHALLENGE_RULES } from '../../../contract/constants.ts'
import { proposalDateProblem, proposalRefusal, SFIDA_SEARCH_MIN_LENGTH } from '../../../contract/sfide.ts'
import { joinWithE, toWhom } from '../../../contract/words.ts'
import { href } from '../../app/paths.ts'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { utenteStore } from '../../stores/utente.ts'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { useNow } from '../../ui/use-now.ts'
import { sectorLabel } from './format.ts'
import { GiocatoreCombo, type Chosen } from './GiocatoreCombo.tsx'
import { NoPerson } from './NoPerson.tsx'
import { createdId, submitPropose, type NuovaSfida } from './sfide-actors.ts'
import { MESSAGE_MAX } from './texts.ts'
import './sfide.css'

type Specialita = NuovaSfida['specialita']

type Form = {
  specialita: Specialita
  avversario: Chosen | null
  secondoAvversario: Chosen | null
  compagno: Chosen | null
  data: string
  messaggio: string
  pubblica: boolean
}

const EMPTY: Form = {
  specialita: 'singolare',
  avversario: null,
  secondoAvversario: null,
  compagno: null,
  data: '',
  messaggio: '',
  pubblica: false,
}

/** The request as the contract takes it: only the players chosen, empty fields left out. */
function requestOf(idSettore: number, form: Form): NuovaSfida {
  const doppio = form.specialita === 'doppio'
  const avversari = [form.avversario, doppio ? form.secondoAvversario : null]
    .filter((p): p is Chosen => p !== null)
    .map((p) => p.id)
  const messaggio = form.messaggio.trim()
  return {
    id_settore: idSettore,
    specialita: form.specialita,
    avversari,
    ...(doppio && form.compagno ? { id_compagno: form.compagno.id } : {}),
    ...(form.pubblica ? { pubblica: true } : {}),
    ...(form.data ? { data_proposta: new Date(form.data).toISOString() } : {}),
    ...(messaggio ? { messaggio } : {}),
  }
}

export default function NuovaSfidaPage() {
  const details = useStoreSelector(utenteStore, (s) => s.context.details)
  const idSettore = useStoreSelector(disciplinaStore, (s) => s.context.id_settore)
  return (
    <section className="page sfide-page">
      <p className="sfide-back">
        <Link to={href('sfide')}>← Le mie sfide</Link>
      </p>
      <PageTitle>Lancia una sfida</PageTitle>
      {details !== null && details.id_persona === null ? (
        <NoPerson />
      ) : idSettore === null ? (
        <div className="empty-state">
          <p>
            Le sfide si giocano in una disciplina:{' '}
            <Link to={href('sceltaDisciplina')}>scegli la disciplina</Link>, poi torna qui.
          </p>
        </div>
      ) : (
        <NuovaSfidaForm key={idSettore} idSettore={idSettore} me={details?.id_persona ?? null} />
      )}
    </section>
  )
}

function NuovaSfidaForm({ idSettore, me }: { idSettore: number; me: number | null }) {
  const [form, setForm] = useState<Form>(EMPTY)
  const now = useNow()
  const navigate = useNavigate()
  const created = useRef<number | null>(null)
  const id = useId()
  const doppio = form.specialita === 'doppio'
  const request = requestOf(idSettore, form)
  const chosen = [form.avversario, doppio ? form.secondoAvversario : null, doppio ? form.compagno : null]
  const taken = (except: Chosen | null) => [
    ...(me === null ? [] : [me]),
    ...chosen.filter((p): p is Chosen => p !== null && p !== except).map((p) => p.id),
  ]
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) =>
      setForm((f) => ({ ...f, [key]: value }))
  // The players to find: in doubles the partner first, then the opponents (the second may come later).
  const players = [
    ...(doppio
      ? [
          {
            key: 'compagno' as const,
            label: 'Il tuo compagno',
            hint: 'Facoltativo: senza compagno il posto resta libero (in bacheca lo prende chi vuole).',
          },
        ]
      : []),
    {
      key: 'avversario' as const,
      label: doppio ? 'Primo avversario' : 'Avversario',
      hint: `Scrivi almeno ${SFIDA_SEARCH_MIN_LENGTH} lettere: compaiono i giocatori della disciplina che accettano sfide.`,
    },
    ...(doppio
      ? [
          {
            key: 'secondoAvversario' as const,
            label: 'Secondo avversario',
            hint: 'Facoltativo: il posto libero si può riempire più tardi.',
          },
        ]
      : []),
  ]
  // The server's own rule (contract/sfide.ts): someone to play against (an invited opponent, or the board), the
  // sides, a date not in the past nor too far ahead. The date's problem is said beside its field, the rest below.
  const dataProposta = request.data_proposta ? new Date(request.data_proposta) : null
  const dateProblem = dataProposta ? proposalDateProblem(dataProposta, now) : null
  const refusal =
    proposalRefusal({
      creatore: me,
      doppio,
      compagno: request.id_compagno ?? null,
      avversari: request.avversari,
      pubblica: form.pubblica,
      dataProposta,
      now,
    }) ?? null
  const ready = refusal === null
  const missing = refusal === dateProblem ? null : refusal
  const opponents = chosen.slice(0, 2).filter((p): p is Chosen => p !== null)
  const confirmText =
    `Vuoi lanciare la sfida di ${doppio ? 'doppio' : 'singolare'} (${sectorLabel(idSettore)})` +
    (opponents.length > 0 ? ` ${toWhom(joinWithE(opponents.map((p) => p.name)))}` : '') +
    `?${form.pubblica ? ' Sarà in bacheca: chiunque può prendere i posti liberi.' : ''}` +
    ` Gli invitati hanno ${CHALLENGE_RULES.PROPOSAL_EXPIRES_DAYS} giorni per rispondere.`

  return (
    <form className="form sfide-form" aria-labelledby="titolo-pagina" onSubmit={(e) => e.preventDefault()}>
      <p className="sfide-muted">
        Disciplina: <strong>{sectorLabel(idSettore)}</strong> (
        <Link to={href('sceltaDisciplina')}>cambia disciplina</Link>)
      </p>
      <fieldset className="sfide-scelte">
        <legend>Specialità</legend>
        {(['singolare', 'doppio'] as const).map((specialita) => (
          <label key={specialita} className="sfide-scelta">
            <input
              type="radio"
              name={`${id}-specialita`}
              value={specialita}
              checked={form.specialita === specialita}
              onChange={() => set('specialita')(specialita)}
            />{' '}
            {specialita === 'singolare' ? 'Singolare (uno contro uno)' : 'Doppio (due contro due)'}
          </label>
        ))}
      </fieldset>
      {players.map((field) => (
        <GiocatoreCombo
          key={field.key}
          label={field.label}
          idSettore={idSettore}
          chosen={form[field.key]}
          onChosen={set(field.key)}
          exclude={taken(form[field.key])}
          hint={field.hint}
        />
      ))}
      <div className="field">
        <label htmlFor={`${id}-data`}>Quando vorresti giocare (facoltativo)</label>
        <input
          id={`${id}-data`}
          type="datetime-local"
          value={form.data}
          aria-invalid={dateProblem !== null}
          aria-describedby={`${id}-data-problema`}
          onChange={(event) => set('data')(event.target.value)}
        />
        <p id={`${id}-data-problema`} className="field-hint" aria-live="polite">
          {dateProblem}
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-messaggio`}>Messaggio (facoltativo)</label>
        <p id={`${id}-messaggio-aiuto`} className="field-hint">
          Dove e come vorresti giocare, fino a {MESSAGE_MAX} caratteri.
        </p>
        <textarea
          id={`${id}-messaggio`}
          rows={3}
          maxLength={MESSAGE_MAX}
          aria-describedby={`${id}-messaggio-aiuto`}
          value={form.messaggio}
          onChange={(event) => set('messaggio')(event.target.value)}
        />
      </div>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={form.pubblica}
          onChange={(event) => set('pubblica')(event.target.checked)}
        />
        <span>
          Pubblica la sfida in bacheca: chiunque giochi {sectorLabel(idSettore)} può prendere i posti liberi.
        </span>
      </label>
      {missing !== null && (
        <p className="field-hint" id={`${id}-pronta`}>
          {missing}
        </p>
      )}
      <div className="actions">
        {/* Keyed by the request: the dialog's request is fixed for its life. */}
        <ConfirmedAction
          key={JSON.stringify(request)}
          trigger={buttonTrigger('Lancia la sfida', 'button', !ready)}
          submit={async () => {
            const answer = await submitPropose(request)
            created.current = createdId(answer.body)
            return answer
          }}
          confirmText={confirmText}
          successText="Sfida lanciata: ti avvisiamo quando gli invitati rispondono."
          errorText="Non è stato possibile lanciare la sfida."
          onSuccessClosed={() =>
            void navigate(
              created.current === null ? href('sfide') : href('dettaglioSfida', { id: created.current }),
            )
          }
        />
      </div>
    </form>
  )
}
