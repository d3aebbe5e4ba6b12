import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import { isClientRole, isInternalStaff } from '@sunstamp/domain/roles';
import { HIDDEN_FROM_CLIENT_KINDS, historyDataForReader, type FileKind } from '@sunstamp/domain/contracts/files';
import type { Job, JobListQuery } from '@sunstamp/domain/contracts/jobs';
import type { OptionLookup } from '@sunstamp/domain/jobs/job-options.rules';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Principal } from '../../platform/principal.ts';
import { forbidden, notFound, invalidFields } from '../../platform/errors.ts';
import { optionLists } from '../catalogue/catalogue.api.ts';
import { countOnce } from './jobs-count.cache.ts';
import { clientHistoryEntryFor, historyEntryOf, jobOf, listClockKey, listClockKeyOfItems, listItemOf, revisionOf } from './jobs.mapper.ts';
import { sideOfRole, statusesWaitingOn } from '@sunstamp/domain/jobs/action-needed.rules';
import { shownFileCategoryOf } from '@sunstamp/domain/jobs/client-view.rules';
import type { FileCategory } from '@sunstamp/domain/constants/files.constants';
import * as repo from './jobs.repository.ts';
import { jobScopeOf } from '../../platform/access.ts';
import { threadAccessOf } from '@sunstamp/domain/policies/message-inbox.policy';
import { isHiddenDeliverable } from '@sunstamp/domain/policies/deliverables.policy';

/**
 * The jobs a principal sees and what reading them answers: one job, the list, the history and
 * the revisions. Writes live in jobs.service.ts (PUT /jobs) and jobs-workflow.service.ts.
 */


export function scopeOf(p: Principal): repo.JobScope {
  return jobScopeOf(p);
}

/** The job if the principal may see it; 404 otherwise (decisions.md: ids of others' records leak nothing). */
export async function visibleJob(db: DbOrTx, p: Principal, id: string) {
  if (!UUID_RE.test(id)) throw notFound();
  const row = await repo.getJobWithRefs(db, id, scopeOf(p), isInternalStaff(p.role));
  if (!row) throw notFound();
  return row;
}

/**
 * Files a principal may see on a job they see: clients never see internal files, nor a
 * deliverable before it is released (policies/deliverables.policy.ts).
 */
export const maySeeFile = (p: Principal, f: { kind: string; deliverableState: string | null }) =>
  // A released deliverable is the client's whatever its kind: a generated plan set (kind plan_set)
  // or letter (kind internal) is hidden from the client until release, and only until then.
  f.deliverableState === 'released'
  || (!(isClientRole(p.role) && HIDDEN_FROM_CLIENT_KINDS.includes(f.kind as FileKind)) && !isHiddenDeliverable(p.role, f.deliverableState));

/** As visibleJob, with the status changes and the files the principal may see: all a job answer needs, in one statement. */
export async function visibleJobDetail(db: DbOrTx, p: Principal, id: string): Promise<repo.JobDetail> {
  if (!UUID_RE.test(id)) throw notFound();
  const detail = await repo.getJobDetail(db, id, scopeOf(p), isInternalStaff(p.role));
  if (!detail) throw notFound();
  return { ...detail, files: detail.files.filter((f) => maySeeFile(p, f)) };
}

export async function getJob(ctx: Pick<AppContext, 'caches' | 'database' | 'clock'>, p: Principal, id: string): Promise<Job> {
  const [detail, lists] = await Promise.all([visibleJobDetail(ctx.database.db, p, id), optionLists(ctx)]);
  return jobOf(p, detail, ctx.clock.now(), lists);
}

/** The answer for a job already read (and written) by the caller: no further statement. */
export function answerOf(ctx: Pick<AppContext, 'clock'>, p: Principal, detail: repo.JobDetail, lists: OptionLookup): Job {
  return jobOf(p, detail, ctx.clock.now(), lists);
}

const endOfDayIfDate = (s: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(Date.parse(`${s}T00:00:00Z`) + 86_400_000 - 1) : new Date(s));

type ListContext = Pick<AppContext, 'caches' | 'database' | 'clock'>;

/** The page of the list as an object (the route sends listJobsJson). */
export async function listJobs(ctx: ListContext, p: Principal, q: JobListQuery) {
  const { rows, count, now } = await readList(ctx, p, q);
  return answerOfList(rows, count, now, p, q);
}

function answerOfList(rows: repo.JobListPage, count: number, now: Date, p: Principal, q: JobListQuery) {
  return {
    count, page: q.page, page_size: q.page_size,
    // The unread count is set on the item rather than spread into a copy: 50 fewer objects per page.
    results: rows.map((r) => Object.assign(listItemOf(r, now, p.role), { unread_messages: r.unreadMessages })),
  };
}

/**
 * Answers written out, by the page they were built from: a page kept by the list's page cache is
 * the same frozen array each time it is reused, so its answer is too while the role, the count and
 * what moves with the clock (listClockKey) are unchanged. Writing out 50 items was two fifths of the
 * CPU of an answer from a kept page (bench/README.md). An entry lives as long as its page.
 */
