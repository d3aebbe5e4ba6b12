// The public face of the engineers module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

export { signingRefusal } from './engineer-certificates.service.ts';
export { engineersLicensedIn, getEngineer, listEngineers } from './engineers.repository.ts';
export type { EngineerWithLicences } from './engineers.repository.ts';
export { readBytes } from './engineers.service.ts';
