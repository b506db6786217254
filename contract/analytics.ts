import { Schema } from 'effect'
import { Id, ResultOf, Testo } from './common.ts'
import { endpoint } from './endpoint.ts'

const Path = Testo.pipe(
  Schema.check(
    Schema.isPattern(/^\/[^\s]{0,499}$/, { message: 'deve essere un percorso del portale che inizia con /' }),
  ),
)

/** One page view per route change, stored by us (no third party). */
export const pageView = endpoint('analytics/page-view', {
  request: Schema.Struct({
    path: Path,
    referrer: Schema.optionalKey(Schema.NullOr(Path)),
    id_settore: Schema.optionalKey(Schema.NullOr(Id)),
  }),
  response: ResultOf(Schema.Struct({ registrata: Schema.Boolean })),
  access: 'public',
  write: true,
})
