import { describeModel } from './describe-model.ts'
import { verificaSorteggioModel } from './models/verifica-sorteggio.model.ts'

describeModel(verificaSorteggioModel)
