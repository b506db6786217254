import { describeModel } from './describe-model.ts'
import { challengeModel } from './models/challenge.model.ts'

describeModel(challengeModel)
