import type { Role } from '@sunstamp/domain/roles';
import { monthKey } from '@sunstamp/domain/jobs/month-stats.rules';
import {
  editsOwnCompaniesOnly, mayAssignRole, mayListAdminsOnly, mayListUsers, mayManageUser, mayManageUsers, needsCompany,
} from '@sunstamp/domain/policies/users.policy';
import type { MeResponse } from '@sunstamp/domain/contracts/users';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { requireAllowed, requireVisible, visibleUserCompanyIdsOf } from '../../platform/access.ts';
import { checkPasswordPolicy, hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { randomToken, sha256 } from '../../platform/secrets.ts';
import { insertUserToken, revokeAllForUser, revokeOtherSessions } from '../auth/auth.api.ts';
import { getDisplayName as displayName } from '@sunstamp/domain/format/display-name.format';
import { alertsFor } from '../site-alerts/site-alerts.api.ts';
import * as repo from './users.repository.ts';
import { closeIdleShifts } from '../../db/shifts.sql.ts';

/** What this service reads from the context (a slice, so a worker or a unit test can call it with fakes). */
type Ctx = Pick<AppContext, 'cache' | 'clock' | 'config' | 'database' | 'mailer'>;

export const INVITE_LINK_HOURS = 72;

/** The month key is the domain's (month-stats.rules.ts); re-exported for this module's callers. */
export { monthKey };

/** Counts a completed job or a revision for the user's month (spec §4) and refreshes their /users/me. */
export async function recordMonthStat(ctx: Ctx, userId: string, field: 'jobsCompleted' | 'revisions', db = ctx.database.db) {
  await repo.bumpMonthStat(db, userId, monthKey(ctx.clock.now()), field);
  await ctx.cache.invalidateUser(userId);
}

export async function getMe(ctx: Ctx, userId: string): Promise<MeResponse> {
  const cached = ctx.cache.me.get(userId) as MeResponse | undefined;
  if (cached) return cached;
  const me = await loadMe(ctx, userId);
  ctx.cache.me.set(userId, me);
  return me;
}

async function loadMe(ctx: Ctx, userId: string): Promise<MeResponse> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  await closeIdleShifts(db, now, userId);
  const [user, comps, stats, sh] = await Promise.all([
    repo.getUser(db, userId),
    repo.companiesOf(db, userId),
    repo.monthStats(db, userId, monthKey(now)),
    repo.shifts(db, userId),
  ]);
  if (!user) throw notFound();
  const alerts = await alertsFor(ctx, { id: userId, role: user.role, companyIds: comps.map((c) => c.id) }, now);
  const contactId = comps.find((c) => c.supportContactId)?.supportContactId;
  const contact = contactId ? await repo.supportContact(db, contactId) : undefined;
  const companies = comps.map((c) => ({ id: c.id, name: c.name }));
  const previousHours = sh.last?.endedAt
    ? Math.round(((sh.last.endedAt.getTime() - sh.last.startedAt.getTime()) / 3600_000) * 100) / 100
    : 0;
  return {
    user: {
      id: user.id,
      email: user.email,
      full_name: displayName(user),
      firstName: user.firstName,
      lastName: user.lastName,
      verifiedEmail: user.verifiedEmail,
      phoneNumber: user.phoneNumber,
      role: user.role,
      needsOnboarding: user.needsOnboarding,
      needsPassword: user.needsPassword,
      jobNotificationsEnabled: user.jobNotificationsEnabled,
      messageNotificationsEnabled: user.messageNotificationsEnabled,
      companies,
      rae_support_contact: contact
        ? { id: contact.id, full_name: displayName(contact), email: contact.email, phone_number: contact.phoneNumber }
        : null,
    },
    site_alerts: alerts,
    companies,
    month_stats: {
      jobs_completed_this_month: stats?.jobsCompleted ?? 0,
      revisions_this_month: stats?.revisions ?? 0,
      previous_shift_hours: previousHours,
      current_shift_start: sh.open?.startedAt.toISOString() ?? null,
    },
  };
}

