import { resetPassword } from '../../app/session.ts'
import { AuthSteps } from './AuthSteps.tsx'

/** /reset-password: the password-reset policy of the identity service. */
export default function ResetPasswordPage() {
  return (
    <AuthSteps
      title="Reimposta la password"
      intro="Hai dimenticato la password? Puoi sceglierne una nuova in pochi passi."
      steps={[
        'Inserisci la tua e-mail: ti mandiamo un codice di 6 cifre, valido 15 minuti.',
        'Scrivi il codice per confermare che l’indirizzo è tuo.',
        'Scegli la nuova password: entri subito nel portale.',
      ]}
      action={
        <button type="button" className="button" onClick={() => resetPassword()}>
          Reimposta la password
        </button>
      }
    />
  )
}
