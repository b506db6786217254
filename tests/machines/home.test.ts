import { describeModel } from './describe-model.ts'
import { homeModel } from './models/home.model.ts'

describeModel(homeModel)
