import { isClientRole, type Role } from '../roles.ts';
import type { Actor } from './actor.ts';
import { mayWorkOnJob } from './jobs.policy.ts';

/*
 * decisions.md roles table, "generate sheets": staff on every job, a contractor on the jobs
 * assigned to them. Plan-set runs and their files are the team's work until staff release a set
 * to the client; release is not built yet, so clients see no run at all.
 */

/** POST /jobs/{id}/generate-cad. */
export const mayGenerateSheets = (actor: Pick<Actor, 'id' | 'role'>, job: { assigneeId: string | null | undefined }) => mayWorkOnJob(actor, job);

/** Runs, their progress and their files (previews, PDF, DXF, cut sheets). */
export const maySeePlanSets = (role: Role) => !isClientRole(role);
