// The model of each machine of machines/index.ts, by machine id: what the suites and the flow report explore.
import type { MachineModel } from '../coverage.ts'
import { confirmedActionModel } from './confirmed-action.model.ts'
import { disciplineModel } from './discipline.model.ts'
import { navigationGuardsModel } from './navigation-guards.model.ts'
import { sessionModel } from './session.model.ts'

export const models: Readonly<Record<string, MachineModel>> = {
  session: sessionModel,
  navigationGuards: navigationGuardsModel,
  discipline: disciplineModel,
  confirmedAction: confirmedActionModel,
}
