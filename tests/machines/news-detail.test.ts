import { describeModel } from './describe-model.ts'
import { newsDetailModel } from './models/news-detail.model.ts'

describeModel(newsDetailModel)