export type MeUpdate = {
  firstName?: string;
  lastName?: string;
  phoneNumber?: string | null;
  jobNotificationsEnabled?: boolean;
  messageNotificationsEnabled?: boolean;
  password?: string;
  current_password?: string;
};

/**
 * `sessionId`: the refresh family of the caller's access token. A password change revokes every
 * other session (refresh family) of the user and keeps this one; access tokens already issued
 * to the other sessions end within their 15 minutes.
 */
export async function updateMe(ctx: Ctx, userId: string, body: MeUpdate, sessionId?: string) {
  const db = ctx.database.db;
  const user = await repo.getUser(db, userId);
  if (!user) throw notFound();
  const { password, current_password, ...profile } = body;
  const set: Parameters<typeof repo.patchUser>[2] = { ...profile };
  if (password !== undefined) {
    // A user who has never set a password (invited, needsPassword) sets one without the old one.
    if (!user.needsPassword) {
      if (!current_password || !(await verifyPassword(user.passwordHash, current_password))) {
        throw badRequest('Your current password is incorrect.', [{ current_password: 'Your current password is incorrect.' }]);
      }
    }
    await checkPasswordPolicy(password, { email: user.email });
    set.passwordHash = await hashPassword(password);
    set.needsPassword = false;
  }
  await repo.patchUser(db, userId, set);
  if (password !== undefined) await revokeOtherSessions(db, userId, sessionId, ctx.clock.now());
  await ctx.cache.invalidateUser(userId);
  return getMe(ctx, userId);
}

export async function finishOnboarding(ctx: Ctx, userId: string) {
  await repo.patchUser(ctx.database.db, userId, { needsOnboarding: false });
  await ctx.cache.invalidateUser(userId);
  return getMe(ctx, userId);
}

const truthy = (v: string | undefined) => v === 'true' || v === '1';

/** Accepts a JSON list (as the spec's client sends) or a comma-separated list. */
export function parseIdList(raw: string | undefined, field: string): string[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  let list: unknown;
  try {
    list = raw.trim().startsWith('[') ? JSON.parse(raw) : raw.split(',').map((s) => s.trim()).filter(Boolean);
  } catch {
    throw badRequest(`${field} must be a JSON list or a comma-separated list.`, [{ [field]: 'Not a list.' }]);
  }
  if (!Array.isArray(list) || !list.every((x) => typeof x === 'string' && /^[0-9a-f-]{36}$/i.test(x))) {
    throw badRequest(`${field} must list ids.`, [{ [field]: 'Every item must be an id.' }]);
  }
  return list as string[];
}

const ROLE_SET = new Set<Role>(['admin', 'support', 'contractor', 'user_admin', 'user']);

export async function listUsers(
  ctx: Ctx,
  p: Principal,
  q: { account_status: 'active' | 'inactive' | 'all'; companies?: string; role?: string; include_self?: string; admin_only?: string; simplify_users?: string; search?: string },
) {
  requireAllowed(mayListUsers(p.role));
  const roles = q.role ? q.role.split(',').map((r) => r.trim()) : undefined;
  if (roles && !roles.every((r) => ROLE_SET.has(r as Role))) {
    throw badRequest('Unknown role.', [{ role: `Choose from ${[...ROLE_SET].join(', ')}.` }]);
  }
  const adminOnly = truthy(q.admin_only);
  if (adminOnly) requireAllowed(mayListAdminsOnly(p.role));
  const rows = await repo.listUsers(ctx.database.db, {
    active: q.account_status === 'all' ? undefined : q.account_status === 'active',
    companyIds: parseIdList(q.companies, 'companies'),
    roles: roles as Role[] | undefined,
    adminOnly,
    excludeUserId: truthy(q.include_self) ? undefined : p.id,
    visibleCompanyIds: visibleUserCompanyIdsOf(p),
    search: q.search,
  });
  if (truthy(q.simplify_users)) {
    return rows.map(({ user }) => ({ id: user.id, full_name: displayName(user), email: user.email, role: user.role }));
  }
  return rows.map(toListItem);
}

