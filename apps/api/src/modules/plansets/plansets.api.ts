// The public face of the plansets module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

export { requestRun, runCadGeneration } from './cad-runs.service.ts';
export { DEFAULT_HIGH_AMBIENT_C, assembleGeneration, blockedMessage, codeRefText, runEngine } from './planset-input.service.ts';
export type { EngineCheck } from './planset-input.service.ts';
export { engineRequirementsOf } from './planset-input.engine.ts';
export { firmCompany } from './plansets.repository.ts';
