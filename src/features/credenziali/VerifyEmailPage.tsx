import { rememberChangedCredentials, signUp } from '../../app/session.ts'
import { AuthSteps } from './AuthSteps.tsx'

/** /verify-email: registration, verified by a 6-digit code, on the identity service. */
export default function VerifyEmailPage() {
  return (
    <AuthSteps
      title="Verifica la tua e-mail"
      intro="La registrazione avviene sul servizio di accesso della federazione, in tre passi."
      steps={[
        'Inserisci la tua e-mail: ti mandiamo un codice di 6 cifre, valido 15 minuti.',
        'Scrivi il codice per confermare che l’indirizzo è tuo. Se non arriva, controlla lo spam o chiedine uno nuovo.',
        'Scegli la password (almeno 8 caratteri, con lettere e numeri): entri subito nel portale.',
      ]}
      action={
        <button
          type="button"
          className="button"
          onClick={() => {
            rememberChangedCredentials()
            signUp()
          }}
        >
          Inizia la registrazione
        </button>
      }
    />
  )
}
