// The FAQ's search (machines/faq.ts) with its call to faq/list: /faq and the help desk's suggestions share it.
import { fromPromise } from 'xstate'
// The contract module itself, not the endpoints table: the page's bundle carries only its own calls.
import { faqList } from '../../../contract/faq.ts'
import { FAQ_PAGE_SIZE, faqMachine } from '../../../machines/faq.ts'
import { callApi } from '../../api/client.ts'

export const faqLogic = faqMachine.provide({
  actors: {
    loadFaq: fromPromise(({ input, signal }) =>
      callApi(
        faqList,
        {
          rowstoskip: input.rowstoskip,
          fetchrows: FAQ_PAGE_SIZE,
          filters: {
            ...(input.disciplina ? { disciplina: input.disciplina } : {}),
            ...(input.testo ? { testo: input.testo } : {}),
          },
        },
        { signal },
      ),
    ),
  },
})
