import { describeModel } from './describe-model.ts'
import { tieModel } from './models/tie.model.ts'

describeModel(tieModel)
