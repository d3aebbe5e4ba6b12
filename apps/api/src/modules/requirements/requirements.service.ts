import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { mayReadRequirements, requirementsEditRefusalOf, type RequirementsRefusal } from '@sunstamp/domain/policies/requirements.policy';
import { matchesFileName, sniffFileType, type SniffResult } from '@sunstamp/domain/files/sniff.rules';
import type { RequirementScopePatch } from '@sunstamp/domain/contracts/requirements';
import { CHIP_GROUPS, REQUIREMENT_HEADINGS } from '@sunstamp/domain/requirements/chip-groups.data';
import { DRAWING_VARIABLES } from '@sunstamp/domain/requirements/drawing-variables.data';
import { DYNAMIC_CAD_FIELDS } from '@sunstamp/domain/requirements/dynamic-cad-fields.data';
import { getRequirementDefinition, REQUIREMENT_DEFINITIONS } from '@sunstamp/domain/requirements/requirement-definitions.data';
import {
  describeFileTypes, fileRefsOf, fileValueOf, fileValueWithout, fileValueWithUploads, isAllowedFileType, MAX_REQUIREMENT_FILES,
} from '@sunstamp/domain/requirements/requirement-files.rules';
import type { RequirementDefinition, RequirementFileRef, RequirementScope } from '@sunstamp/domain/requirements/requirement.schema';
import { resolveRequirements, scopeValuesFromRows, type ResolvedRequirements } from '@sunstamp/domain/requirements/resolve.rules';
import { checkScopePatch } from '@sunstamp/domain/requirements/scope-values.rules';
import type { PlanSetFacts } from '@sunstamp/domain/requirements/sticker-logic.data';
import { validateRequirementValues, type FieldMessages } from '@sunstamp/domain/requirements/validate.rules';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { bytesOfStream, type Storage } from '../../platform/storage.ts';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { cleanFileName, type SpooledFile } from '../../platform/uploads.ts';
import { requireVisible } from '../../platform/access.ts';
import { getCompany } from '../companies/companies.api.ts';
import { findAhj, findUtility } from '../ahjs/ahjs.api.ts';
import * as repo from './requirements.repository.ts';

/** What this service reads from the context (a slice, so a worker or a unit test can call it with fakes). */
type Ctx = Pick<AppContext, 'database'>;

/*
 * Requirement values per scope and their resolution. Who may do what (decisions.md):
 * everyone signed in reads; a company scope is visible to staff and to the company's own users
 * (others get 404); admin and support edit every scope; a company admin edits only its own
 * company's scope; contractors and users edit none.
 */


// The definitions never change while the process runs: build the answer once.
const DEFINITIONS_RESPONSE = {
  definitions: [...REQUIREMENT_DEFINITIONS],
  chip_groups: [...CHIP_GROUPS],
  headings: [...REQUIREMENT_HEADINGS],
  dynamic_cad_fields: [...DYNAMIC_CAD_FIELDS],
  drawing_variables: [...DRAWING_VARIABLES],
};

export function getDefinitions() {
  return DEFINITIONS_RESPONSE;
}

/** 404 unless the scope exists and the caller may see it. */
async function checkScopeVisible(db: DbOrTx, p: Principal, scopeType: RequirementScope, scopeId: string) {
  if (!UUID_RE.test(scopeId)) throw notFound();
  if (scopeType === 'company') {
    requireVisible(mayReadRequirements(p, { type: scopeType, id: scopeId }));
    if (!(await getCompany(db, scopeId))) throw notFound();
  } else if (scopeType === 'utility') {
    await findUtility(db, scopeId);
  } else {
    await findAhj(db, scopeId);
  }
}

const REFUSALS: Record<RequirementsRefusal, string> = {
  other_company: 'A company admin can change only their own company\'s requirements.',
  role: 'You do not have permission to change requirements.',
};

function checkCanEdit(p: Principal, scopeType: RequirementScope, scopeId: string) {
  const refusal = requirementsEditRefusalOf(p, { type: scopeType, id: scopeId });
  if (refusal) throw forbidden(REFUSALS[refusal]);
}

