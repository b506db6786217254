import { describeModel } from './describe-model.ts'
import { newsCommentsModel } from './models/news-comments.model.ts'

describeModel(newsCommentsModel)
