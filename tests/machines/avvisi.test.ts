import { describeModel } from './describe-model.ts'
import { avvisiModel } from './models/avvisi.model.ts'

describeModel(avvisiModel)
