import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import { mayWorkOnJob } from '@sunstamp/domain/policies/jobs.policy';
import { sameJobValue } from '@sunstamp/domain/jobs/job-diff.rules';
import { ZParcelInfo, type ParcelInfo } from '@sunstamp/domain/contracts/jobs';
import type { JobCadFieldsBody, JobRequirementsAnswer } from '@sunstamp/domain/contracts/job-requirements';
import { DYNAMIC_CAD_FIELDS, type DynamicCadField } from '@sunstamp/domain/requirements/dynamic-cad-fields.data';
import { askedBy } from '@sunstamp/domain/requirements/dynamic-cad-fields.rules';
import { REQUIREMENT_DEFINITIONS } from '@sunstamp/domain/requirements/requirement-definitions.data';
import { fileRefsOf } from '@sunstamp/domain/requirements/requirement-files.rules';
import type { RequirementScope } from '@sunstamp/domain/requirements/requirement.schema';
import type { ResolvedRequirements } from '@sunstamp/domain/requirements/resolve.rules';
import type { PlanSetFacts } from '@sunstamp/domain/requirements/sticker-logic.data';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Principal } from '../../platform/principal.ts';
import type { Storage } from '../../platform/storage.ts';
import { conflict, forbidden, notFound, invalidFields } from '../../platform/errors.ts';
import { openJobRequirementFile, resolveForJob } from '../requirements/requirements.api.ts';
import { announceJobsChanged } from './jobs-count.cache.ts';
import { EMPTY_PARCEL } from './jobs-input.mapper.ts';
import { maySeeFile, visibleJob } from './jobs-queries.service.ts';
import * as repo from './jobs.repository.ts';

/** What this service reads from the context (a slice, so a worker or a unit test can call it with fakes). */
type Ctx = Pick<AppContext, 'caches' | 'clock' | 'database'>;

/*
 * A job's requirements: its company's, utility's and AHJ's values resolved over the
 * defaults, and the dynamic CAD fields (spec §3) the requirements that are on ask the designer for.
 * Visibility is GET /jobs/{id}'s; the CAD fields are written by staff and the assigned contractor.
 * Values live in `jobs.cad_fields` ({key: value}, parcel_info.* excepted: those are the job's
 * parcel_info column, so the parcel lookup and the CAD fields share them).
 */

const PARCEL_PREFIX = 'parcel_info.';
const FIELDS = new Map<string, DynamicCadField>(DYNAMIC_CAD_FIELDS.map((f) => [f.key, f]));

const FILE_REQUIREMENTS = REQUIREMENT_DEFINITIONS.filter((d) => d.type === 'file').map((d) => d.key);

type JobWithRefs = Awaited<ReturnType<typeof visibleJob>>;
type JobFileRow = Awaited<ReturnType<typeof repo.filesOfJob>>[number];

/** The designers: internal staff, and the contractor the job is assigned to. */
const mayEditCadFields = (p: Principal, job: repo.JobRow) => mayWorkOnJob(p, job);

async function scopesOf(db: DbOrTx, r: JobWithRefs) {
  const j = r.job;
  const utilityText = (j.cadIntake as { utility?: unknown } | null)?.utility;
  const utility = typeof utilityText === 'string' && UUID_RE.test(utilityText) ? await repo.getUtilityRef(db, utilityText) : undefined;
  return {
    company: { id: j.companyId, name: r.companyName ?? '' },
    utility: utility ?? null,
    ahj: j.ahjId && r.ahjName !== null ? { id: j.ahjId, name: r.ahjName, state: r.ahjState ?? '' } : null,
  };
}

function scopeList(s: Awaited<ReturnType<typeof scopesOf>>): { scopeType: RequirementScope; scopeId: string }[] {
  return [
    { scopeType: 'company' as const, scopeId: s.company.id },
    ...(s.utility ? [{ scopeType: 'utility' as const, scopeId: s.utility.id }] : []),
    ...(s.ahj ? [{ scopeType: 'ahj' as const, scopeId: s.ahj.id }] : []),
  ];
}

/**
 * What the resolver may know of the job. The utility program is the CAD field's. The system size
 * would be the modules' count × Pmax, but a job names only a module technology (the module_types
 * option list carries no Pmax), so it is left unknown and "over N kW" options count as holding.
 */
