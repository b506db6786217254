import { categoryLabel } from '../../contract/constants.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { endpoints } from '../../contract/endpoints.ts'
import { SCHEDA_MESSAGES } from '../../contract/giocatori.ts'
import { sectorLabel } from '../../contract/words.ts'
import { countedLines, lineWords, NATIONAL_REACH_DAYS, pointsOf } from '../domain/player-page.ts'
import { tieLineWords } from '../domain/team-points.ts'
import { disclosure, shownLevel, shownPower } from '../domain/privacy.ts'
import { matchStatistics } from '../domain/player-stats.ts'
import { explainChange, historySummary, plainChange } from '../domain/power.ts'
import { fullName } from '../domain/profile.ts'
import { formatScore, roundName } from '../domain/tournament-detail.ts'
import { ApiError } from '../http/errors.ts'
import { sectorScope } from '../http/scope.ts'
import type { Api } from '../http/api.ts'
import type { Repositories } from '../repositories/index.ts'

export default function giocatoriRoutes(api: Api) {
  api.handle(endpoints.datiUtente, async ({ account, repos, body }) => {
    const person = account.personId ? await repos.persons.byId(account.personId) : undefined
    // The signed-in user's own record, as a one-row list so paging stays uniform.
    const all = [
      {
        id_persona: person?.id ?? null,
        persona: person ? fullName(person) : account.email,
        provincia: person?.provincia ?? null,
        fototessera: person?.fototessera ?? null,
        puo_esportare_classifiche: account.puoEsportareClassifiche,
      },
    ]
    return { results: all.slice(body.rowstoskip, body.rowstoskip + body.fetchrows), record: all.length }
  })

  api.handle(endpoints.elencoTessere, async ({ account, repos, body }) => {
    if (account.role !== 'admin' && account.personId !== body.id) {
      throw ApiError.forbidden('Puoi consultare soltanto le tue tessere')
    }
    return repos.persons.cards(body.id, body.fetchrows, body.rowstoskip)
  })
  schedaGiocatoreRoutes(api)
}

/** Who asks, as server/domain/privacy.ts reads a viewer: their person, or null. */
async function viewerOf(caller: () => Promise<{ personId: number | null } | null>) {
  return (await caller())?.personId ?? null
}

