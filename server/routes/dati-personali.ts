// «I miei dati» (issue 23 item 6): the export and the account's deletion. Only the signed-in user's own data:
// neither call takes an id.
import { endpoints } from '../../contract/endpoints.ts'
import { verifyPassword } from '../auth/password.ts'
import {
  ACCESSO_RECENTE,
  PASSWORD_ERRATA,
  exportFileName,
  isFreshSignIn,
  nameForms,
} from '../domain/dati-personali.ts'
import type { Api } from '../http/api.ts'
import { ApiError } from '../http/errors.ts'

/** The hash an account of an external identity provider carries instead of a password (server/auth/accounts.ts). */
const EXTERNAL = '!external'

export default function datiPersonaliRoutes(api: Api) {
  api.handle(
    endpoints.datiEsporta,
    async ({ account, repos }) => {
      const now = new Date()
      return {
        result: {
          nome_file: exportFileName(now),
          generato_il: now.toISOString(),
          dati: await repos.datiPersonali.export(account),
        },
      }
    },
    { perMinute: 6 },
  )

  api.handle(endpoints.accountElimina, async ({ account, repos, body, request }) => {
    if (account.passwordHash === EXTERNAL) {
      const claims = request.claims
      const signedInAt = typeof claims?.auth_time === 'number' ? claims.auth_time : claims?.iat
      if (!isFreshSignIn(signedInAt, Date.now())) throw ApiError.forbidden(ACCESSO_RECENTE)
    } else if (!body.password || !(await verifyPassword(body.password, account.passwordHash))) {
      throw ApiError.forbidden(PASSWORD_ERRATA)
    }
    const person = account.personId ? await repos.persons.byId(account.personId) : undefined
    const refused = await repos.datiPersonali.deleteAccount(
      account,
      person ? nameForms(person) : [],
      new Date(),
    )
    if (refused) throw new ApiError(refused.status, refused.message)
    return { result: { eliminato: true } }
  })
}
