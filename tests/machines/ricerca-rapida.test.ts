import { describeModel } from './describe-model.ts'
import { ricercaRapidaModel } from './models/ricerca-rapida.model.ts'

describeModel(ricercaRapidaModel)