function toScopeValues(scopeType: RequirementScope, scopeId: string, rows: repo.RequirementValueRow[]) {
  const values: Record<string, unknown> = {};
  const updated: Record<string, { updated_by: string | null; updated_at: string }> = {};
  for (const r of rows) {
    values[r.key] = r.value;
    updated[r.key] = { updated_by: r.updatedById, updated_at: r.updatedAt.toISOString() };
  }
  return { scope_type: scopeType, scope_id: scopeId, values, updated };
}

export async function getScopeValues(ctx: Ctx, p: Principal, scopeType: RequirementScope, scopeId: string) {
  const db = ctx.database.db;
  await checkScopeVisible(db, p, scopeType, scopeId);
  return toScopeValues(scopeType, scopeId, await repo.listScope(db, scopeType, scopeId));
}

function invalid(errors: FieldMessages) {
  const fields = Object.keys(errors);
  return badRequest(
    `${fields.length} requirement value${fields.length === 1 ? ' is' : 's are'} invalid; nothing was saved.`,
    fields.map((f) => ({ [f]: errors[f]! })),
  );
}

/**
 * Every write to a scope's values: under the scope's lock, `change` writes rows; then files the
 * scope's values no longer reference (replaced, removed, or their key inherited again) are
 * deleted, their bytes after the commit. Answers the scope's values.
 */
async function writeScope(
  ctx: Ctx, storage: Storage, scopeType: RequirementScope, scopeId: string,
  change: (tx: Tx, current: Record<string, unknown>, files: repo.RequirementFileRow[]) => Promise<void>,
) {
  const db = ctx.database.db;
  const unreferenced: string[] = [];
  await db.transaction(async (tx) => {
    await repo.lockScope(tx, scopeType, scopeId);
    const current = scopeValuesFromRows(await repo.listScope(tx, scopeType, scopeId));
    const files = await repo.listScopeFiles(tx, scopeType, scopeId);
    await change(tx, current, files);
    const after = scopeValuesFromRows(await repo.listScope(tx, scopeType, scopeId));
    const gone = files.filter((f) => !fileRefsOf(after[f.key]).some((r) => r.id === f.id));
    await repo.deleteFiles(tx, gone.map((f) => f.id));
    unreferenced.push(...gone.map((f) => f.storageKey));
  });
  await Promise.all(unreferenced.map((k) => storage.remove(k).catch(() => {})));
  return toScopeValues(scopeType, scopeId, await repo.listScope(db, scopeType, scopeId));
}

const fileRefOf = (f: repo.RequirementFileRow): RequirementFileRef => ({ id: f.id, name: f.name, contentType: f.contentType, size: f.size });

/**
 * File values written through PUT or PATCH may only name files uploaded to that requirement at
 * that scope (or already in its value); the references are rewritten from the stored records so
 * a client cannot make up a name, type or size. null and [] (no file here) pass as they are.
 */
