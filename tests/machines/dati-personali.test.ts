import { describeModel } from './describe-model.ts'
import { datiPersonaliModel } from './models/dati-personali.model.ts'

describeModel(datiPersonaliModel)
