import { Link } from 'react-router'
import { href } from '../../app/paths.ts'
import { rememberChangedCredentials, signIn } from '../../app/session.ts'
import { navigazioneStore } from '../../stores/navigazione.ts'
import { PageTitle } from '../../ui/PageTitle.tsx'
import './credenziali.css'

/** /creazione-credenziali: where a visitor chooses how to get (or use) the new credentials. */
export default function CreazioneCredenzialiPage() {
  return (
    <section className="credenziali">
      <PageTitle>Crea le tue credenziali</PageTitle>
      <p>
        Il portale usa un nuovo servizio di accesso, unico per tennis, padel, beach tennis e pickleball. Per
        entrare nella tua area personale scegli la situazione che ti descrive.
      </p>
      <ul className="credenziali-scelte">
        <li>
          <h2>Sei nuovo sul portale</h2>
          <p>
            Registrati con la tua e-mail: ti mandiamo un codice di 6 cifre per verificarla, poi scegli la
            password.
          </p>
          <Link className="button" to={href('verifyEmail')}>
            Registrati
          </Link>
        </li>
        <li>
          <h2>Sei già tesserato</h2>
          <p>Crea la password per l'e-mail che hai comunicato al tuo circolo al momento del tesseramento.</p>
          <Link className="button secondary" to={href('creaPassword')}>
            Crea la password
          </Link>
        </li>
        <li>
          <h2>Hai già le nuove credenziali</h2>
          <p>Accedi con e-mail e password.</p>
          <button
            type="button"
            className="button secondary"
            onClick={() => {
              rememberChangedCredentials()
              signIn(returnPath())
            }}
          >
            Accedi
          </button>
        </li>
      </ul>
      <p>
        <Link to={href('resetPassword')}>Password dimenticata?</Link>
      </p>
    </section>
  )
}

/** Back to the page the user wanted before being sent here. */
function returnPath(): string | null {
  const last = navigazioneStore.getSnapshot().context.lastLocation
  return last && !last.startsWith('/creazione-credenziali') ? last : null
}
