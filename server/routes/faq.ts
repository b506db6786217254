import { DISCIPLINES } from '../../contract/constants.ts'
import { endpoints } from '../../contract/endpoints.ts'
import type { Api } from '../http/api.ts'

export default function faqRoutes(api: Api) {
  api.handle(
    endpoints.faqList,
    async ({ repos, body }) => {
      const disciplina = body.filters?.disciplina
      return repos.faq.page(
        {
          disciplineId: disciplina ? DISCIPLINES.find((d) => d.codice === disciplina)!.id : undefined,
          testo: body.filters?.testo?.trim() ?? '',
        },
        body.fetchrows,
        body.rowstoskip,
      )
    },
    { cacheSeconds: 300 },
  )
}
