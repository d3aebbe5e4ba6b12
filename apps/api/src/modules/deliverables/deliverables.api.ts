// The public face of the deliverables module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

import * as deliverablesRepo from './deliverables.repository.ts';

export { deliverablesOfRevision, lettersAwaitingSignature } from './deliverables.repository.ts';
export { currentDeliverableFacts, recordDeliverable, replaceDeliverableFile, setServiceTask, syncServiceTasks } from './deliverables.service.ts';
export { sealDocument } from './seal.service.ts';

// Writes other modules make to the deliverables module's data go through these functions, never its repository.

/** Marks deliverables released to the client (at, by whom), inside the caller's transaction. */
export function releaseFiles(...args: Parameters<typeof deliverablesRepo.releaseFiles>): ReturnType<typeof deliverablesRepo.releaseFiles> {
  return deliverablesRepo.releaseFiles(...args);
}

/** The generated plan sets of a revision not yet released stop being deliverables (a newer run's set replaces them); their verification codes stop answering. */
export function unmarkGeneratedPlanSets(...args: Parameters<typeof deliverablesRepo.unmarkGeneratedPlanSets>): ReturnType<typeof deliverablesRepo.unmarkGeneratedPlanSets> {
  return deliverablesRepo.unmarkGeneratedPlanSets(...args);
}
