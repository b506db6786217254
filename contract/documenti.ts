// The rule and calendar documents of /regolamenti (spec §9): one catalogue for the page's links and the server's
// PDF route, so no link can point at a document the server does not generate.
import { DISCIPLINES } from './constants.ts'

export type DisciplinaCodice = (typeof DISCIPLINES)[number]['codice']

export const RULE_DOCUMENTS = [
  {
    codice: 'regolamento-generale',
    titolo: 'Regolamento generale',
    descrizione: 'Tesseramento, categorie, formule di gara, punti, classifiche, Power e sfide.',
  },
  {
    codice: 'regolamento-circuiti',
    titolo: 'Regolamento circuiti',
    descrizione: 'Tappe, classifica del circuito, Master finale e montepremi.',
  },
  {
    codice: 'regolamento-coppe',
    titolo: 'Regolamento coppe a squadre',
    descrizione: 'Squadre, capitani, calendario degli incontri, formazioni e risultati.',
  },
  {
    codice: 'calendario-stagione',
    titolo: 'Calendario della stagione',
    descrizione: 'Mese per mese: tesseramento, circuiti, coppe, campionati e Master.',
  },
] as const

export type RuleDocument = (typeof RULE_DOCUMENTS)[number]
export type DocumentoCodice = RuleDocument['codice']

export const DOCUMENTS_BASE = '/documenti/regolamenti'

/** The URL of one PDF: `/documenti/regolamenti/<disciplina>/<documento>.pdf`. */
export function documentPath(disciplina: DisciplinaCodice, documento: DocumentoCodice): string {
  return `${DOCUMENTS_BASE}/${disciplina}/${documento}.pdf`
}

/** Every linked PDF, discipline by discipline, in the order the page shows them. */
export function allDocumentPaths(): string[] {
  return DISCIPLINES.flatMap((d) => RULE_DOCUMENTS.map((doc) => documentPath(d.codice, doc.codice)))
}