function normaliseFileValues(values: Record<string, unknown>, current: Record<string, unknown>, files: repo.RequirementFileRow[]) {
  const out: Record<string, unknown> = { ...values };
  const errors: FieldMessages = {};
  for (const [key, value] of Object.entries(values)) {
    const def = getRequirementDefinition(key);
    if (def?.type !== 'file' || value === null) continue;
    const kept = fileRefsOf(current[key]);
    const refs: RequirementFileRef[] = [];
    for (const ref of fileRefsOf(value)) {
      const row = files.find((f) => f.id === ref.id && f.key === key);
      const old = kept.find((k) => k.id === ref.id);
      if (row) refs.push(fileRefOf(row));
      else if (old) refs.push(old);
      else errors[key] ??= `"${ref.name}" is not a file uploaded to this requirement here; upload it first.`;
    }
    out[key] = fileValueOf(def, refs);
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return out;
}

/**
 * PUT: the body is the scope's whole set of values. Every key present is set here, whatever its
 * value (false, '', null = off); a key absent is not set here (its row goes), so the value from
 * the scope below shows through. Every value is checked by validateRequirementValues first; one
 * bad value changes nothing (400, args {field: message}).
 */
export async function putScopeValues(
  ctx: Ctx, storage: Storage, p: Principal, scopeType: RequirementScope, scopeId: string, body: Record<string, unknown>,
) {
  await checkScopeVisible(ctx.database.db, p, scopeType, scopeId);
  checkCanEdit(p, scopeType, scopeId);
  const values = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const errors = validateRequirementValues(values);
  if (Object.keys(errors).length) throw invalid(errors);
  return writeScope(ctx, storage, scopeType, scopeId, async (tx, current, files) => {
    await repo.replaceScope(tx, scopeType, scopeId, normaliseFileValues(values, current, files), p.id);
  });
}

/**
 * PATCH: `set` writes explicit values (null and false included) and leaves other keys alone;
 * `inherit` removes this scope's value of each key listed. Same checks as PUT, all or nothing.
 */
export async function patchScopeValues(
  ctx: Ctx, storage: Storage, p: Principal, scopeType: RequirementScope, scopeId: string, patch: RequirementScopePatch,
) {
  await checkScopeVisible(ctx.database.db, p, scopeType, scopeId);
  checkCanEdit(p, scopeType, scopeId);
  const set = Object.fromEntries(Object.entries(patch.set).filter(([, v]) => v !== undefined));
  const inherit = [...new Set(patch.inherit)];
  const errors = { ...validateRequirementValues(set), ...checkScopePatch({ set, inherit }, REQUIREMENT_DEFINITIONS) };
  if (Object.keys(errors).length) throw invalid(errors);
  return writeScope(ctx, storage, scopeType, scopeId, async (tx, current, files) => {
    await repo.upsertValues(tx, scopeType, scopeId, normaliseFileValues(set, current, files), p.id);
    await repo.deleteValues(tx, scopeType, scopeId, inherit);
  });
}

// ------------------------------------------------------------------------------- files

const unsupported = (message: string) => new AppError(415, message, 'unsupported_media_type');

/** The definition of a file requirement; 400 for an unknown key or one that does not take files. */
function fileDefinitionOf(key: string): RequirementDefinition {
  const def = getRequirementDefinition(key);
  if (!def) throw badRequest('Unknown requirement.', [{ [key]: 'Unknown requirement.' }]);
  if (def.type !== 'file') {
    throw badRequest(`${def.label} does not take files.`, [{ [key]: `Not a file requirement: it takes a ${def.type} value.` }]);
  }
  return def;
}

/** Before reading an upload's body: the scope is visible (404), the caller may edit it (403), the key takes files (400). */
export async function assertMayUploadFile(ctx: Ctx, p: Principal, scopeType: RequirementScope, scopeId: string, key: string) {
  await checkScopeVisible(ctx.database.db, p, scopeType, scopeId);
  checkCanEdit(p, scopeType, scopeId);
  return fileDefinitionOf(key);
}

/** The type by content (magic bytes): programs, other types and content that contradicts the extension are 415. */
function checkFileType(def: RequirementDefinition, file: SpooledFile): SniffResult {
  const name = cleanFileName(file.fileName);
  const sniffed = sniffFileType(file.head);
  if (sniffed.kind === 'executable') throw unsupported(`"${name}" is a program (${sniffed.detail}); programs cannot be uploaded.`);
  if (!isAllowedFileType(def, sniffed.kind)) {
    throw unsupported(`"${name}" is not a ${describeFileTypes(def)} file; ${def.label} accepts ${describeFileTypes(def)}.`);
  }
  if (!matchesFileName(sniffed, file.fileName)) {
    throw unsupported(`"${name}" does not contain what its extension says: its content is ${sniffed.kind.toUpperCase()}.`);
  }
  return sniffed;
}

/**
 * Stores uploaded files for a file requirement at a scope: each checked by content, the bytes put
 * in storage, then (under the scope's lock) file rows inserted and the scope's value set: a
 * one-file requirement takes the new file (the one it replaces is deleted), a list appends. On
 * any failure nothing stays stored.
 */
export async function storeRequirementFiles(
  ctx: Ctx, storage: Storage, p: Principal, scopeType: RequirementScope, scopeId: string, key: string, files: SpooledFile[],
) {
  const def = await assertMayUploadFile(ctx, p, scopeType, scopeId, key);
  if (files.length === 0) throw badRequest('Choose a file to upload.', [{ files: 'No file was sent.' }]);
  if (!def.multiple && files.length > 1) throw badRequest(`${def.label} takes one file.`, [{ files: 'Send one file.' }]);
  const checked = files.map((f) => ({ file: f, sniffed: checkFileType(def, f) }));
  const rows: Parameters<typeof repo.insertFiles>[1] = [];
  const written: string[] = [];
  try {
    for (const { file, sniffed } of checked) {
      const id = crypto.randomUUID();
      const storageKey = `requirements/${scopeType}/${scopeId}/${id}`;
      await storage.putFile(storageKey, file.path);
      written.push(storageKey);
      rows.push({
        id, scopeType, scopeId, key, name: cleanFileName(file.fileName), contentType: sniffed.mime, size: file.size,
        storageKey, uploadedById: p.id,
      });
    }
    const uploaded = rows.map((r) => ({ id: r.id!, name: r.name, contentType: r.contentType, size: r.size }));
    const scope = await writeScope(ctx, storage, scopeType, scopeId, async (tx, current) => {
      const next = fileValueWithUploads(def, current[key], uploaded);
      if (Array.isArray(next) && next.length > MAX_REQUIREMENT_FILES) {
        throw badRequest(`${def.label} holds at most ${MAX_REQUIREMENT_FILES} files here.`, [{ files: `Remove a file first: ${MAX_REQUIREMENT_FILES - fileRefsOf(current[key]).length} more can be added.` }]);
      }
      await repo.insertFiles(tx, rows);
      await repo.upsertValues(tx, scopeType, scopeId, { [key]: next }, p.id);
    });
    return { ...scope, uploaded };
  } catch (e) {
    await Promise.all(written.map((k) => storage.remove(k).catch(() => {})));
    throw e;
  }
}

/**
 * Removes one file from a file requirement at a scope. The scope keeps an explicit value: null for
 * a one-file requirement, the rest of the list for a list (maybe []), so it still overrides the
 * scopes below; "Reset to inherited" (PATCH inherit) is the way back to their value.
 */
export async function deleteRequirementFile(
  ctx: Ctx, storage: Storage, p: Principal, scopeType: RequirementScope, scopeId: string, key: string, fileId: string,
) {
  const def = await assertMayUploadFile(ctx, p, scopeType, scopeId, key);
  return writeScope(ctx, storage, scopeType, scopeId, async (tx, current, files) => {
    const stored = files.some((f) => f.id === fileId && f.key === key);
    if (!stored && !fileRefsOf(current[key]).some((r) => r.id === fileId)) throw notFound('This requirement has no such file here.');
    await repo.upsertValues(tx, scopeType, scopeId, { [key]: fileValueWithout(def, current[key], fileId) }, p.id);
  });
}

/** A requirement file's bytes, for whoever may see its scope (404 otherwise). */
export async function openRequirementFile(ctx: Ctx, storage: Storage, p: Principal, fileId: string) {
  if (!UUID_RE.test(fileId)) throw notFound();
  const db = ctx.database.db;
  const f = await repo.getFile(db, fileId);
  if (!f) throw notFound();
  await checkScopeVisible(db, p, f.scopeType, f.scopeId);
  return readRequirementFile(storage, f);
}

/**
 * A requirement file that a job's resolved values reference (GET /jobs/{id}/requirements/files/…):
 * for the jobs module, which has decided the caller may see the job and that the job's values name
 * the file. No permission check here; 404 unless the file is stored at one of the job's `scopes`.
 */
export async function openJobRequirementFile(
  ctx: Pick<AppContext, 'database'>, storage: Storage, fileId: string, scopes: { scopeType: RequirementScope; scopeId: string }[],
) {
  if (!UUID_RE.test(fileId)) throw notFound();
  const f = await repo.getFile(ctx.database.db, fileId);
  if (!f || !scopes.some((s) => s.scopeType === f.scopeType && s.scopeId === f.scopeId)) throw notFound();
  return readRequirementFile(storage, f);
}

/**
 * The bytes of a requirement file stored at one of the scopes (a plan-set run's cut sheets,
 * stamps and details); undefined when it is not there or its content is gone.
 */
export async function readRequirementFileBytes(
  ctx: Pick<AppContext, 'database' | 'storage'>, fileId: string, scopes: { scopeType: RequirementScope; scopeId: string }[],
): Promise<{ name: string; bytes: Uint8Array } | undefined> {
  if (!UUID_RE.test(fileId)) return undefined;
  const f = await repo.getFile(ctx.database.db, fileId);
  if (!f || !scopes.some((s) => s.scopeType === f.scopeType && s.scopeId === f.scopeId)) return undefined;
  try {
    return { name: f.name, bytes: new Uint8Array(await bytesOfStream(await ctx.storage.read(f.storageKey))) };
  } catch {
    return undefined;
  }
}

async function readRequirementFile(storage: Storage, f: repo.RequirementFileRow) {
  let stream: Readable;
  try {
    stream = await storage.read(f.storageKey);
  } catch {
    throw notFound('The file\'s content is missing from storage.');
  }
  return { name: f.name, mime: f.contentType, size: f.size, stream };
}

export type ResolveForJobInput = {
  companyId?: string | null;
  utilityId?: string | null;
  ahjId?: string | null;
  facts?: PlanSetFacts;
};

/**
 * A job's requirements: defaults → company → utility → AHJ, each value with its source, the
 * dynamic CAD fields to ask for, and whether the contractor stamp is removed. For the jobs
 * module, which has already decided the caller may see the job: no permission check here, and a
 * scope id with no values (or no record) simply contributes nothing. Pass `db` inside a transaction.
 */
export async function resolveForJob(ctx: Pick<AppContext, 'database'>, input: ResolveForJobInput, db: DbOrTx = ctx.database.db): Promise<ResolvedRequirements> {
  const scopes: { scopeType: RequirementScope; scopeId: string }[] = [];
  if (input.companyId) scopes.push({ scopeType: 'company', scopeId: input.companyId });
  if (input.utilityId) scopes.push({ scopeType: 'utility', scopeId: input.utilityId });
  if (input.ahjId) scopes.push({ scopeType: 'ahj', scopeId: input.ahjId });
  const rows = await repo.listScopes(db, scopes);
  const of = (t: RequirementScope) => scopeValuesFromRows(rows.filter((r) => r.scopeType === t));
  return resolveRequirements(REQUIREMENT_DEFINITIONS, { company: of('company'), utility: of('utility'), ahj: of('ahj') }, input.facts ?? {});
}

/** GET /requirements/resolve: like resolveForJob, after checking the caller may see each scope. */
export async function resolveForCaller(
  ctx: Ctx, p: Principal,
  q: { company_id?: string; utility_id?: string; ahj_id?: string; system_size_kw?: number; utility_program?: string },
) {
  const db = ctx.database.db;
  if (q.company_id) await checkScopeVisible(db, p, 'company', q.company_id);
  if (q.utility_id) await checkScopeVisible(db, p, 'utility', q.utility_id);
  if (q.ahj_id) await checkScopeVisible(db, p, 'ahj', q.ahj_id);
  const facts: PlanSetFacts = {
    ...(q.system_size_kw !== undefined ? { systemSizeKw: q.system_size_kw } : {}),
    ...(q.utility_program !== undefined ? { utilityProgram: q.utility_program } : {}),
  };
  return resolveForJob(ctx, { companyId: q.company_id, utilityId: q.utility_id, ahjId: q.ahj_id, facts });
}
