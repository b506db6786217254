// Plain GET routes (not the POST API): the rule and calendar PDFs linked from /regolamenti (spec §9).
import type { FastifyInstance } from 'fastify'
import { DOCUMENTS_BASE } from '../../contract/documenti.ts'
import { currentSeason } from '../../contract/dates.ts'
import { findRuleDocument, ruleDocumentPdf } from '../documents/catalogo.ts'

const NOT_FOUND = 'Documento non trovato: controlla il collegamento nella pagina Regolamenti.'

export default function documentiRoutes(app: FastifyInstance) {
  app.get<{ Params: { disciplina: string; file: string } }>(
    `${DOCUMENTS_BASE}/:disciplina/:file`,
    async (request, reply) => {
      const { disciplina, file } = request.params
      const found = file.endsWith('.pdf') ? findRuleDocument(disciplina, file.slice(0, -'.pdf'.length)) : null
      if (!found) return reply.code(404).send({ statusCode: 404, message: NOT_FOUND })
      const pdf = await ruleDocumentPdf(found.profile, found.document, currentSeason())
      reply
        .header('cache-control', 'public, max-age=3600, stale-while-revalidate=86400')
        .header('etag', pdf.etag)
      if (request.headers['if-none-match'] === pdf.etag) return reply.code(304).send()
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${pdf.filename}"`)
        .send(pdf.body)
    },
  )
}
