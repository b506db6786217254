import { describeModel } from './describe-model.ts'
import { newsListModel } from './models/news-list.model.ts'

describeModel(newsListModel)
