// The public face of the requirements module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

export { listScopes } from './requirements.repository.ts';
export { openJobRequirementFile, readRequirementFileBytes, resolveForJob } from './requirements.service.ts';
