import type { Repositories } from '../repositories/index.ts'
import type { SectorScope } from '../repositories/sectors.ts'
import { ApiError } from './errors.ts'

export type { SectorScope }

/** The sector of a request and its discipline; an unknown sector is a bad request. */
export async function sectorScope(repos: Repositories, sectorId: number): Promise<SectorScope> {
  const scope = await repos.sectors.scope(sectorId)
  if (!scope) throw ApiError.badRequest(`Richiesta non valida: il settore ${sectorId} non esiste.`)
  return scope
}
