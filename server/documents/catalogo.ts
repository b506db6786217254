// Builds the PDFs of the /regolamenti catalogue (contract/documenti.ts), once per process and season.
import { createHash } from 'node:crypto'
import { RULE_DOCUMENTS, type DisciplinaCodice, type RuleDocument } from '../../contract/documenti.ts'
import { calendarioStagione } from './calendario.ts'
import { renderPdf, type PdfWriter } from './pdf.ts'
import { PROFILES, type DisciplineProfile } from './profiles.ts'
import { regolamentoCircuiti, regolamentoCoppe, regolamentoGenerale } from './regolamenti.ts'

type Builder = (writer: PdfWriter, profile: DisciplineProfile, season: number) => void

const BUILDERS: Record<RuleDocument['codice'], Builder> = {
  'regolamento-generale': regolamentoGenerale,
  'regolamento-circuiti': regolamentoCircuiti,
  'regolamento-coppe': regolamentoCoppe,
  'calendario-stagione': calendarioStagione,
}

export type BuiltDocument = { body: Buffer; filename: string; etag: string; title: string }

/** The catalogue entry for a URL's segments, or null when there is no such document. */
export function findRuleDocument(
  disciplina: string,
  documento: string,
): { profile: DisciplineProfile; document: RuleDocument } | null {
  const profile = Object.hasOwn(PROFILES, disciplina) ? PROFILES[disciplina as DisciplinaCodice] : undefined
  const document = RULE_DOCUMENTS.find((d) => d.codice === documento)
  return profile && document ? { profile, document } : null
}

async function build(
  profile: DisciplineProfile,
  document: RuleDocument,
  season: number,
): Promise<BuiltDocument> {
  const title =
    document.codice === 'calendario-stagione'
      ? `${document.titolo} ${season} – ${profile.nome}`
      : `${document.titolo} – ${profile.nome}`
  const body = await renderPdf(
    {
      title,
      subtitle: `${profile.nome} · Stagione ${season}`,
      subject: `${document.descrizione} Stagione ${season}.`,
      keywords: [profile.nome, document.titolo, `stagione ${season}`, 'regolamento', 'federazione'],
      date: new Date(Date.UTC(season, 0, 1)),
    },
    (writer) => BUILDERS[document.codice](writer, profile, season),
  )
  return {
    body,
    title,
    filename: `${document.codice}-${profile.codice}-${season}.pdf`,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
  }
}

// At most 4 disciplines × 4 documents per season: small enough to keep every one built.
const cache = new Map<string, Promise<BuiltDocument>>()

/** The document's PDF, built on first request and then served from memory. */
export function ruleDocumentPdf(
  profile: DisciplineProfile,
  document: RuleDocument,
  season: number,
): Promise<BuiltDocument> {
  const key = `${season}/${profile.codice}/${document.codice}`
  let built = cache.get(key)
  if (!built) {
    built = build(profile, document, season)
    cache.set(key, built)
    // A failed build is not cached: the next request tries again.
    built.catch(() => cache.delete(key))
  }
  return built
}
