import { describeModel } from './describe-model.ts'
import { iscrizioneModel } from './models/iscrizione.model.ts'

describeModel(iscrizioneModel)
