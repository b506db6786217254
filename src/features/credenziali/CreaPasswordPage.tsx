import { rememberChangedCredentials, resetPassword } from '../../app/session.ts'
import { AuthSteps } from './AuthSteps.tsx'

/** /crea-password: a member with an e-mail on file creates the password of the new credentials. */
export default function CreaPasswordPage() {
  return (
    <AuthSteps
      title="Crea la tua password"
      intro="Se sei tesserato, la tua e-mail è già registrata: devi solo confermarla e scegliere la password."
      steps={[
        'Inserisci l’e-mail che hai comunicato al circolo: ti mandiamo un codice di 6 cifre.',
        'Scrivi il codice per confermare che l’indirizzo è tuo.',
        'Scegli la password: entri subito nel portale.',
      ]}
      action={
        <button
          type="button"
          className="button"
          onClick={() => {
            rememberChangedCredentials()
            resetPassword()
          }}
        >
          Crea la password
        </button>
      }
    />
  )
}
