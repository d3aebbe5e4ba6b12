// The public face of the jobs module: what other modules may import from it (lint refuses any other
// import across module folders; docs/architecture.md, "Modules and their faces").

import * as jobsRepo from './jobs.repository.ts';

export { addressPartsProblems } from './jobs-consistency.ts';
export { announceJobsChanged } from './jobs-count.cache.ts';
export { maySeeFile, visibleJob } from './jobs-queries.service.ts';
export { resolvedOf, storedValueOf } from './jobs-requirements.service.ts';
export { getJobWithRefs, listRevisions } from './jobs.repository.ts';
export type { JobRow } from './jobs.repository.ts';

// Writes other modules make to the jobs module's data go through these functions, never its repository.

/** Adds entries to a job's history, inside the caller's transaction. */
export function insertHistory(...args: Parameters<typeof jobsRepo.insertHistory>): ReturnType<typeof jobsRepo.insertHistory> {
  return jobsRepo.insertHistory(...args);
}

/** Reads a job row and locks it (SELECT … FOR UPDATE) for the caller's transaction. */
export function lockJob(...args: Parameters<typeof jobsRepo.lockJob>): ReturnType<typeof jobsRepo.lockJob> {
  return jobsRepo.lockJob(...args);
}

/** Sets columns of a job row, inside the caller's transaction (the caller holds the row lock). */
export function updateJob(...args: Parameters<typeof jobsRepo.updateJob>): ReturnType<typeof jobsRepo.updateJob> {
  return jobsRepo.updateJob(...args);
}
