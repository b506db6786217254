import type { APIRequestContext } from '@playwright/test'

/** The id of the seeded tournament with this name, read through the public detail call. */
export async function tournamentNamed(request: APIRequestContext, nome: string): Promise<number> {
  for (let id = 1; id < 600; id++) {
    const response = await request.post('/api/v1/tornei/dettaglio/view', { data: { id } })
    if (!response.ok()) continue
    const detail = ((await response.json()) as { result: { nome: string } }).result
    if (detail.nome === nome) return id
  }
  throw new Error(`nessun torneo «${nome}»`)
}
