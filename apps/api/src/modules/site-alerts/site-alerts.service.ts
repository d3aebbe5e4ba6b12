import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import type { SiteAlertAdmin, SiteAlertBody } from '@sunstamp/domain/contracts/site-alerts';
import type { Role } from '@sunstamp/domain/roles';
import { siteAlertReaches, siteAlertStatus } from '@sunstamp/domain/site-alerts/site-alert.rules';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import { notFound, invalidFields } from '../../platform/errors.ts';
import { requireCatalogueEdit } from '../../platform/access.ts';
import * as repo from './site-alerts.repository.ts';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'cache'>;


/** An empty audience list means everyone: stored as null so "everyone" has one spelling. */
const audienceList = <T>(xs: T[] | null) => (xs?.length ? xs : null);

function columnsOf(b: SiteAlertBody) {
  return {
    message: b.message,
    severity: b.severity,
    startsAt: b.starts_at ? new Date(b.starts_at) : null,
    endsAt: b.ends_at ? new Date(b.ends_at) : null,
    roles: audienceList(b.roles),
    companyIds: audienceList(b.company_ids),
  };
}

async function checkCompanies(ctx: Ctx, ids: string[] | null) {
  if (!ids?.length) return;
  const known = await repo.companyNames(ctx.database.db, ids);
  const unknown = ids.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw invalidFields([{ [`company_ids.${unknown}`]: 'No such company.' }]);
}

/** The alerts the admin screen lists, each with its status now. */
export async function listAlerts(ctx: Ctx, p: Principal): Promise<SiteAlertAdmin[]> {
  requireCatalogueEdit(p, 'site_alerts');
  const db = ctx.database.db;
  const rows = await repo.listAlerts(db);
  const names = await repo.companyNames(db, [...new Set(rows.flatMap((r) => r.alert.companyIds ?? []))]);
  const now = ctx.clock.now();
  return rows.map((r) => toAdmin(r.alert, names, now, r.dismissed, r.authorEmail
    ? getDisplayName({ firstName: r.authorFirst ?? '', lastName: r.authorLast ?? '', email: r.authorEmail })
    : null));
}

function toAdmin(a: repo.SiteAlertRow, names: Map<string, string>, now: Date, dismissed: number, author: string | null): SiteAlertAdmin {
  return {
    id: a.id,
    message: a.message,
    severity: a.severity,
    starts_at: a.startsAt?.toISOString() ?? null,
    ends_at: a.endsAt?.toISOString() ?? null,
    roles: (a.roles as Role[] | null) ?? null,
    companies: a.companyIds ? a.companyIds.map((id) => ({ id, name: names.get(id) ?? '(removed company)' })) : null,
    status: siteAlertStatus(a, now),
    dismissed_count: dismissed,
    created_by: author,
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

async function answerOne(ctx: Ctx, p: Principal, id: string): Promise<SiteAlertAdmin> {
  const found = (await listAlerts(ctx, p)).find((a) => a.id === id);
  if (!found) throw notFound();
  return found;
}

export async function createAlert(ctx: Ctx, p: Principal, b: SiteAlertBody) {
  requireCatalogueEdit(p, 'site_alerts');
  await checkCompanies(ctx, b.company_ids);
  const now = ctx.clock.now();
  const row = await repo.insertAlert(ctx.database.db, { ...columnsOf(b), createdById: p.id, createdAt: now, updatedAt: now });
  await ctx.cache.invalidateAll();
  return answerOne(ctx, p, row.id);
}

export async function updateAlert(ctx: Ctx, p: Principal, id: string, b: SiteAlertBody) {
  requireCatalogueEdit(p, 'site_alerts');
  if (!UUID_RE.test(id)) throw notFound();
  await checkCompanies(ctx, b.company_ids);
  // Saving an alert puts it back on: expiring is its own action.
  const row = await repo.updateAlert(ctx.database.db, id, { ...columnsOf(b), isActive: true, updatedAt: ctx.clock.now() });
  if (!row) throw notFound();
  await ctx.cache.invalidateAll();
  return answerOne(ctx, p, id);
}

/** Ends an alert now; it stays listed (and can be scheduled again by saving it with new dates). */
export async function expireAlert(ctx: Ctx, p: Principal, id: string) {
  requireCatalogueEdit(p, 'site_alerts');
  if (!UUID_RE.test(id)) throw notFound();
  const row = await repo.updateAlert(ctx.database.db, id, { isActive: false, updatedAt: ctx.clock.now() });
  if (!row) throw notFound();
  await ctx.cache.invalidateAll();
  return answerOne(ctx, p, id);
}

export async function deleteAlert(ctx: Ctx, p: Principal, id: string) {
  requireCatalogueEdit(p, 'site_alerts');
  if (!UUID_RE.test(id) || !(await repo.deleteAlert(ctx.database.db, id))) throw notFound();
  await ctx.cache.invalidateAll();
}

/** The live alerts addressed to a user and not closed by them: `/users/me`'s site_alerts. */
export async function alertsFor(ctx: Pick<AppContext, 'database'>, user: { id: string; role: Role; companyIds: string[] }, now: Date) {
  const rows = await repo.currentAlertsFor(ctx.database.db, user.id, now);
  return rows
    .filter((r) => !r.dismissedAt && siteAlertReaches(r.alert, user))
    .map(({ alert: a }) => ({
      id: a.id,
      message: a.message,
      severity: a.severity,
      starts_at: a.startsAt?.toISOString() ?? null,
      ends_at: a.endsAt?.toISOString() ?? null,
    }));
}

/** Closes an alert for the caller on every device; 404 for an alert that is not shown to them. */
export async function dismissAlert(ctx: Ctx, p: Principal, id: string) {
  if (!UUID_RE.test(id)) throw notFound();
  const now = ctx.clock.now();
  const shown = await alertsFor(ctx, p, now);
  if (!shown.some((a) => a.id === id)) {
    // Already closed by this user: closing again is a no-op, not an error.
    const mine = await repo.currentAlertsFor(ctx.database.db, p.id, now);
    if (!mine.some((r) => r.alert.id === id && r.dismissedAt && siteAlertReaches(r.alert, p))) throw notFound();
    return;
  }
  await repo.dismiss(ctx.database.db, id, p.id, now);
  await ctx.cache.invalidateUser(p.id);
}