/** The player page's public reads (/scheda-giocatore/{id}): a person who does not exist is a 404. */
export function schedaGiocatoreRoutes(api: Api) {
  const existing = async (repos: Repositories, personId: number) => {
    const person = await repos.players.profile(personId)
    if (!person) throw ApiError.notFound(SCHEDA_MESSAGES.notFound)
    return person
  }
  /**
   * A call whose answer is read first: rows of the person prove they exist (every table read refers to persons),
   * so only an empty answer costs the look-up that tells a person without results from one who does not exist.
   */
  const provenBy = async (repos: Repositories, personId: number, found: boolean) => {
    if (!found && !(await repos.players.exists(personId))) throw ApiError.notFound(SCHEDA_MESSAGES.notFound)
  }

  api.handle(
    endpoints.giocatoreDettaglio,
    async ({ repos, body, caller }) => {
      const scope = await sectorScope(repos, body.id_settore)
      // The header (person, club, Power, privacy) with the person's sectors: one statement.
      const [card, viewer] = await Promise.all([
        repos.players.card(body.id_persona, scope.sectorId),
        viewerOf(caller),
      ])
      if (!card) throw ApiError.notFound(SCHEDA_MESSAGES.notFound)
      const { person, power, choices, settori } = card
      const shown = power ? shownPower(power.power, person.id, choices, viewer) : null
      return {
        result: {
          id_persona: person.id,
          persona: fullName(person),
          nome: person.nome,
          cognome: person.cognome,
          provincia: person.provincia,
          id_circolo: person.clubId,
          circolo: person.circolo,
          settori: settori.map((s) => ({ id_settore: s.id, nome: sectorLabel(s.disciplina, s.settore) })),
          power:
            power && shown !== null
              ? {
                  valore: Math.round(shown * 10) / 10,
                  provvisorio: power.provvisorio,
                  partite: power.partite,
                }
              : null,
          tu: viewer === person.id,
        },
      }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.giocatoreDettaglioPunti,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const asked = body.tipo === 'race' ? body.stagione : undefined
      // The season (the latest unless the race names one), its day, the player's place and lines: one statement.
      const page = await repos.players.pointPage(
        body.tipo,
        scope.sectorId,
        body.id_persona,
        asked,
        NATIONAL_REACH_DAYS,
      )
      if (!page.esiste) throw ApiError.notFound(SCHEDA_MESSAGES.notFound)
      const stagione = asked ?? page.stagione ?? undefined
      const calcolataAl = page.calcolataAl ?? undefined
      if (stagione === undefined || calcolataAl === undefined) {
        return {
          results: [],
          record: 0,
          tipo: body.tipo,
          punti: 0,
          posizione: null,
          stagione: stagione ?? null,
          calcolata_al: null,
        }
      }
      const which =
        body.tipo === 'race'
          ? ({ tipo: 'race', stagione } as const)
          : ({ tipo: 'nazionale', calcolataAl } as const)
      const counted = countedLines(page.righe, which)
      return {
        results: counted.map((l) => ({
          id_torneo: l.tournamentId,
          torneo: l.torneo,
          data: l.data,
          risultato: l.risultato,
          categoria: categoryLabel(l.categoria),
          ...(l.tieId === null || l.giornata === null
            ? lineWords(l)
            : tieLineWords({
                giornata: l.giornata,
                finale: l.finale,
                turni: l.turni,
                partite: l.partite ?? 1,
                categoria: l.categoria,
              })),
          id_incontro: l.tieId,
          giornata: l.giornata,
          partite_vinte: l.tieId === null ? null : l.partite,
          punti: l.punti,
          conta: l.conta,
        })),
        record: counted.length,
        tipo: body.tipo,
        stagione,
        calcolata_al: calcolataAl,
        punti: pointsOf(counted),
        posizione: page.posizione,
      }
    },
    { cacheSeconds: 300 },
  )

  api.handle(
    endpoints.giocatoreUltimiRisultati,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const { rows, record, entries, names, entered } = await repos.players.results(
        body.id_persona,
        scope.sectorId,
        body.fetchrows,
        body.rowstoskip,
      )
      await provenBy(repos, body.id_persona, entered)
      const named = (id: number) => {
        const person = names.get(id)
        return { id_persona: id, persona: person ? fullName(person) : '' }
      }
      const sideOf = (entryId: number) => {
        const entry = entries.get(entryId)
        return entry ? (entry.partnerId ? [entry.personId, entry.partnerId] : [entry.personId]) : []
      }
      return {
        results: rows.map((m) => {
          const ownSide = sideOf(m.entryAId!).includes(body.id_persona) ? 'A' : 'B'
          const own = sideOf(ownSide === 'A' ? m.entryAId! : m.entryBId!)
          const other = sideOf(ownSide === 'A' ? m.entryBId! : m.entryAId!)
          const partner = own.find((id) => id !== body.id_persona)
          const ownEntry = ownSide === 'A' ? m.entryAId : m.entryBId
          return {
            id_partita: m.id,
            id_torneo: m.tournamentId,
            torneo: m.torneo,
            turno:
              m.tabellone === 'gironi'
                ? `Girone ${m.girone ?? ''}`.trim()
                : roundName(m.turno, m.turni ?? m.turno),
            data: new Date(m.giocataIl).toISOString(),
            compagno: partner === undefined ? null : named(partner),
            avversari: other.map(named),
            vinta: m.winnerEntryId === ownEntry,
            punteggio: formatScore(m.esito, m.sets, m.winnerEntryId === m.entryBId ? 'B' : 'A'),
            esito: m.esito,
          }
        }),
        record,
      }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.giocatorePalmares,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const { rows, record, exists } = await repos.players.palmares(
        body.id_persona,
        scope.sectorId,
        body.fetchrows,
        body.rowstoskip,
      )
      if (!exists) throw ApiError.notFound(SCHEDA_MESSAGES.notFound)
      return {
        results: rows.map((r) => ({
          ...r,
          categoria: categoryLabel(r.categoria),
          turno: lineWords(r).turno,
        })),
        record,
      }
    },
    { cacheSeconds: 300 },
  )

  api.handle(
    endpoints.giocatoreProssimiTornei,
    async ({ repos, body }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const { rows, record, exists } = await repos.players.upcoming(
        body.id_persona,
        scope.sectorId,
        todayInItaly(),
        body.fetchrows,
        body.rowstoskip,
      )
      if (!exists) throw ApiError.notFound(SCHEDA_MESSAGES.notFound)
      return {
        results: rows.map(({ compagno, ...r }) => ({
          ...r,
          categoria: categoryLabel(r.categoria),
          compagno: compagno ? { id_persona: compagno.id, persona: fullName(compagno) } : null,
        })),
        record,
      }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.giocatoreClassificaRiepilogo,
    async ({ repos, body }) => {
      const rows = await repos.players.rankingSummary(body.id_persona)
      await provenBy(repos, body.id_persona, rows.length > 0)
      return {
        result: rows.map((r) => ({
          id_settore: r.sectorId,
          settore: sectorLabel(r.disciplina, r.settore),
          tipo: r.tipo,
          stagione: r.stagione,
          posizione: r.posizione,
          punti: r.punti,
          tornei: r.tornei,
          classificati: r.classificati,
          calcolata_al: r.calcolataAl,
        })),
      }
    },
    { cacheSeconds: 300 },
  )
  api.handle(
    endpoints.giocatoreStatistiche,
    async ({ repos, body, caller }) => {
      const scope = await sectorScope(repos, body.id_settore)
      await existing(repos, body.id_persona)
      const played = await repos.players.statMatches(body.id_persona, scope.sectorId)
      const [viewer, choices] = await Promise.all([
        viewerOf(caller),
        repos.persons.privacy(played.flatMap((m) => m.avversari)),
      ])
      // A level an opponent hides from this viewer counts as «non noto» (server/domain/privacy.ts).
      return {
        result: matchStatistics(
          played.map((m) => ({
            ...m,
            livelloAvversari: shownLevel(m.livelloAvversari, m.avversari, choices, viewer),
          })),
        ),
      }
    },
    { cacheSeconds: 300 },
  )

  api.handle(
    endpoints.giocatoreStatistichePower,
    async ({ repos, body, caller }) => {
      const scope = await sectorScope(repos, body.id_settore)
      const person = await existing(repos, body.id_persona)
      const viewer = await viewerOf(caller)
      const tu = viewer === person.id
      const own = await repos.persons.privacy([person.id])
      if (!disclosure(person.id, own.get(person.id), viewer).power)
        return { result: { visibile: false, tu, power: null, sintesi: null, storia: [] } }
      const [rating, { rows, names }] = await Promise.all([
        repos.players.powerRating(person.id, scope.sectorId),
        repos.players.powerHistory(person.id, scope.sectorId),
      ])
      const choices = await repos.persons.privacy(rows.flatMap((r) => r.other))
      const named = (id: number) => {
        const found = names.get(id)
        return { id_persona: id, persona: found ? fullName(found) : '' }
      }
      return {
        result: {
          visibile: true,
          tu,
          power: rating
            ? {
                valore: Math.round(rating.power * 10) / 10,
                provvisorio: rating.provvisorio,
                partite: rating.partite,
                partite_torneo: rating.partiteTorneo,
                promozione: rating.promozione,
              }
            : null,
          sintesi: historySummary(rows.map((r) => ({ ...r, at: r.giocataIl }))),
          storia: rows.map((c) => {
            const partner = c.own.find((id) => id !== person.id)
            // The opponents' level only when each of them shows their Power to this viewer.
            const livello = shownLevel(c.livelloAvversari, c.other, choices, viewer)
            return {
              data: c.giocataIl.toISOString(),
              fonte: c.challengeId === null ? ('torneo' as const) : ('sfida' as const),
              id_partita: c.matchId,
              id_sfida: c.challengeId,
              id_torneo: c.tournamentId,
              torneo: c.torneo,
              compagno: partner === undefined ? null : named(partner),
              avversari: c.other.map(named),
              power_prima: c.powerPrima,
              power_dopo: c.powerDopo,
              variazione: Math.round((c.powerDopo - c.powerPrima) * 100) / 100,
              atteso: c.atteso,
              ottenuto: c.ottenuto,
              game_vinti: c.gameVinti,
              game_persi: c.gamePersi,
              fattore_k: c.fattoreK,
              provvisorio: c.provvisorio,
              livello_avversari: livello,
              frase: plainChange(c, { reader: viewer, doppio: c.own.length > 1 }),
              spiegazione: explainChange({ ...c, at: c.giocataIl, livelloAvversari: livello }, viewer),
            }
          }),
        },
      }
    },
    { cacheSeconds: 60 },
  )
}
