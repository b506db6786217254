import { describeModel } from './describe-model.ts'
import { newsAddModel } from './models/news-add.model.ts'

describeModel(newsAddModel)
