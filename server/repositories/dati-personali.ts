// «I miei dati» (issue 23 item 6): everything stored about an account and its person, read for the export, and
// the account's deletion, which erases what is only the person's and anonymises what others' results need
// (docs/regole.md «I miei dati»). Every table with personal data is named here; tests/server/dati-personali.test.ts
// reads every column of every table after a deletion and fails if the person's data is still anywhere.
import { sql, type SQL } from 'drizzle-orm'
import type { Account } from '../auth/accounts.ts'
import type { Db } from '../db/client.ts'
import { PERSONA_ANONIMA, capitanoUscito } from '../domain/dati-personali.ts'
import type { Refusal, Tx } from './lifecycle.ts'
import { notify, refusingOverCap } from './outbox.ts'
import { challengesRepository } from './challenges.ts'
import { enrolmentsRepository } from './enrolments.ts'
import { partnerSearchRepository } from './partner-search.ts'

/** One section of the export: a query answering a single jsonb value (a list of rows, an object or null). */
type Section = readonly [name: string, query: SQL]

/** The rows of `query` as a JSON list ([] when none), each row an object named after its columns. */
const list = (query: SQL) =>
  sql`select coalesce((select jsonb_agg(to_jsonb(r)) from (${query}) r), '[]'::jsonb) as v`
/** The one row of `query` as a JSON object, or null. */
const one = (query: SQL) => sql`select (select to_jsonb(r) from (${query}) r limit 1) as v`

function sections(account: Account): Section[] {
  const a = account.id
  const p = account.personId ?? -1
  return [
    [
      'account',
      one(sql`select email, role as ruolo, created_at as creato_il, email_verified_at as email_verificata_il,
        last_sign_in_at as ultimo_accesso, privacy_accepted_at as privacy_accettata_il,
        profilation as profilazione, signed_out_at as uscita_ovunque_il
        from accounts where id = ${a}`),
    ],
    [
      'persona',
      one(sql`select p.id, p.nome, p.cognome, p.sesso, p.data_nascita, p.codice_fiscale, p.provincia, p.comune,
        p.telefono, p.email, c.nome as circolo, p.created_at as creata_il
        from persons p left join clubs c on c.id = p.club_id where p.id = ${p}`),
    ],
    [
      'dati_spedizione',
      one(sql`select presso, indirizzo, cap, comune, provincia, aggiornati_il from dati_spedizione
        where person_id = ${p}`),
    ],
    [
      'fototessera',
      one(sql`select larghezza, altezza, aggiornata_il, 'image/jpeg' as tipo,
        encode(immagine, 'base64') as jpeg_base64 from fototessere where person_id = ${p}`),
    ],
    [
      'impostazioni',
      one(sql`select notifiche_email, notifiche_tornei, notifiche_sfide, newsletter, visibile_ricerche,
        mostra_power, discipline_id as id_disciplina, sector_id as id_settore, updated_at as aggiornate_il
        from user_settings where account_id = ${a}`),
    ],
    [
      'calendario_personale',
      one(
        sql`select created_at as creato_il, used_at as usato_il from calendar_feeds where account_id = ${a}`,
      ),
    ],
    [
      'tessere',
      list(sql`select t.codice_tessera, t.tipologia, s.nome as settore, t.stagione, t.valida_dal, t.valida_al,
        c.nome as circolo from tessere t join sectors s on s.id = t.sector_id left join clubs c on c.id = t.club_id
        where t.person_id = ${p} order by t.stagione, t.id`),
    ],
    [
      'iscrizioni_tornei',
      list(sql`select e.id, t.nome as torneo, t.data_inizio, t.data_fine, e.status as stato,
        case when e.person_id = ${p} then 'iscritto' else 'compagno' end as ruolo, e.iscritto_il as iscritta_il
        from tournament_entries e join tournaments t on t.id = e.tournament_id
        where e.person_id = ${p} or e.partner_id = ${p} order by t.data_inizio, e.id`),
    ],
    [
      'punti_tornei',
      list(sql`select t.nome as torneo, pt.punti, pt.data, s.nome as settore
        from tournament_points pt join sectors s on s.id = pt.sector_id
        left join tournaments t on t.id = pt.tournament_id where pt.person_id = ${p} order by pt.data`),
    ],
    [
      'classifiche',
      list(sql`select r.tipo, s.nome as settore, r.stagione, r.posizione, r.punti, r.tornei, r.calcolata_al
        from rankings r join sectors s on s.id = r.sector_id where r.person_id = ${p}
        order by r.stagione, r.tipo, s.nome`),
    ],
    [
      'power',
      list(sql`select s.nome as settore, pr.power from power_ratings pr join sectors s on s.id = pr.sector_id
        where pr.person_id = ${p}`),
    ],
    [
      'sfide',
      list(sql`select c.id, c.status as stato, c.created_at as creata_il,
        (c.created_by_person_id = ${p}) as proposta_da_me,
        case when c.created_by_person_id = ${p} then c.messaggio end as messaggio_proposta,
        cp.lato, cp.risposta
        from challenges c left join challenge_participants cp on cp.challenge_id = c.id and cp.person_id = ${p}
        where c.created_by_person_id = ${p} or cp.person_id is not null order by c.id`),
    ],
    [
      'cerca_compagno_annunci',
      list(sql`select id, status as stato, livello, disponibilita, messaggio, data_dal, data_al,
        created_at as creato_il from partner_listings
        where person_id = ${p} order by id`),
    ],
    [
      'cerca_compagno_richieste',
      list(
        sql`select id, listing_id as annuncio, status as stato, messaggio, created_at as creata_il from partner_requests where requester_person_id = ${p} order by id`,
      ),
    ],
    [
      'squadre',
      list(sql`select tm.team_id as squadra, t.nome, tm.ruolo from team_members tm join teams t on t.id = tm.team_id
        where tm.person_id = ${p} order by tm.team_id`),
    ],
    [
      'richieste_assistenza',
      list(sql`select r.id, r.categoria, r.sector_id as id_settore, r.codice_tessera, r.oggetto, r.messaggio,
        r.stato, r.creata_il, r.risposta, r.risposta_il,
        coalesce((select jsonb_agg(jsonb_build_object('nome', al.nome, 'tipo', 'image/jpeg',
          'jpeg_base64', encode(al.immagine, 'base64')) order by al.id)
          from richieste_allegati al where al.richiesta_id = r.id), '[]'::jsonb) as allegati
        from richieste_utenti r where r.account_id = ${a} order by r.id`),
    ],
    [
      'richieste_assistenza_precedenti',
      list(sql`select id, nome, email, oggetto, messaggio, status as stato, risposta, risposta_il,
        created_at as creata_il from helpdesk_requests where account_id = ${a} order by id`),
    ],
    [
      'avvisi',
      list(sql`select ambito, riferimento, testo, creato_il, letto_il from avvisi where person_id = ${p}
        order by id`),
    ],
    [
      'email_inviate',
      list(sql`select subject as oggetto, body as testo, created_at as inviata_il from idp_outbox
        where recipient = ${account.email} order by id`),
    ],
    [
      'commenti',
      list(sql`select 'news' as dove, news_id as id, autore, testo, created_at as scritto_il from news_comments
          where account_id = ${a}
        union all select 'torneo', tournament_id, autore, testo, created_at from tournament_comments
          where account_id = ${a}
        union all select 'campionato', tournament_id, autore, testo, created_at from championship_comments
          where account_id = ${a}
        order by 5`),
    ],
    [
      'pagine_visitate',
      list(sql`select path as pagina, at as il from page_views where account_id = ${a} order by id`),
    ],
  ]
}

