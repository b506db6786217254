import { describeModel } from './describe-model.ts'
import { documentSizesModel } from './models/document-sizes.model.ts'

describeModel(documentSizesModel)