const writtenAnswers = new WeakMap<repo.JobListPage, { role: string; count: number; clock: string; body: string }>();

/** The page of the list as the route sends it: JSON text, the same as JSON.stringify(listJobs(…)). */
export async function listJobsJson(ctx: ListContext, p: Principal, q: JobListQuery): Promise<string> {
  const { rows, count, now } = await readList(ctx, p, q);
  if (!ctx.caches.jobPages) return JSON.stringify(answerOfList(rows, count, now, p, q));
  const written = writtenAnswers.get(rows);
  // page and page_size are in the page's key, so the same rows come with the same ones. The clock's
  // key is computed from the rows only when there is an answer to compare with; a new answer's key
  // is read off its own items.
  if (written && written.role === p.role && written.count === count && written.clock === listClockKey(rows, now, p.role)) return written.body;
  const answer = answerOfList(rows, count, now, p, q);
  const body = JSON.stringify(answer);
  writtenAnswers.set(rows, { role: p.role, count, clock: listClockKeyOfItems(answer.results, p.role), body });
  return body;
}

async function readList(ctx: ListContext, p: Principal, q: JobListQuery) {
  const staff = isInternalStaff(p.role);
  if (q.include_inactive && !staff) throw forbidden('Only staff see deactivated jobs.');
  let assigneeIds: string[] | undefined;
  let unassigned = false;
  if (q.assignee) {
    assigneeIds = [];
    for (const a of q.assignee.split(',').map((s) => s.trim()).filter(Boolean)) {
      if (a === 'me') assigneeIds.push(p.id);
      else if (a === 'none') unassigned = true;
      else if (UUID_RE.test(a)) assigneeIds.push(a);
      else throw invalidFields([{ assignee: 'Use user ids, "me" or "none".' }]);
    }
  }
  const desc = q.ordering.startsWith('-');
  const now = ctx.clock.now();
  // "Waiting on me": the statuses that wait on the caller's side (domain rule), narrowed by any status filter sent too.
  const side = sideOfRole(p.role);
  const waiting = q.waiting_on === 'me' ? statusesWaitingOn(side) : undefined;
  const statuses = waiting ? (q.status ? q.status.filter((s) => waiting.includes(s)) : waiting) : q.status;
  const filter: repo.JobListFilter = {
      scope: scopeOf(p),
      includeInactive: !!q.include_inactive,
      // A status filter outside the waiting statuses leaves nothing: a status no job has says so.
      statuses: waiting && statuses?.length === 0 ? ['(none)'] : statuses,
      overdueFirst: !!waiting && side === 'team',
      clientStatuses: q.client_status,
      companyIds: q.company,
      services: q.services,
      assigneeIds,
      unassigned,
      overdue: q.overdue,
      now,
      createdAfter: q.created_after ? new Date(q.created_after) : undefined,
      createdBefore: q.created_before ? endOfDayIfDate(q.created_before) : undefined,
      updatedAfter: q.updated_after ? new Date(q.updated_after) : undefined,
      updatedBefore: q.updated_before ? endOfDayIfDate(q.updated_before) : undefined,
      search: q.search || undefined,
  };
  // The overdue filter moves with the clock, so its counts are keyed by the second too.
  const key = JSON.stringify({ ...filter, now: q.overdue === undefined ? 0 : Math.floor(now.getTime() / 1000) });
  const { rows, count } = await repo.listJobs(
    ctx.database,
    filter,
    { field: q.ordering.replace(/^-/, '') as repo.JobOrderField, desc },
    { limit: q.page_size, offset: (q.page - 1) * q.page_size },
    (read) => countOnce(ctx, key, read),
    { userId: p.id, ...threadAccessOf(p) },
    ctx.caches.jobPages,
  );
  return { rows, count, now };
}

export async function jobHistory(ctx: Pick<AppContext, 'database'>, p: Principal, id: string) {
  const db = ctx.database.db;
  await visibleJob(db, p, id);
  const client = isClientRole(p.role);
  const out = [];
  for (const row of await repo.listHistory(db, id)) {
    const entry = historyEntryOf(row);
    if (!client) {
      out.push(entry);
      continue;
    }
    const shown = clientHistoryEntryFor(row, entry);
    if (!shown) continue;
    // A deleted file's category as a client reads it (internal folders read as General).
    const data = historyDataForReader(client, entry.data) as Record<string, unknown> | null;
    const category = data && typeof data.category === 'string' ? shownFileCategoryOf(data.category as FileCategory, p.role) : undefined;
    out.push({ ...shown, data: category ? { ...data, category } : data });
  }
  return out;
}

export async function jobRevisions(ctx: Pick<AppContext, 'database'>, p: Principal, id: string) {
  const db = ctx.database.db;
  await visibleJob(db, p, id);
  return (await repo.listRevisions(db, id)).map((r) => revisionOf(r, p.role));
}