function factsOf(job: repo.JobRow): PlanSetFacts {
  const program = (job.cadFields as Record<string, unknown>).utility_program;
  return typeof program === 'string' && program.trim() ? { utilityProgram: program } : {};
}

/** The job's requirements resolved over its company, utility and AHJ (the design reads layout_alteration). */
export async function resolvedOf(ctx: Ctx, r: JobWithRefs) {
  const scopes = await scopesOf(ctx.database.db, r);
  const resolved = await resolveForJob(ctx, {
    companyId: scopes.company.id, utilityId: scopes.utility?.id, ahjId: scopes.ahj?.id, facts: factsOf(r.job),
  });
  return { scopes, resolved };
}

/** A field's stored value: parcel_info.* from the parcel column, the rest from cad_fields (file ids for files). */
export function storedValueOf(job: repo.JobRow, key: string): unknown {
  if (key.startsWith(PARCEL_PREFIX)) {
    return (job.parcelInfo as Record<string, unknown> | null)?.[key.slice(PARCEL_PREFIX.length)] ?? null;
  }
  return (job.cadFields as Record<string, unknown>)[key] ?? null;
}

function cadFieldsOf(p: Principal, job: repo.JobRow, resolved: ResolvedRequirements, files: JobFileRow[]): JobRequirementsAnswer['cad_fields'] {
  return resolved.dynamicCadFields.map((key) => {
    const f = FIELDS.get(key)!;
    let value = storedValueOf(job, key) as JobRequirementsAnswer['cad_fields'][number]['value'];
    if (f.type === 'files') {
      const ids = Array.isArray(value) ? (value as unknown[]) : [];
      // Files deleted since, and files the caller may not see, drop out.
      const chosen = ids.flatMap((id) => files.filter((x) => x.id === id && maySeeFile(p, x)).map((x) => ({ id: x.id, name: x.name })));
      value = chosen.length ? chosen : null;
    }
    return {
      key: f.key,
      label: f.label,
      type: f.type,
      value,
      asked_by: askedBy(key, resolved),
    };
  });
}

async function answerOf(ctx: Ctx, p: Principal, r: JobWithRefs): Promise<JobRequirementsAnswer> {
  const { scopes, resolved } = await resolvedOf(ctx, r);
  const wantsFiles = resolved.dynamicCadFields.some((k) => FIELDS.get(k)?.type === 'files');
  const files = wantsFiles ? await repo.filesOfJob(ctx.database.db, r.job.id) : [];
  return {
    scopes: {
      company: scopes.company,
      utility: scopes.utility,
      ahj: scopes.ahj && { id: scopes.ahj.id, name: scopes.ahj.name },
    },
    resolved,
    cad_fields: cadFieldsOf(p, r.job, resolved, files),
    may_edit_cad_fields: mayEditCadFields(p, r.job),
  };
}

/** GET /jobs/{id}/requirements: anyone who may see the job. */
export async function getJobRequirements(ctx: Ctx, p: Principal, id: string) {
  return answerOf(ctx, p, await visibleJob(ctx.database.db, p, id));
}

/** A value checked against its field's type and made ready to store (text trimmed, '' → null, file ids once each). */
function checkValue(f: DynamicCadField, value: unknown, jobFileIds: Set<string>): { ok: true; value: unknown } | { ok: false; message: string } {
  if (value === null) return { ok: true, value: null };
  switch (f.type) {
    case 'int':
      return typeof value === 'number' && Number.isSafeInteger(value) ? { ok: true, value } : { ok: false, message: 'Enter a whole number.' };
    case 'float':
      return typeof value === 'number' && Number.isFinite(value) ? { ok: true, value } : { ok: false, message: 'Enter a number.' };
    case 'text': {
      if (typeof value !== 'string') return { ok: false, message: 'Enter text.' };
      const t = value.trim();
      return { ok: true, value: t === '' ? null : t };
    }
    case 'files': {
      if (!Array.isArray(value) || !value.every((x) => typeof x === 'string')) return { ok: false, message: 'Choose files of this job.' };
      const ids = [...new Set(value as string[])];
      if (!ids.every((x) => jobFileIds.has(x.toLowerCase()))) return { ok: false, message: 'Choose files of this job.' };
      return { ok: true, value: ids.length ? ids.map((x) => x.toLowerCase()) : null };
    }
  }
}

