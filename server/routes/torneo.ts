// The tournament detail's calls: the tournament, its entrants, draws, group standings, photos and comments, the
// links of its prints (the spec's Tournament print calls) and the personal calendar feed's secret.
import { createHash, randomBytes } from 'node:crypto'
import { endpoints } from '../../contract/endpoints.ts'
import { stampaTorneoPath, feedPersonalePath, type StampaTorneo } from '../../contract/stampe.ts'
import {
  CATEGORIA_NOMI,
  FORMULA_NOMI,
  GENERE_NOMI,
  LIMITI_POWER,
  STAMPA_NON_DISPONIBILE,
  STATO_NOMI,
  TORNEO_NOT_FOUND,
  type Incontro,
  type Tabellone,
} from '../../contract/torneo.ts'
import { commenterName, plainText } from '../domain/news.ts'
import { fileSlug, formatScore, mapSearchUrl, placesLeft, roundName } from '../domain/tournament-detail.ts'
import { ApiError } from '../http/errors.ts'
import type { Api } from '../http/api.ts'
import type { EntrySide, MatchRow } from '../repositories/tournament-detail.ts'

const MAX_COMMENTS_SHOWN = 200

/** How long anonymous answers are cached: entrants and draws change with enrolments and results. */
const CACHE_SECONDS = 30

/** The SHA-256 under which a feed secret is stored. */
export const feedTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

export function toIncontro(m: MatchRow, sides: Map<number, EntrySide>): Incontro {
  return {
    id: m.id,
    turno: m.turno,
    posizione: m.posizione,
    a: m.entryAId !== null ? (sides.get(m.entryAId) ?? null) : null,
    b: m.entryBId !== null ? (sides.get(m.entryBId) ?? null) : null,
    vincitore:
      m.winnerEntryId === null
        ? null
        : m.winnerEntryId === m.entryAId
          ? 'a'
          : m.winnerEntryId === m.entryBId
            ? 'b'
            : null,
    esito: m.esito,
    punteggio: formatScore(m.esito, m.sets),
    programmata_il: m.programmataIl?.toISOString() ?? null,
    campo: m.campo,
  }
}

