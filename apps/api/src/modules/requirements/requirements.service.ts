import { isInternalStaff } from '@sunstamp/domain/roles';
import { CHIP_GROUPS, REQUIREMENT_HEADINGS } from '@sunstamp/domain/requirements/chip-groups.data';
import { DRAWING_VARIABLES } from '@sunstamp/domain/requirements/drawing-variables.data';
import { DYNAMIC_CAD_FIELDS } from '@sunstamp/domain/requirements/dynamic-cad-fields.data';
import { REQUIREMENT_DEFINITIONS } from '@sunstamp/domain/requirements/requirement-definitions.data';
import type { RequirementScope } from '@sunstamp/domain/requirements/requirement.schema';
import { resolveRequirements, scopeValuesFromRows, type ResolvedRequirements } from '@sunstamp/domain/requirements/resolve.rules';
import type { PlanSetFacts } from '@sunstamp/domain/requirements/sticker-logic.data';
import { validateRequirementValues } from '@sunstamp/domain/requirements/validate.rules';
import type { AppContext } from '../../app.ts';
import type { Principal } from '../auth/auth.hooks.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { getCompany } from '../companies/companies.repository.ts';
import { findAhj } from '../ahjs/ahjs.service.ts';
import { findUtility } from '../ahjs/utilities.service.ts';
import * as repo from './requirements.repository.ts';

/*
 * Requirement values per scope and their resolution (issue 4). Who may do what (decisions.md):
 * everyone signed in reads; a company scope is visible to staff and to the company's own users
 * (others get 404); admin and support edit every scope; a company admin edits only its own
 * company's scope; contractors and users edit none.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  if (!UUID.test(scopeId)) throw notFound();
  if (scopeType === 'company') {
    if (!isInternalStaff(p.role) && !p.companyIds.includes(scopeId)) throw notFound();
    if (!(await getCompany(db, scopeId))) throw notFound();
  } else if (scopeType === 'utility') {
    await findUtility(db, scopeId);
  } else {
    await findAhj(db, scopeId);
  }
}

function checkCanEdit(p: Principal, scopeType: RequirementScope, scopeId: string) {
  if (isInternalStaff(p.role)) return;
  if (p.role === 'user_admin' && scopeType === 'company' && p.companyIds.includes(scopeId)) return;
  throw forbidden(p.role === 'user_admin'
    ? 'A company admin can change only their own company\'s requirements.'
    : 'You do not have permission to change requirements.');
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

export async function getScopeValues(ctx: AppContext, p: Principal, scopeType: RequirementScope, scopeId: string) {
  const db = ctx.database.db;
  await checkScopeVisible(db, p, scopeType, scopeId);
  return toScopeValues(scopeType, scopeId, await repo.listScope(db, scopeType, scopeId));
}

/**
 * PUT: the body is the scope's whole set of values. A key absent or null is not set here (its row
 * goes), so the value from the scope below shows through. Every value is checked by
 * validateRequirementValues first; one bad value changes nothing (400, args {field: message}).
 */
export async function putScopeValues(
  ctx: AppContext, p: Principal, scopeType: RequirementScope, scopeId: string, body: Record<string, unknown>,
) {
  const db = ctx.database.db;
  await checkScopeVisible(db, p, scopeType, scopeId);
  checkCanEdit(p, scopeType, scopeId);
  const values = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null && v !== undefined));
  const errors = validateRequirementValues(values);
  const fields = Object.keys(errors);
  if (fields.length) {
    throw badRequest(
      `${fields.length} requirement value${fields.length === 1 ? ' is' : 's are'} invalid; nothing was saved.`,
      fields.map((f) => ({ [f]: errors[f]! })),
    );
  }
  await db.transaction(async (tx) => repo.replaceScope(tx, scopeType, scopeId, values, p.id));
  return toScopeValues(scopeType, scopeId, await repo.listScope(db, scopeType, scopeId));
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
  ctx: AppContext, p: Principal,
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
