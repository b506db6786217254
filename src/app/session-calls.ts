// The session's calls to the main API, which only a signed-in user makes: the login flags, the user's data and
// cards, the logout. Loaded by session.ts when there is such a user (an anonymous visitor's first load goes
// without them and their contracts).
// Direct imports, not the endpoints table: this chunk carries only these contracts.
import { datiUtente, elencoTessere } from '../../contract/giocatori.ts'
import * as loginCalls from '../../contract/login.ts'
import type { CardsResult, UserDataResult } from '../../machines/session.ts'
import { callApi } from '../api/client.ts'
import type { ApiFailure } from '../api/errors.ts'

/** A failure as the machine's guards read it: status and message. */
function asFailure(error: unknown): { status: number; message: string } | unknown {
  const failure = error as Partial<ApiFailure> & { status?: number; message?: string | null }
  if (failure?._tag === 'Unauthorized' || failure?._tag === 'ServerFailure') {
    return { status: failure.status ?? 0, message: failure.message ?? '' }
  }
  return error
}

export async function loadLogin(token: string | null) {
  try {
    return (await callApi(loginCalls.login, {}, { token, quiet: true })).result
  } catch (error) {
    throw asFailure(error)
  }
}

export async function loadUserData(token: string | null): Promise<UserDataResult> {
  try {
    const data = await callApi(datiUtente, { rowstoskip: 0, fetchrows: 1 }, { token, quiet: true })
    return { status: 200, details: data.results[0] ?? null }
  } catch (error) {
    const failure = asFailure(error) as { status?: number; message?: string }
    if (failure.status && failure.status !== 401)
      return { status: failure.status, details: null, message: failure.message }
    throw failure
  }
}

export async function loadCards(token: string | null, id_persona: number): Promise<CardsResult> {
  try {
    const data = await callApi(
      elencoTessere,
      { id: id_persona, rowstoskip: 0, fetchrows: 100 },
      { token, quiet: true },
    )
    return { status: 200, results: data.results, record: data.record }
  } catch (error) {
    const failure = asFailure(error) as { status?: number; message?: string }
    if (failure.status && failure.status !== 401)
      return { status: failure.status, results: [], record: 0, message: failure.message }
    throw failure
  }
}

/** The API's logout; its failure changes nothing (the session ends either way). */
export async function logout(token: string) {
  await callApi(loginCalls.logout, {}, { token, quiet: true }).catch(() => undefined)
}
