// The public face of the catalogue module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

export { defaultEditions, editionsByType } from './codes.service.ts';
export { csvTextOf, installCsvBody, rejectImport } from './csv-upload.ts';
export { optionLists } from './option-lists.cache.ts';
