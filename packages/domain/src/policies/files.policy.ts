import { GENERATED_FILE_KINDS, HIDDEN_FROM_CLIENT_KINDS, STAFF_FILE_KINDS, type FileKind } from '../contracts/files.ts';
import { isClientRole, isInternalStaff, type Role } from '../roles.ts';
import type { FileCategory } from '../constants/files.constants.ts';
import { uploadCategoriesFor } from '../jobs/client-view.rules.ts';
import { mayWorkOnJob } from './jobs.policy.ts';
import type { Actor } from './actor.ts';

/*
 * Job files: the people who work on a job (staff, contractors) upload the staff kinds (letters, CAD,
 * finished files); clients never see the hidden kinds and delete only what a client uploaded.
 */

export const mayUploadFileKind = (role: Role, kind: FileKind) =>
  !GENERATED_FILE_KINDS.includes(kind) && (!STAFF_FILE_KINDS.includes(kind) || isInternalStaff(role) || role === 'contractor');

export const maySeeFileKind = (role: Role, kind: FileKind) =>
  !(isClientRole(role) && HIDDEN_FROM_CLIENT_KINDS.includes(kind));

/** Staff and the assigned contractor delete any file of a job they see; a client only a client's upload of a client kind. */
export function mayDeleteFile(role: Role, file: { kind: FileKind; uploadedByRole: Role }): boolean {
  if (!isClientRole(role)) return true;
  return isClientRole(file.uploadedByRole) && !STAFF_FILE_KINDS.includes(file.kind) && !HIDDEN_FROM_CLIENT_KINDS.includes(file.kind);
}

/**
 * The categories a role files uploads under: the team (staff, the assigned contractor) any
 * category, the design ones (PV-01 … PV-06+, Engineering) included; a client General and Extra
 * Sheets (jobs/client-view.rules.ts). The API refuses the others with 403.
 */
export const mayUploadToCategory = (role: Role, category: FileCategory) => uploadCategoriesFor(role).includes(category);

/**
 * Whether the job page offers the upload panel: to clients and staff on any job they see, to a
 * contractor on the jobs assigned to it (the drafter delivers its design files there).
 */
export const mayUseJobUploadPanel = (actor: Pick<Actor, 'id' | 'role'>, job: { assigneeId: string | null | undefined }) =>
  isClientRole(actor.role) || mayWorkOnJob(actor, job);
