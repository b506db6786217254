import { describeModel } from './describe-model.ts'
import { elencoTessereModel } from './models/elenco-tessere.model.ts'

describeModel(elencoTessereModel)
