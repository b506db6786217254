// The flow report's steps read as expectations (issue 22, item 2): every step of every generated path of every
// machine is an Italian sentence, with no raw payload, no JSON and no event type; and a few challenge steps
// read as QA would check them, people named by role.
import { describe, expect, it } from 'vitest'
import { machines } from '../../machines/index.ts'
import { type ExecutedPath, exploreModel } from './coverage.ts'
import { models } from './models/index.ts'
import { sentenceOf } from '../../src/statecharts/narrate.ts'

/** The event types a machine can take: what a step's text must never show. */
function eventTypesOf(entry: (typeof machines)[number]): string[] {
  const types = new Set<string>()
  const visit = (node: typeof entry.machine.root) => {
    for (const type of node.transitions.keys()) types.add(type)
    for (const child of Object.values(node.states ?? {})) visit(child as typeof node)
  }
  visit(entry.machine.root)
  return [...types]
}

const explored = new Map<string, ExecutedPath[]>()
async function pathsOf(id: string) {
  if (!explored.has(id)) explored.set(id, (await exploreModel(models[id]!)).executed)
  return explored.get(id)!
}

describe('the steps of the generated paths read as Italian sentences', () => {
  it.each(machines.map((entry) => [entry.id, entry] as const))(
    '%s: no step shows JSON, quotes, xstate. or an event type',
    async (id, entry) => {
      const types = eventTypesOf(entry)
      const bad = new Set<string>()
      for (const path of await pathsOf(id)) {
        for (const step of path.steps) {
          const text = sentenceOf(step)
          if (
            /[{}"]|xstate\./.test(text) ||
            /\b[a-z]+\.[a-z][A-Za-z]+/.test(text) ||
            types.some((type) => text.includes(type))
          )
            bad.add(text)
        }
      }
      expect([...bad].slice(0, 5)).toEqual([])
    },
    60_000,
  )
})

describe('challenge steps as QA reads them, people named by role', () => {
  // Written by hand from DESIGN.md §5 and the machine's labels: what QA checks after each step.
  const expected = [
    'L’avversario accetta la sfida: ora è «Accettata: da giocare» (Tutti hanno accettato — si gioca); il server ' +
      'registra che ha accettato; gli altri giocatori ricevono un avviso dell’accettazione; il giocatore che ha ' +
      'proposto può scegliere «Inserisci il risultato»; l’avversario può scegliere «Inserisci il risultato».',
    'Il compagno rifiuta la sfida: finisce «Rifiutata» (Un invitato ha rifiutato — la sfida non si gioca); gli ' +
      'altri giocatori ricevono un avviso del rifiuto; non si può fare altro.',
    'Il secondo avversario inserisce il risultato (vince la parte di chi ha proposto): ora è «Risultato da ' +
      'confermare» (L’altra parte conferma o contesta; senza risposta in 48 ore il risultato è confermato); il ' +
      'server registra il risultato e chi lo ha inserito; l’altra parte riceve un avviso del risultato da ' +
      'confermare; il giocatore che ha proposto può scegliere «Conferma il risultato», «Contesta il risultato»; il ' +
      'compagno può scegliere «Conferma il risultato», «Contesta il risultato».',
    'La federazione decide sulla contestazione (il risultato vale): finisce «Contestazione decisa» (La ' +
      'federazione ha deciso — il risultato vale o è annullato); il risultato conta — il Power dei giocatori ' +
      'delle due parti si aggiorna; i giocatori ricevono un avviso della decisione della federazione; non si può ' +
      'fare altro.',
    'Un giocatore che non è nella sfida prende un posto libero nella parte avversaria: ora è «Accettata: da ' +
      'giocare» (Tutti hanno accettato — si gioca); il server registra il giocatore nel posto preso, come se ' +
      'avesse già accettato; gli altri giocatori ricevono un avviso dell’accettazione; il giocatore che ha ' +
      'proposto può scegliere «Inserisci il risultato»; l’avversario può scegliere «Inserisci il risultato».',
    'Passano 7 giorni senza risposta: finisce «Scaduta senza risposta» (Nessuna risposta in 7 giorni — la sfida ' +
      'non si gioca); i giocatori ricevono un avviso della scadenza; non si può fare altro.',
  ]

  it.each(expected.map((sentence) => [sentence.slice(0, 60), sentence] as const))(
    'a generated path says: %s…',
    async (_, sentence) => {
      const sentences = new Set((await pathsOf('sfida')).flatMap((p) => p.steps.map(sentenceOf)))
      expect([...sentences]).toContain(sentence)
    },
  )

  it('names the identity service and the message shown when a silent renewal fails', async () => {
    const sentences = new Set((await pathsOf('session')).flatMap((p) => p.steps.map(sentenceOf)))
    expect([...sentences]).toContain(
      'Il servizio d’identità risponde (token non rinnovato): ora è «Disconnessione in corso» (Token e dati ' +
        'dell’utente si cancellano; il servizio d’identità chiude la sessione); compare il messaggio «Sessione ' +
        'Scaduta. Per continuare, effettuare nuovamente il login».',
    )
  })
})
