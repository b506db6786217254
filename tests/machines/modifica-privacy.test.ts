import { describeModel } from './describe-model.ts'
import { modificaPrivacyModel } from './models/modifica-privacy.model.ts'

describeModel(modificaPrivacyModel)
