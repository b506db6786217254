import { describeModel } from './describe-model.ts'
import { disciplineModel } from './models/discipline.model.ts'

// The paths with a real actor; the journeys one by one are in discipline.flow.test.ts.
describeModel(disciplineModel)
