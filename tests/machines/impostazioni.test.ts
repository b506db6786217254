import { describeModel } from './describe-model.ts'
import { impostazioniModel } from './models/impostazioni.model.ts'

describeModel(impostazioniModel)
