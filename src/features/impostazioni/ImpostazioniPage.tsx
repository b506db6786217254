import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { Link } from 'react-router'
import { logoutOvunque } from '../../../contract/login.ts'
import { sectorEnabled, topicsEnabled, type ImpostazioniField } from '../../../machines/impostazioni.ts'
import { submitRaw } from '../../api/client.ts'
import { href } from '../../app/paths.ts'
import { refreshProfile, reportFlagsChanged, signOut } from '../../app/session.ts'
import { journalBlob } from '../../journal/export.ts'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { DatiPersonali } from './DatiPersonali.tsx'
import { FeedPersonale } from '../../ui/FeedPersonale.tsx'
import { LoadError } from '../../ui/LoadError.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { usePageData } from '../../ui/page-data.ts'
import {
  SETTORI_NOTIFICHE,
  impostazioniLogic,
  loadImpostazioni,
  type ImpostazioniData,
} from './impostazioni-actors.ts'
import './impostazioni.css'
import { journalInspector } from '../../journal/journal.ts'

/** Downloads the event journal (DESIGN §3) as registro-portale.json. */
function downloadJournal() {
  const url = URL.createObjectURL(journalBlob())
  const link = document.createElement('a')
  link.href = url
  link.download = 'registro-portale.json'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

function Toggle({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string
  label: string
  hint?: ReactNode
  checked: boolean
  disabled?: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <div className="impostazioni-toggle">
      <div className="checkbox">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? `${id}-aiuto` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      {hint && (
        <p id={`${id}-aiuto`} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  )
}

/**
 * /impostazioni: notifications, newsletter, visibility, profilation; the personal calendar feed; links; journal
 * export for support; sign-out.
 */
export default function ImpostazioniPage() {
  const settings = usePageData<ImpostazioniData, void>(loadImpostazioni, undefined)

  return (
    <section className="page impostazioni-page">
      <PageTitle>Impostazioni</PageTitle>

      <nav className="card impostazioni-links" aria-labelledby="impostazioni-account">
        <h2 id="impostazioni-account">Il tuo account</h2>
        <ul>
          <li>
            <Link to={href('modificaProfilo')}>Modifica profilo</Link>: dati anagrafici, codice fiscale,
            residenza e telefono
          </li>
          <li>
            <Link to={href('elencoTessere')}>Le mie tessere</Link>
          </li>
          <li>
            <Link to={href('modificaPrivacy')}>Preferenze privacy</Link> e{' '}
            <Link to={href('privacy')}>informativa sulla privacy</Link>
          </li>
        </ul>
      </nav>

      {settings.loading && (
        <div className="impostazioni-skeleton">
          <output className="visually-hidden">Caricamento delle impostazioni…</output>
          {[0, 1, 2, 3, 4].map((i) => (
            <div key={i} className="skeleton impostazioni-skeleton-row" aria-hidden="true" />
          ))}
        </div>
      )}

      {settings.failed && <LoadError message={settings.error} onRetry={settings.retry} />}

      {settings.data && <ImpostazioniForm data={settings.data} />}

      <FeedPersonale level={2} />

      <DatiPersonali />

      <section className="card" aria-labelledby="impostazioni-assistenza">
        <h2 id="impostazioni-assistenza">Per l'assistenza</h2>
        <p className="field-hint" id="esporta-registro-aiuto">
          Se l'assistenza te lo chiede, scarica il registro degli eventi di questa sessione (senza password né
          token) e allegalo alla tua richiesta.
        </p>
        <div className="actions">
          <button
            type="button"
            className="button secondary"
            aria-describedby="esporta-registro-aiuto"
            onClick={downloadJournal}
          >
            Esporta registro
          </button>
        </div>
      </section>

      <section className="card" aria-labelledby="impostazioni-uscita">
        <h2 id="impostazioni-uscita">Esci dal portale</h2>
        <p className="field-hint">
          Su un dispositivo condiviso, esci quando hai finito: «Esci» chiude la sessione solo su questo
          dispositivo.
        </p>
        <p className="field-hint" id="esci-ovunque-aiuto">
          Se hai usato il portale su un dispositivo che non è tuo, o temi che qualcuno abbia il tuo accesso,
          esci da tutti i dispositivi: anche il link del tuo calendario personale cambia.
        </p>
        <div className="actions">
          <button type="button" className="button danger" onClick={() => signOut()}>
            Esci
          </button>
          <ConfirmedAction
            trigger={buttonTrigger(
              'Esci da tutti i dispositivi',
              'button secondary',
              false,
              'esci-ovunque-aiuto',
            )}
            confirmText="Uscirai da tutti i dispositivi, compreso questo, e il link del tuo calendario personale smetterà di funzionare. Vuoi continuare?"
            successText="Sei uscito da tutti i dispositivi."
            submit={() => submitRaw(logoutOvunque, {})}
            onSuccess={() => signOut()}
          />
        </div>
      </section>
    </section>
  )
}

function ImpostazioniForm({ data }: { data: ImpostazioniData }) {
  const actor = useActorRef(impostazioniLogic, {
    inspect: journalInspector,
    input: { settings: data.settings, profilation: data.consensi.profilation === 1 },
  })
  const saving = useSelector(actor, (s) => s.hasTag('saving'))
  const canSave = useSelector(actor, (s) => s.can({ type: 'form.submit' }))
  const values = useSelector(actor, (s) => s.context.values)
  const formError = useSelector(actor, (s) => s.context.formError)
  const attempt = useSelector(actor, (s) => s.context.attempt)
  const aggiornatoIl = useSelector(actor, (s) => s.context.aggiornatoIl)
  const saves = useSelector(actor, (s) => s.context.saves)
  const consensi = useSelector(actor, (s) => s.context.consensi)

  const errorRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (attempt > 0) errorRef.current?.focus()
  }, [attempt])

  useEffect(() => {
    if (saves === 0 || !consensi) return
    reportFlagsChanged({ profilation: consensi.profilation })
    refreshProfile()
  }, [saves, consensi])

  const set = (field: ImpostazioniField) => (value: boolean | number | null) =>
    actor.send({ type: 'field.changed', field, value })
  const topics = topicsEnabled(values)

  return (
    <form
      className="card"
      noValidate
      aria-labelledby="impostazioni-preferenze"
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'form.submit' })
      }}
    >
      <h2 id="impostazioni-preferenze">Notifiche e preferenze</h2>
      {formError && (
        <div ref={errorRef} className="form-error" tabIndex={-1}>
          <p>
            <strong>Salvataggio non riuscito.</strong> {formError}
          </p>
        </div>
      )}
      <fieldset className="impostazioni-fieldset" disabled={saving}>
        <legend>Notifiche via e-mail</legend>
        <Toggle
          id="notifiche-email"
          label="Ricevi notifiche via e-mail"
          checked={values.notifiche_email}
          onChange={set('notifiche_email')}
        />
        <Toggle
          id="notifiche-tornei"
          label="Tornei: inviti al doppio, lista d’attesa e ritiri"
          checked={values.notifiche_tornei}
          disabled={!topics}
          onChange={set('notifiche_tornei')}
        />
        <Toggle
          id="notifiche-sfide"
          label="Sfide: proposte, accettazioni e risultati da confermare"
          checked={values.notifiche_sfide}
          disabled={!topics}
          onChange={set('notifiche_sfide')}
        />
        <div className="field">
          <label htmlFor="notifiche-settore">Settore delle notifiche</label>
          <p id="notifiche-settore-aiuto" className="field-hint">
            Le e-mail su tornei e sfide e la newsletter riguardano solo questo settore. Gli avvisi nel portale
            arrivano tutti.
          </p>
          <select
            id="notifiche-settore"
            aria-describedby="notifiche-settore-aiuto"
            disabled={!sectorEnabled(values)}
            value={values.id_settore === null ? '' : String(values.id_settore)}
            onChange={(event) =>
              set('id_settore')(event.target.value === '' ? null : Number(event.target.value))
            }
          >
            <option value="">Tutti i settori</option>
            {SETTORI_NOTIFICHE.map((s) => (
              <option key={s.id} value={s.id}>
                {s.nome}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <fieldset className="impostazioni-fieldset" disabled={saving}>
        <legend>Comunicazioni</legend>
        <Toggle
          id="newsletter"
          label="Newsletter della federazione"
          hint="Ogni lunedì, le news pubblicate sul portale nella settimana precedente (del settore scelto, se ne hai scelto uno)."
          checked={values.newsletter}
          onChange={set('newsletter')}
        />
        <Toggle
          id="profilazione"
          label="Consenso alla profilazione"
          hint="Ci permette di proporti tornei, circoli e contenuti in base ai tuoi interessi e alla tua attività sul portale."
          checked={values.profilation}
          onChange={set('profilation')}
        />
      </fieldset>
      <fieldset className="impostazioni-fieldset" disabled={saving}>
        <legend>Visibilità</legend>
        <Toggle
          id="visibile-ricerche"
          label="Compari nelle ricerche dei giocatori"
          hint="La ricerca rapida della home, l’elenco dei giocatori, la scelta del compagno di doppio, la ricerca degli sfidanti e la bacheca di Cerca compagno. Tu ti trovi sempre."
          checked={values.visibile_ricerche}
          onChange={set('visibile_ricerche')}
        />
        <Toggle
          id="mostra-power"
          label="Mostra il tuo Power agli altri"
          hint="Nella tua scheda giocatore, nelle sfide e nella loro bacheca, nella ricerca degli sfidanti e nei risultati che inserisce l’organizzatore di un torneo. Tu lo vedi sempre."
          checked={values.mostra_power}
          onChange={set('mostra_power')}
        />
      </fieldset>
      <div className="actions">
        <button type="submit" className="button" disabled={saving || !canSave}>
          {saving ? 'Salvataggio…' : 'Salva impostazioni'}
        </button>
      </div>
      <output className="field-hint impostazioni-esito">
        {saves > 0 && 'Impostazioni salvate. '}
        {aggiornatoIl && `Ultimo salvataggio: ${formatDateTime(aggiornatoIl)}.`}
      </output>
    </form>
  )
}
