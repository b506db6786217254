import { describeModel } from './describe-model.ts'
import { helpdeskModel } from './models/helpdesk.model.ts'

describeModel(helpdeskModel)
