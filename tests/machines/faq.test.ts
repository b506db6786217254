import { describeModel } from './describe-model.ts'
import { faqModel } from './models/faq.model.ts'

describeModel(faqModel)