function toListItem({ user, companies, groups }: { user: repo.UserRow; companies: { id: string; name: string }[]; groups: { id: string; name: string }[] }) {
  return {
    id: user.id,
    email: user.email,
    full_name: displayName(user),
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    is_active: user.isActive,
    verifiedEmail: user.verifiedEmail,
    phoneNumber: user.phoneNumber,
    companies,
    groups,
    last_login: user.lastLogin?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  };
}

/** Whether p may see user u: staff see all; a company admin sees users of its companies; anyone sees themself. */
async function visibleUser(ctx: Ctx, p: Principal, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  const rows = await repo.listUsers(ctx.database.db, {
    id,
    visibleCompanyIds: visibleUserCompanyIdsOf(p, id),
  });
  const found = rows.find((r) => r.user.id === id);
  if (!found) throw notFound();
  return found;
}

export async function getUserById(ctx: Ctx, p: Principal, id: string) {
  return toListItem(await visibleUser(ctx, p, id));
}

function assertMayManage(p: Principal, role: Role | undefined, companyIds: string[] | undefined) {
  requireAllowed(mayManageUsers(p.role));
  if (role) requireAllowed(mayAssignRole(p.role, role), 'A company admin can give only the User or Company Admin role.');
  if (editsOwnCompaniesOnly(p.role) && companyIds && !companyIds.every((c) => p.companyIds.includes(c))) {
    throw forbidden('You can add users only to your own companies.');
  }
}

/** What an invite by a company admin answers, whether or not the address already had an account. */
export const INVITE_ACCEPTED = 'Invitation sent. The user appears in the list once the account is set up.';

/**
 * Invites a user. Staff get the new user (201) or 409 when the address is taken. A company admin
 * must not learn whether an address has an account elsewhere (that would let them probe any
 * address): for them the answer is 202 with the same text either way. A new address gets its
 * account and link; an address with an account outside the admin's companies gets a mail saying
 * which company asked for them (staff add them: a user shared by companies is managed by staff).
 * An address already in one of the admin's companies is 409: they can see that user anyway.
 */
export async function createUser(
  ctx: Ctx,
  p: Principal,
  body: { email: string; firstName: string; lastName: string; role: Role; company_ids: string[]; phoneNumber?: string | null },
): Promise<{ status: 201; user: Awaited<ReturnType<typeof getUserById>> } | { status: 202; detail: string }> {
  const companyIds = editsOwnCompaniesOnly(p.role) && body.company_ids.length === 0 ? p.companyIds : body.company_ids;
  assertMayManage(p, body.role, companyIds);
  const db = ctx.database.db;
  const existing = await repo.existingCompanyIds(db, companyIds);
  if (existing.length !== new Set(companyIds).size) throw badRequest('Unknown company.', [{ company_ids: 'One of the companies does not exist.' }]);
  if (needsCompany(body.role) && companyIds.length === 0) {
    throw badRequest('A client user needs a company.', [{ company_ids: 'Choose at least one company.' }]);
  }
  const isCompanyAdmin = editsOwnCompaniesOnly(p.role);
  const taken = await repo.findUserIdByEmail(db, body.email);
  if (taken) {
    if (!isCompanyAdmin) throw conflict('A user with this email already exists.');
    const visible = await repo.listUsers(db, { id: taken, visibleCompanyIds: p.companyIds });
    if (visible.length) throw conflict('A user with this email already exists.');
    const names = (await repo.companiesByIds(db, companyIds)).map((c) => c.name).join(', ');
    await ctx.mailer.send({
      to: body.email,
      subject: 'A company asked to add you on Sunstamp',
      text:
        `${names || 'A company'} asked to add your existing Sunstamp account to their company.\n\n` +
        `If you expect this, ask Sunstamp support (or the company) to add you; nothing has changed yet.\n`,
    });
    return { status: 202, detail: INVITE_ACCEPTED };
  }
  const user = await db.transaction(async (tx) => {
    const u = await repo.insertUser(tx, {
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      role: body.role,
      phoneNumber: body.phoneNumber ?? null,
      needsPassword: true,
      needsOnboarding: true,
    });
    await repo.setUserCompanies(tx, u.id, companyIds);
    return u;
  });
  // The invitation is a set-password link; opening it also confirms the address.
  const token = randomToken(32);
  const now = ctx.clock.now();
  await insertUserToken(db, {
    userId: user.id,
    purpose: 'password_reset',
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + INVITE_LINK_HOURS * 3600_000),
    createdAt: now,
  });
  await ctx.mailer.send({
    to: user.email,
    subject: 'You have been invited to Sunstamp',
    text: `An account was opened for you on Sunstamp.\n\nChoose your password within ${INVITE_LINK_HOURS} hours:\n${ctx.config.publicUrl}/password-reset/${user.id}/${token}\n`,
  });
  if (isCompanyAdmin) return { status: 202, detail: INVITE_ACCEPTED };
  return { status: 201, user: await getUserById(ctx, p, user.id) };
}

