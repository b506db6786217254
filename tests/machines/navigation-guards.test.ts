import { describeModel } from './describe-model.ts'
import { navigationGuardsModel } from './models/navigation-guards.model.ts'

// The paths through the guards with a real actor; the rules one by one are in navigation-guards.rules.test.ts.
describeModel(navigationGuardsModel)