type Executor = Pick<Db, 'execute'>

/**
 * The teams `personId` captains in a team tournament not yet over keep the anonymised person as their captain (the
 * ties' history and the results name them); the federation's staff and the organisers of the team's club who
 * have a person are told in the portal (by the portal: no daily cap), so the federation names a new captain.
 */
async function tellCaptainGone(tx: Tx, personId: number, now: Date) {
  const { rows } = (await tx.execute(
    sql`select t.id as squadra, t.nome, tr.id as torneo, tr.nome as torneo_nome,
        array(select distinct a.person_id from accounts a
          left join club_organizers o on o.account_id = a.id and o.club_id = t.club_id
          where a.person_id is not null and a.person_id <> ${personId}
            and (a.role = 'admin' or o.account_id is not null) order by 1) as destinatari
      from teams t join tournaments tr on tr.id = t.tournament_id
      where t.captain_person_id = ${personId} and tr.status not in ('concluso', 'annullato')
      order by t.id`,
  )) as unknown as {
    rows: { squadra: number; nome: string; torneo: number; torneo_nome: string; destinatari: number[] }[]
  }
  for (const team of rows)
    await notify(
      tx,
      team.destinatari.map((destinatario) => ({
        destinatario,
        testo: capitanoUscito(team.nome, team.torneo_nome),
      })),
      {
        by: null,
        about: () => ({ ambito: 'torneo', riferimento: team.torneo }),
        subject: `Campionati a squadre: ${team.nome}`,
        now,
      },
    )
}

async function value(db: Executor, query: SQL): Promise<unknown> {
  const { rows } = (await db.execute(query)) as unknown as { rows: { v: unknown }[] }
  return rows[0]?.v ?? null
}

/** A replace() of every form of the name in `column` with the anonymous name. */
function scrubbed(column: SQL, forms: readonly string[]): SQL {
  let expression = column
  for (const form of forms) expression = sql`replace(${expression}, ${form}, ${PERSONA_ANONIMA.cognome})`
  return expression
}

/** Rows of `column` that contain one of the forms. */
function mentions(column: SQL, forms: readonly string[]): SQL {
  return sql.join(
    forms.map((form) => sql`strpos(${column}, ${form}) > 0`),
    sql` or `,
  )
}

