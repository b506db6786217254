import { describeModel } from './describe-model.ts'
import { partnerRequestModel } from './models/partner-request.model.ts'

describeModel(partnerRequestModel)