export default function torneoRoutes(api: Api) {
  api.handle(
    endpoints.torneoDettaglio,
    async ({ repos, body }) => {
      const found = await repos.tournamentDetail.detail(body.id)
      if (!found) throw ApiError.notFound(TORNEO_NOT_FOUND)
      const { t, club } = found
      return {
        result: {
          id: t.id,
          nome: t.nome,
          tipo: t.tipo,
          categoria: t.categoria,
          categoria_nome: CATEGORIA_NOMI[t.categoria] ?? t.categoria,
          limite_power: LIMITI_POWER[t.categoria] ?? null,
          specialita: t.specialita,
          genere: t.genere,
          genere_nome: GENERE_NOMI[t.genere] ?? t.genere,
          formula: t.formula,
          formula_nome: FORMULA_NOMI[t.formula] ?? t.formula,
          disciplina: found.disciplina,
          disciplina_nome: found.disciplina_nome,
          id_settore: t.sectorId,
          settore: found.settore,
          stato: t.status,
          stato_nome: STATO_NOMI[t.status] ?? t.status,
          data_inizio: t.dataInizio,
          data_fine: t.dataFine,
          iscrizioni_dal: t.iscrizioniDal?.toISOString() ?? null,
          iscrizioni_al: t.iscrizioniAl?.toISOString() ?? null,
          max_iscritti: t.maxIscritti,
          iscritti: found.iscritti,
          in_attesa: found.in_attesa,
          posti_liberi: placesLeft(t.maxIscritti, found.iscritti),
          quota_centesimi: t.quotaCentesimi,
          descrizione: t.descrizione,
          locandina: t.locandina,
          giudice_arbitro: t.giudiceArbitro,
          circolo: club
            ? {
                id: club.id,
                nome: club.nome,
                indirizzo: club.indirizzo,
                cap: club.cap,
                comune: club.comune,
                provincia: club.provincia,
                telefono: club.telefono,
                email: club.email,
                sito_web: club.sitoWeb,
                mappa_url: mapSearchUrl(club),
              }
            : null,
          circuito:
            t.circuitId !== null && found.circuito !== null
              ? { id: t.circuitId, nome: found.circuito, tappa: t.tappa }
              : null,
          tabelloni: found.tabelloni,
          aggiornato_il: t.aggiornatoIl.toISOString(),
        },
      }
    },
    { cacheSeconds: CACHE_SECONDS },
  )

  api.handle(
    endpoints.torneoIscritti,
    async ({ repos, body }) => {
      if (!(await repos.tournamentDetail.exists(body.id_torneo))) throw ApiError.notFound(TORNEO_NOT_FOUND)
      return repos.tournamentDetail.entrants(body.id_torneo, body.fetchrows, body.rowstoskip)
    },
    { cacheSeconds: CACHE_SECONDS },
  )

  api.handle(
    endpoints.torneoTabelloni,
    async ({ repos, body }) => {
      if (!(await repos.tournamentDetail.exists(body.id_torneo))) throw ApiError.notFound(TORNEO_NOT_FOUND)
      const { phases, groups, matches, sides } = await repos.tournamentDetail.draws(body.id_torneo)
      const tabelloni: Tabellone[] = phases.map((phase) => {
        const own = matches.filter((m) => m.drawId === phase.id)
        const rounds = phase.turni ?? Math.max(0, ...own.map((m) => m.turno))
        const turni =
          phase.tipo === 'eliminazione'
            ? Array.from({ length: rounds }, (_, i) => ({
                turno: i + 1,
                nome: roundName(i + 1, rounds),
                incontri: own.filter((m) => m.turno === i + 1).map((m) => toIncontro(m, sides)),
              }))
            : []
        const gironi =
          phase.tipo === 'gironi'
            ? groups
                .filter((g) => g.drawId === phase.id)
                .map((g) => ({
                  id: g.id,
                  nome: g.nome,
                  incontri: own.filter((m) => m.groupId === g.id).map((m) => toIncontro(m, sides)),
                }))
            : []
        return {
          id: phase.id,
          tipo: phase.tipo,
          fase: phase.fase,
          nome: phase.nome,
          dimensione: phase.dimensione,
          seed_hash: phase.seedHash,
          hash_pubblicato_il: phase.hashPubblicatoIl.toISOString(),
          seed: phase.seed,
          sorteggiato_il: phase.sorteggiatoIl?.toISOString() ?? null,
          turni,
          gironi,
        }
      })
      return { result: { tabelloni } }
    },
    { cacheSeconds: CACHE_SECONDS },
  )

  api.handle(
    endpoints.torneoGironiClassifiche,
    async ({ repos, body }) => {
      if (!(await repos.tournamentDetail.exists(body.id_torneo))) throw ApiError.notFound(TORNEO_NOT_FOUND)
      const { rows, sides } = await repos.tournamentDetail.standings(body.id_torneo)
      const byGroup = new Map<number, { id: number; nome: string; id_tabellone: number; righe: unknown[] }>()
      for (const row of rows) {
        let group = byGroup.get(row.groupId)
        if (!group)
          byGroup.set(
            row.groupId,
            (group = { id: row.groupId, nome: row.nome, id_tabellone: row.drawId, righe: [] }),
          )
        const s = row.s
        group.righe.push({
          posizione: s.posizione,
          lato: sides.get(s.entryId) ?? { id_iscrizione: s.entryId, giocatori: [], testa_di_serie: null },
          giocate: s.giocate,
          vinte: s.vinte,
          perse: s.perse,
          set_vinti: s.setVinti,
          set_persi: s.setPersi,
          game_vinti: s.gameVinti,
          game_persi: s.gamePersi,
          punti: s.punti,
          qualificato: s.qualificato,
        })
      }
      const results = [...byGroup.values()] as never[]
      return { results, record: results.length }
    },
    { cacheSeconds: CACHE_SECONDS },
  )

  api.handle(
    endpoints.torneoFotoCommenti,
    async ({ repos, body, account }) => {
      if (!(await repos.tournamentDetail.exists(body.id_torneo))) throw ApiError.notFound(TORNEO_NOT_FOUND)
      const [foto, commenti] = await Promise.all([
        repos.tournamentDetail.photos(body.id_torneo),
        repos.tournamentDetail.comments(body.id_torneo, MAX_COMMENTS_SHOWN),
      ])
      return { result: { foto, commenti, puo_commentare: account !== null } }
    },
    { cacheSeconds: CACHE_SECONDS },
  )

  api.handle(endpoints.torneoCommentoAdd, async ({ repos, body, account }) => {
    if (!(await repos.tournamentDetail.exists(body.id_torneo))) throw ApiError.notFound(TORNEO_NOT_FOUND)
    const testo = plainText(body.testo)
    if (!testo) {
      throw ApiError.badRequest(
        'Richiesta non valida: il commento non contiene testo (il codice HTML non è ammesso).',
      )
    }
    const person = account.personId ? await repos.news.personName(account.personId) : undefined
    const comment = await repos.tournamentDetail.addComment({
      tournamentId: body.id_torneo,
      accountId: account.id,
      autore: commenterName(person),
      testo,
    })
    api.invalidate(endpoints.torneoFotoCommenti.path)
    return { result: comment }
  })

  const printLink = (stampa: StampaTorneo, endpoint: typeof endpoints.locandinaGet) =>
    api.handle(
      endpoint,
      async ({ repos, body }) => {
        const found = await repos.tournamentDetail.calendarEvent(body.id_torneo)
        if (!found) throw ApiError.notFound(TORNEO_NOT_FOUND)
        const available =
          stampa === 'locandina'
            ? true
            : stampa === 'gironi'
              ? await repos.tournamentDetail.hasDrawn(body.id_torneo, 'gironi')
              : (await repos.tournamentDetail.hasDrawn(body.id_torneo, 'eliminazione')) ||
                (stampa === 'calendario' && (await repos.tournamentDetail.hasDrawn(body.id_torneo, 'gironi')))
        if (!available) throw ApiError.notFound(STAMPA_NON_DISPONIBILE[stampa])
        return {
          result: {
            url: stampaTorneoPath(body.id_torneo, stampa),
            nome_file: `${stampa}-${fileSlug(found.nome, found.data_inizio)}.pdf`,
            tipo: 'application/pdf',
          },
        }
      },
      { cacheSeconds: CACHE_SECONDS },
    )
  printLink('locandina', endpoints.locandinaGet)
  printLink('tabellone', endpoints.tabelloneStampaGet)
  printLink('gironi', endpoints.gironiStampaGet)
  printLink('calendario', endpoints.calendarioStampaGet)

  api.handle(endpoints.feedPersonaleView, async ({ repos, account }) => {
    const feed = await repos.tournamentDetail.feedOf(account.id)
    return {
      result: {
        attivo: feed !== undefined,
        creato_il: feed?.createdAt.toISOString() ?? null,
        usato_il: feed?.usedAt?.toISOString() ?? null,
        url: null,
      },
    }
  })

  api.handle(endpoints.feedPersonaleRinnova, async ({ repos, account }) => {
    if (!account.personId) {
      throw ApiError.forbidden('Per avere il calendario delle tue iscrizioni associa prima la tua tessera.')
    }
    // 32 random bytes: unguessable; only its hash is stored, so a copy of the database does not reveal it.
    const token = randomBytes(32).toString('base64url')
    const row = await repos.tournamentDetail.replaceFeed(account.id, feedTokenHash(token))
    return {
      result: {
        attivo: true,
        creato_il: row.createdAt.toISOString(),
        usato_il: null,
        url: feedPersonalePath(token),
      },
    }
  })

  api.handle(endpoints.feedPersonaleRevoca, async ({ repos, account }) => {
    await repos.tournamentDetail.revokeFeed(account.id)
    return { result: { attivo: false, creato_il: null, usato_il: null, url: null } }
  })
}
