import { describeModel } from './describe-model.ts'
import { modificaProfiloModel } from './models/modifica-profilo.model.ts'

describeModel(modificaProfiloModel)
