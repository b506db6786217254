import { describeModel } from './describe-model.ts'
import { sessionModel } from './models/session.model.ts'

// The paths with a real actor; the journeys one by one are in session.flow.test.ts.
describeModel(sessionModel)
