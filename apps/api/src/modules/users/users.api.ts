// The public face of the users module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

import * as usersRepo from './users.repository.ts';

export { getUser } from './users.repository.ts';

// Writes other modules make to the users module's data go through these functions, never its repository.

/** Counts a completed job or a revision in a user's month statistics. */
export function bumpMonthStat(...args: Parameters<typeof usersRepo.bumpMonthStat>): ReturnType<typeof usersRepo.bumpMonthStat> {
  return usersRepo.bumpMonthStat(...args);
}
