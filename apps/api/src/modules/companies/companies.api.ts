// The public face of the companies module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

export { getCompany } from './companies.repository.ts';
export { listGroups } from './companies.service.ts';
