import { describeModel } from './describe-model.ts'
import { pageDataModel } from './models/page-data.model.ts'

describeModel(pageDataModel)