/**
 * PUT /jobs/{id}/cad-fields: sets the fields sent (null clears one), keeps the others. 404 when the
 * job is not visible, 403 for those who see it but do not design it, 409 for a deactivated or
 * cancelled job (PUT /jobs refuses those too). One "edited" history event names the fields that
 * changed; nothing changed, nothing written.
 */
export async function putJobCadFields(ctx: Ctx, p: Principal, id: string, body: JobCadFieldsBody) {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, id);
  if (!mayEditCadFields(p, job)) throw forbidden('Only our team and the assigned contractor fill the CAD fields.');
  if (!job.isActive) throw conflict('This job is deactivated.');
  if (job.status === 'Cancelled') throw conflict('A cancelled job can no longer be edited.');

  const entries = Object.entries(body.values).filter(([, v]) => v !== undefined);
  const needsFiles = entries.some(([k]) => FIELDS.get(k)?.type === 'files');
  const jobFileIds = new Set(needsFiles ? (await repo.filesOfJob(db, id)).map((f) => f.id.toLowerCase()) : []);
  const bad: Record<string, string>[] = [];
  const values: [string, unknown][] = [];
  for (const [key, raw] of entries) {
    const f = FIELDS.get(key);
    if (!f) { bad.push({ [`values.${key}`]: 'Not a dynamic CAD field.' }); continue; }
    const checked = checkValue(f, raw, jobFileIds);
    if (!checked.ok) { bad.push({ [`values.${key}`]: checked.message }); continue; }
    if (key.startsWith(PARCEL_PREFIX) && checked.value !== null) {
      // The parcel column's own limits (ZParcelInfo).
      const field = key.slice(PARCEL_PREFIX.length) as keyof ParcelInfo;
      const parsed = ZParcelInfo.shape[field].safeParse(checked.value);
      if (!parsed.success) { bad.push({ [`values.${key}`]: parsed.error.issues[0]?.message ?? 'Invalid value.' }); continue; }
    }
    values.push([key, checked.value]);
  }
  if (bad.length) throw invalidFields(bad);

  const now = ctx.clock.now();
  const wrote = await db.transaction(async (tx) => {
    // Locked, so two designers saving at once do not lose each other's fields.
    const locked = await repo.lockJob(tx, id);
    if (!locked) throw notFound();
    const changed = values.filter(([key, v]) => !sameJobValue(v, storedValueOf(locked, key)));
    if (!changed.length) return false;
    const cadFields = { ...(locked.cadFields as Record<string, unknown>) };
    let parcel: Record<string, unknown> | undefined;
    for (const [key, v] of changed) {
      if (key.startsWith(PARCEL_PREFIX)) {
        parcel ??= { ...EMPTY_PARCEL, ...((locked.parcelInfo as object | null) ?? {}) };
        parcel[key.slice(PARCEL_PREFIX.length)] = v;
      } else if (v === null) {
        delete cadFields[key];
      } else {
        cadFields[key] = v;
      }
    }
    await repo.updateJob(tx, id, { cadFields, ...(parcel ? { parcelInfo: parcel } : {}), updatedAt: now });
    await repo.insertHistory(tx, {
      jobId: id, event: 'edited', actorId: p.id, actorRole: p.role, data: { fields: changed.map(([k]) => k) }, at: now,
    });
    return true;
  });
  if (wrote) await announceJobsChanged(ctx);
  return getJobRequirements(ctx, p, id);
}

/**
 * GET /jobs/{id}/requirements/files/{file_id}/download: a file that one of the job's resolved file
 * requirements (single or list) references, to anyone who may see the job; any other id 404.
 */
export async function openJobRequirementFileFor(ctx: Ctx, storage: Storage, p: Principal, id: string, fileId: string) {
  const r = await visibleJob(ctx.database.db, p, id);
  const { scopes, resolved } = await resolvedOf(ctx, r);
  const referenced = FILE_REQUIREMENTS.some((k) => fileRefsOf(resolved.values[k]?.value).some((ref) => ref.id === fileId));
  if (!referenced) throw notFound();
  return openJobRequirementFile(ctx, storage, fileId, scopeList(scopes));
}
