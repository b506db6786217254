import { describeModel } from './describe-model.ts'
import { datiSpedizioneModel } from './models/dati-spedizione.model.ts'

describeModel(datiSpedizioneModel)
