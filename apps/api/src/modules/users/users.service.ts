import { isInternalStaff, type Role } from '@sunstamp/domain/roles';
import type { MeResponse } from '@sunstamp/domain/contracts/users';
import type { AppContext } from '../../app.ts';
import type { Principal } from '../auth/auth.hooks.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { checkPasswordPolicy, hashPassword, verifyPassword } from '../auth/passwords.ts';
import { randomToken, sha256 } from '../../platform/secrets.ts';
import { insertUserToken, revokeAllForUser } from '../auth/auth.repository.ts';
import { getDisplayName as displayName } from '@sunstamp/domain/format/display-name.format';
import * as repo from './users.repository.ts';

export const INVITE_LINK_HOURS = 72;

export const monthKey = (d: Date) => d.toISOString().slice(0, 7);

/** Counts a completed job or a revision for the user's month (spec §4) and refreshes their /users/me. */
export async function recordMonthStat(ctx: AppContext, userId: string, field: 'jobsCompleted' | 'revisions', db = ctx.database.db) {
  await repo.bumpMonthStat(db, userId, monthKey(ctx.clock.now()), field);
  await ctx.cache.invalidateUser(userId);
}

export async function getMe(ctx: AppContext, userId: string): Promise<MeResponse> {
  const cached = ctx.cache.me.get(userId) as MeResponse | undefined;
  if (cached) return cached;
  const me = await loadMe(ctx, userId);
  ctx.cache.me.set(userId, me);
  return me;
}

async function loadMe(ctx: AppContext, userId: string): Promise<MeResponse> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const [user, comps, alerts, stats, sh] = await Promise.all([
    repo.getUser(db, userId),
    repo.companiesOf(db, userId),
    repo.activeSiteAlerts(db, now),
    repo.monthStats(db, userId, monthKey(now)),
    repo.shifts(db, userId),
  ]);
  if (!user) throw notFound();
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
    site_alerts: alerts.map((a) => ({
      id: a.id,
      message: a.message,
      severity: a.severity,
      starts_at: a.startsAt?.toISOString() ?? null,
      ends_at: a.endsAt?.toISOString() ?? null,
    })),
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

export async function updateMe(ctx: AppContext, userId: string, body: MeUpdate) {
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
    checkPasswordPolicy(password, { email: user.email });
    set.passwordHash = await hashPassword(password);
    set.needsPassword = false;
  }
  await repo.patchUser(db, userId, set);
  await ctx.cache.invalidateUser(userId);
  return getMe(ctx, userId);
}

