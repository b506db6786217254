import { describeModel } from './describe-model.ts'
import { fototesseraModel } from './models/fototessera.model.ts'

describeModel(fototesseraModel)