/**
 * The rule for a user who belongs to several companies (docs/architecture.md, "Users shared by
 * companies"): the role and the activation are global, so only staff (admin) change them, and the
 * name and phone too; a company admin changes such a user's memberships within its own companies
 * only (removing the user from them), never what the other company sees.
 */
export async function updateUser(
  ctx: Ctx,
  p: Principal,
  id: string,
  body: { firstName?: string; lastName?: string; role?: Role; is_active?: boolean; company_ids?: string[]; phoneNumber?: string | null },
) {
  const target = await visibleUser(ctx, p, id);
  requireAllowed(mayManageUsers(p.role));
  requireVisible(mayManageUser(p, target.user));
  assertMayManage(p, body.role, body.company_ids);
  if (id === p.id && (body.role !== undefined && body.role !== target.user.role || body.is_active === false)) {
    throw badRequest('You cannot change your own role or deactivate yourself.');
  }
  const db = ctx.database.db;
  const { company_ids, is_active, ...rest } = body;
  if (editsOwnCompaniesOnly(p.role)) {
    const elsewhere = target.companies.some((c) => !p.companyIds.includes(c.id));
    const changesGlobal =
      (body.role !== undefined && body.role !== target.user.role) ||
      (is_active !== undefined && is_active !== target.user.isActive) ||
      (body.firstName !== undefined && body.firstName !== target.user.firstName) ||
      (body.lastName !== undefined && body.lastName !== target.user.lastName) ||
      (body.phoneNumber !== undefined && body.phoneNumber !== target.user.phoneNumber);
    if (elsewhere && changesGlobal) {
      throw forbidden('This user also belongs to another company: only Sunstamp staff can change their role, activation or details. You can remove them from your company.');
    }
  }
  if (company_ids) {
    const existing = await repo.existingCompanyIds(db, company_ids);
    if (existing.length !== new Set(company_ids).size) throw badRequest('Unknown company.', [{ company_ids: 'One of the companies does not exist.' }]);
  }
  await db.transaction(async (tx) => {
    await repo.patchUser(tx, id, { ...rest, ...(is_active !== undefined ? { isActive: is_active } : {}) });
    if (company_ids) {
      // A company admin edits memberships within its own companies and leaves the others alone.
      const keep = editsOwnCompaniesOnly(p.role) ? target.companies.map((c) => c.id).filter((c) => !p.companyIds.includes(c)) : [];
      await repo.setUserCompanies(tx, id, [...new Set([...keep, ...company_ids])]);
    }
  });
  if (is_active === false) await revokeAllForUser(db, id, ctx.clock.now());
  await ctx.cache.invalidateUser(id);
  // The answer is the user as changed, even when the change took them out of the caller's view
  // (a company admin removing a member): the caller saw them a moment ago and made the change.
  const [after] = await repo.listUsers(db, { id });
  if (!after) throw notFound();
  return toListItem(after);
}