export async function finishOnboarding(ctx: AppContext, userId: string) {
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
  ctx: AppContext,
  p: Principal,
  q: { account_status: 'active' | 'inactive' | 'all'; companies?: string; role?: string; include_self?: string; admin_only?: string; simplify_users?: string; search?: string },
) {
  if (!(isInternalStaff(p.role) || p.role === 'user_admin')) throw forbidden();
  const roles = q.role ? q.role.split(',').map((r) => r.trim()) : undefined;
  if (roles && !roles.every((r) => ROLE_SET.has(r as Role))) {
    throw badRequest('Unknown role.', [{ role: `Choose from ${[...ROLE_SET].join(', ')}.` }]);
  }
  const adminOnly = truthy(q.admin_only);
  if (adminOnly && p.role !== 'admin') throw forbidden();
  const rows = await repo.listUsers(ctx.database.db, {
    active: q.account_status === 'all' ? undefined : q.account_status === 'active',
    companyIds: parseIdList(q.companies, 'companies'),
    roles: roles as Role[] | undefined,
    adminOnly,
    excludeUserId: truthy(q.include_self) ? undefined : p.id,
    visibleCompanyIds: isInternalStaff(p.role) ? undefined : p.companyIds,
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
async function visibleUser(ctx: AppContext, p: Principal, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound();
  const rows = await repo.listUsers(ctx.database.db, {
    id,
    visibleCompanyIds: isInternalStaff(p.role) || p.id === id ? undefined : p.role === 'user_admin' ? p.companyIds : [],
  });
  const found = rows.find((r) => r.user.id === id);
  if (!found) throw notFound();
  return found;
}

export async function getUserById(ctx: AppContext, p: Principal, id: string) {
  return toListItem(await visibleUser(ctx, p, id));
}

const CLIENT_ROLES: Role[] = ['user', 'user_admin'];

function assertMayManage(p: Principal, role: Role | undefined, companyIds: string[] | undefined) {
  if (p.role === 'admin') return;
  if (p.role !== 'user_admin') throw forbidden();
  if (role && !CLIENT_ROLES.includes(role)) throw forbidden('A company admin can give only the User or Company Admin role.');
  if (companyIds && !companyIds.every((c) => p.companyIds.includes(c))) throw forbidden('You can add users only to your own companies.');
}

export async function createUser(
  ctx: AppContext,
  p: Principal,
  body: { email: string; firstName: string; lastName: string; role: Role; company_ids: string[]; phoneNumber?: string | null },
) {
  const companyIds = p.role === 'user_admin' && body.company_ids.length === 0 ? p.companyIds : body.company_ids;
  assertMayManage(p, body.role, companyIds);
  const db = ctx.database.db;
  const existing = await repo.existingCompanyIds(db, companyIds);
  if (existing.length !== new Set(companyIds).size) throw badRequest('Unknown company.', [{ company_ids: 'One of the companies does not exist.' }]);
  if (CLIENT_ROLES.includes(body.role) && companyIds.length === 0) {
    throw badRequest('A client user needs a company.', [{ company_ids: 'Choose at least one company.' }]);
  }
  if (await repo.emailTaken(db, body.email)) throw conflict('A user with this email already exists.');
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
  await insertUserToken(db, {
    userId: user.id,
    purpose: 'password_reset',
    tokenHash: sha256(token),
    expiresAt: new Date(ctx.clock.now().getTime() + INVITE_LINK_HOURS * 3600_000),
  });
  await ctx.mailer.send({
    to: user.email,
    subject: 'You have been invited to Sunstamp',
    text: `An account was opened for you on Sunstamp.\n\nChoose your password within ${INVITE_LINK_HOURS} hours:\n${ctx.config.publicUrl}/password-reset/${user.id}/${token}\n`,
  });
  return getUserById(ctx, p, user.id);
}

export async function updateUser(
  ctx: AppContext,
  p: Principal,
  id: string,
  body: { firstName?: string; lastName?: string; role?: Role; is_active?: boolean; company_ids?: string[]; phoneNumber?: string | null },
) {
  const target = await visibleUser(ctx, p, id);
  if (p.role !== 'admin' && p.role !== 'user_admin') throw forbidden();
  if (p.role === 'user_admin' && !CLIENT_ROLES.includes(target.user.role)) throw notFound();
  assertMayManage(p, body.role, body.company_ids);
  if (id === p.id && (body.role !== undefined && body.role !== target.user.role || body.is_active === false)) {
    throw badRequest('You cannot change your own role or deactivate yourself.');
  }
  const db = ctx.database.db;
  const { company_ids, is_active, ...rest } = body;
  if (company_ids) {
    const existing = await repo.existingCompanyIds(db, company_ids);
    if (existing.length !== new Set(company_ids).size) throw badRequest('Unknown company.', [{ company_ids: 'One of the companies does not exist.' }]);
  }
  await db.transaction(async (tx) => {
    await repo.patchUser(tx, id, { ...rest, ...(is_active !== undefined ? { isActive: is_active } : {}) });
    if (company_ids) {
      // A company admin edits memberships within its own companies and leaves the others alone.
      const keep = p.role === 'user_admin' ? target.companies.map((c) => c.id).filter((c) => !p.companyIds.includes(c)) : [];
      await repo.setUserCompanies(tx, id, [...new Set([...keep, ...company_ids])]);
    }
  });
  if (is_active === false) await revokeAllForUser(db, id, ctx.clock.now());
  await ctx.cache.invalidateUser(id);
  return getUserById(ctx, p, id);
}