/** The texts others received that may carry the person's name: table and column. */
const TEXTS_OF_OTHERS: readonly (readonly [string, string])[] = [
  ['avvisi', 'testo'],
  ['tournament_entry_events', 'avviso'],
  ['partner_request_events', 'avviso'],
  ['challenge_events', 'nota'],
  ['idp_outbox', 'subject'],
  ['idp_outbox', 'body'],
]

export function datiPersonaliRepository(db: Db) {
  const enrolments = enrolmentsRepository(db)
  const challenges = challengesRepository(db)
  const partnerSearch = partnerSearchRepository(db)
  return {
    /** Everything stored about the account and its person, section by section, in one snapshot. */
    async export(account: Account): Promise<Record<string, unknown>> {
      return db.transaction(
        async (tx) => {
          const out: Record<string, unknown> = {}
          for (const [name, query] of sections(account)) out[name] = await value(tx, query)
          return out
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      )
    },

    /**
     * Deletes the account (the identity service's account: its sign-ins, sessions, grants, codes and e-mails go
     * with it) and erases or anonymises its person, in one transaction. `nameForms` are the ways the person's
     * name is written in texts others received; they become «Giocatore non più iscritto».
     * First, what has not happened yet leaves through its machine, as the person could have done it, so the others
     * are told and the waiting lists move up: entries in tournaments not yet drawn, challenges waiting for answers,
     * listings and requests of Cerca compagno. Then the notices this caused are scrubbed of the name like the rest.
     * Those notices count in the daily cap of what one person causes another to be sent: over it, nothing is
     * deleted and the refusal (429) is returned.
     */
    async deleteAccount(
      account: Account,
      nameForms: readonly string[],
      now: Date,
    ): Promise<Refusal | undefined> {
      const a = account.id
      const p = account.personId
      const done = await refusingOverCap(() =>
        db.transaction(async (tx) => {
          const run = (query: SQL) => tx.execute(query)
          if (p !== null) {
            await enrolments.withdrawPerson(tx, p, now)
            await challenges.withdrawPerson(tx, p, now)
            await partnerSearch.withdrawPerson(tx, p, now)
            await tellCaptainGone(tx, p, now)
          }
          // What the account alone owns.
          await run(sql`delete from news_comments where account_id = ${a}`)
          await run(sql`delete from tournament_comments where account_id = ${a}`)
          await run(sql`delete from championship_comments where account_id = ${a}`)
          await run(sql`delete from helpdesk_requests where account_id = ${a}`)
          await run(sql`delete from richieste_utenti where account_id = ${a}`)
          await run(sql`delete from idp_outbox where recipient = ${account.email}`)
          await run(sql`delete from idp_verification_codes where email = ${account.email}`)
          await run(sql`delete from idp_provider_records where payload ->> 'accountId' = ${a}`)
          // Analytics keep the page, not who saw it.
          await run(sql`update page_views set account_id = null where account_id = ${a}`)
          await run(sql`update banner_clicks set account_id = null where account_id = ${a}`)
          if (p !== null) {
            for (const [table, column] of TEXTS_OF_OTHERS) {
              if (nameForms.length === 0) break
              const col = sql.identifier(column)
              await run(
                sql`update ${sql.identifier(table)} set ${col} = ${scrubbed(sql`${col}`, nameForms)}
                  where ${mentions(sql`${col}`, nameForms)}`,
              )
            }
            // What is only the person's.
            await run(sql`delete from avvisi where person_id = ${p}`)
            await run(sql`update avvisi set mittente_id = null where mittente_id = ${p}`)
            await run(sql`delete from fototessere where person_id = ${p}`)
            await run(sql`delete from dati_spedizione where person_id = ${p}`)
            await run(sql`delete from tessere where person_id = ${p}`)
            await run(sql`delete from player_search where person_id = ${p}`)
            await run(sql`delete from partner_listings where person_id = ${p}`)
            await run(sql`delete from partner_requests where requester_person_id = ${p}`)
            await run(sql`update partner_request_events set person_id = null where person_id = ${p}`)
            await run(sql`update partner_request_events set destinatario_id = null, avviso = null
            where destinatario_id = ${p}`)
            await run(sql`update tournament_entry_events set avviso = null where destinatario_id = ${p}`)
            await run(sql`update challenges set messaggio = null where created_by_person_id = ${p}`)
            // Results others depend on keep the row, without what identifies the person.
            await run(sql`update rankings set nascita = null, provincia = null, region_id = null
            where person_id = ${p}`)
            await run(sql`update persons set nome = ${PERSONA_ANONIMA.nome}, cognome = ${PERSONA_ANONIMA.cognome},
            data_nascita = null, codice_fiscale = null, provincia = null, comune = null, telefono = null,
            email = null, fototessera = null, club_id = null where id = ${p}`)
            await run(sql`delete from player_search where person_id = ${p}`)
          }
          // Settings, calendar feed and club roles go with the account (on delete cascade).
          await run(sql`delete from accounts where id = ${a}`)
        }),
      )
      return done || undefined
    },
  }
}
