import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import type { WetStamp, WetStampPatchBody } from '@sunstamp/domain/contracts/wet-stamps';
import {
  WET_STAMP_SERVICE, WET_STAMP_STATE_LABELS, applyWetStampChange, isWetStampSent, serviceTaskOfWetStamp, wetStampChangeRefusal,
  wetStampChangeSummary, type WetStampFacts, type WetStampOrder, type WetStampState,
} from '@sunstamp/domain/jobs/wet-stamp.rules';
import { mayMoveWetStamp, maySeeWetStampActors } from '@sunstamp/domain/policies/wet-stamps.policy';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Principal } from '../../platform/principal.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { requireAllowed } from '../../platform/access.ts';
import { announceJobsChanged, insertHistory, lockJob, updateJob, visibleJob } from '../jobs/jobs.api.ts';
import { setServiceTask } from '../deliverables/deliverables.api.ts';
import { wetStampNeedOfJob, type WetStampJob, type WetStampNeedAnswer } from './wet-stamps.gate.ts';
import * as repo from './wet-stamps.repository.ts';

/**
 * The wet stamp of a job's current revision: read by anyone who sees the job, recorded step by step
 * by our team (policies/wet-stamps.policy.ts). The row is written at the first recorded change;
 * before it a pending task is answered whose copies follow the job's `wet_stamps` requirement, so
 * an AHJ chosen later still sets them. Each change writes a job history entry ("Edited", as other
 * changes to a job's details) and moves the job's Wet Stamp task.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'caches'>;

const today = (now: Date) => now.toISOString().slice(0, 10);

function factsOf(row: repo.WetStampRow | undefined, need: WetStampNeedAnswer): WetStampFacts {
  if (!row) return { state: 'pending', copies: need.defaultCopies, carrier: null, trackingReference: null, deliveredOn: null, shippedAt: null, notes: '' };
  return {
    state: row.state as WetStampState, copies: row.copies, carrier: row.carrier, trackingReference: row.trackingReference,
    deliveredOn: row.deliveredOn, shippedAt: row.shippedAt, notes: row.notes,
  };
}

async function answerOf(
  db: DbOrTx, p: Principal, job: WetStampJob & { status: string; isActive: boolean }, need: WetStampNeedAnswer, row: repo.WetStampRow | undefined,
): Promise<WetStamp> {
  const f = factsOf(row, need);
  const named = maySeeWetStampActors(p.role);
  const ids = named && row ? [row.stampedById, row.shippedById, row.deliveredById].filter((x): x is string => !!x) : [];
  const names = new Map((await repo.userNames(db, [...new Set(ids)])).map((u) => [u.id, getDisplayName(u)]));
  const step = (at: Date | null | undefined, by: string | null | undefined) =>
    at ? { at: at.toISOString(), by: named && by ? (names.get(by) ?? null) : null } : null;
  return {
    job_id: job.id,
    revision: job.revisionNumber,
    required: need.required || !!row,
    by_service: need.byService,
    requirement: need.requirement && need.requirementCopies !== null
      ? { value: need.requirement.value, copies: need.requirementCopies, source: need.requirement.source }
      : null,
    recorded: !!row,
    copies: f.copies,
    state: f.state,
    state_label: WET_STAMP_STATE_LABELS[f.state],
    carrier: f.carrier,
    tracking_reference: f.trackingReference,
    delivered_on: f.deliveredOn,
    notes: f.notes,
    stamped: step(row?.stampedAt, row?.stampedById),
    shipped: step(row?.shippedAt, row?.shippedById),
    delivered: step(row?.deliveredAt, row?.deliveredById),
    updated_at: row?.updatedAt.toISOString() ?? null,
    blocks_design_completed: job.status === 'Pending Wet Stamp' && (need.required || !!row) && !isWetStampSent(f.state),
    may_edit: job.isActive && mayMoveWetStamp(p.role),
    order: (job.wetStampOrder as WetStampOrder | null) ?? null,
  };
}

/** GET /jobs/{id}/wet-stamp: the current revision's wet stamp (required: false when the job has none). */
export async function getWetStamp(ctx: Pick<AppContext, 'database'>, p: Principal, jobId: string): Promise<WetStamp> {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, jobId);
  const [need, row] = await Promise.all([wetStampNeedOfJob(db, job), repo.getWetStamp(db, job.id, job.revisionNumber)]);
  return answerOf(db, p, job, need, row);
}

/**
 * PATCH /jobs/{id}/wet-stamp: the next step, the copies, a correction or the notes, under the job's
 * row lock (of two identical requests one takes effect, the other is refused with 409).
 */
export async function changeWetStamp(ctx: Ctx, p: Principal, jobId: string, body: WetStampPatchBody): Promise<WetStamp> {
  const db = ctx.database.db;
  const { job } = await visibleJob(db, p, jobId);
  requireAllowed(mayMoveWetStamp(p.role), 'Only our team records wet stamps.');
  if (!job.isActive) throw conflict('This job is deactivated.');
  const now = ctx.clock.now();
  const changed = await db.transaction(async (tx) => {
    const locked = await lockJob(tx, jobId);
    if (!locked) throw notFound();
    const need = await wetStampNeedOfJob(tx, locked);
    const row = await repo.getWetStamp(tx, jobId, locked.revisionNumber);
    if (!row && !need.required) {
      throw conflict('This job has no wet stamp: it did not order the Wet Stamp service and its requirements ask for no wet-stamped copies.');
    }
    const before = factsOf(row, need);
    const refusal = wetStampChangeRefusal(before, body, today(now));
    if (refusal) throw conflict(refusal);
    const after = applyWetStampChange(before, body, today(now));
    const summary = wetStampChangeSummary(before, after);
    if (!summary.length) return false;
    const moved = after.state !== before.state;
    await repo.saveWetStamp(tx, { jobId, revision: locked.revisionNumber }, {
      copies: after.copies,
      state: after.state,
      carrier: after.carrier,
      trackingReference: after.trackingReference,
      deliveredOn: after.deliveredOn,
      notes: after.notes,
      stampedAt: moved && after.state === 'stamped' ? now : (row?.stampedAt ?? null),
      stampedById: moved && after.state === 'stamped' ? p.id : (row?.stampedById ?? null),
      shippedAt: moved && after.state === 'shipped' ? now : (row?.shippedAt ?? null),
      shippedById: moved && after.state === 'shipped' ? p.id : (row?.shippedById ?? null),
      deliveredAt: moved && after.state === 'delivered' ? now : (row?.deliveredAt ?? null),
      deliveredById: moved && after.state === 'delivered' ? p.id : (row?.deliveredById ?? null),
      updatedAt: now,
      updatedById: p.id,
    });
    const task = moved ? serviceTaskOfWetStamp(after.state) : null;
    if (task && locked.servicesRequested.includes(WET_STAMP_SERVICE)) {
      await setServiceTask(ctx, { jobId, service: WET_STAMP_SERVICE, status: task }, tx);
    }
    await insertHistory(tx, {
      jobId, event: 'edited', actorId: p.id, actorRole: p.role, at: now,
      data: {
        fields: ['wet_stamp'],
        name: summary.join('; '),
        wet_stamp: {
          state: after.state, copies: after.copies, carrier: after.carrier, tracking_reference: after.trackingReference, delivered_on: after.deliveredOn,
        },
      },
    });
    await updateJob(tx, jobId, { updatedAt: now });
    return true;
  });
  if (changed) await announceJobsChanged(ctx);
  return getWetStamp(ctx, p, jobId);
}
