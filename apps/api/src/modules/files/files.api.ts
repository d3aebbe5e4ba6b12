// The public face of the files module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

import * as filesRepo from './files.repository.ts';

export { getFile } from './files.repository.ts';
export { checkUploadType } from './files.service.ts';

// Writes other modules make to the files module's data go through these functions, never its repository.

/** Stores job-file rows (the bytes are already in storage). */
export function insertFiles(...args: Parameters<typeof filesRepo.insertFiles>): ReturnType<typeof filesRepo.insertFiles> {
  return filesRepo.insertFiles(...args);
}
