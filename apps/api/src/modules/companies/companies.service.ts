import {
  mayBeSupportContact, mayChooseSupportContact, mayCreateCompany, mayEditCompany, mayListGroups,
} from '@sunstamp/domain/policies/companies.policy';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { requireAllowed, visibleCompanyIdsOf } from '../../platform/access.ts';
import { getDisplayName as displayName } from '@sunstamp/domain/format/display-name.format';
import { getUser } from '../users/users.api.ts';
import * as repo from './companies.repository.ts';

/** What this service reads from the context (a slice, so a worker or a unit test can call it with fakes). */
type Ctx = Pick<AppContext, 'cache' | 'database'>;

type CompanyRow = Awaited<ReturnType<typeof repo.listCompanies>>[number];
const toCompany = ({ company: c, userCount, jobCount, openJobCount, lastActivityAt }: CompanyRow) => ({
  id: c.id,
  name: c.name,
  is_internal: c.isInternal,
  phone_number: c.phoneNumber,
  email: c.email,
  address: c.address,
  support_contact_id: c.supportContactId,
  user_count: userCount,
  job_count: jobCount,
  open_job_count: openJobCount,
  // A raw subquery's timestamp arrives as the driver's text (PostgreSQL) or a Date (PGlite).
  last_activity_at: lastActivityAt === null ? null : new Date(lastActivityAt).toISOString(),
  created_at: c.createdAt.toISOString(),
});

export async function listCompanies(ctx: Ctx, p: Principal) {
  return (await repo.listCompanies(ctx.database.db, visibleCompanyIdsOf(p))).map(toCompany);
}

export async function getCompany(ctx: Ctx, p: Principal, id: string) {
  const ids = visibleCompanyIdsOf(p);
  if (ids && !ids.includes(id)) throw notFound();
  const [row] = await repo.listCompanies(ctx.database.db, [id]);
  if (!row) throw notFound();
  return toCompany(row);
}

type CompanyBody = { name: string; phone_number?: string | null; email?: string | null; address?: string | null; support_contact_id?: string | null };

async function checkContact(ctx: Ctx, id: string | null | undefined) {
  if (!id) return;
  const u = await getUser(ctx.database.db, id);
  if (!u || !mayBeSupportContact(u.role)) {
    throw badRequest('The support contact must be a staff member.', [{ support_contact_id: 'Choose an admin or support user.' }]);
  }
}

export async function createCompany(ctx: Ctx, p: Principal, body: CompanyBody) {
  requireAllowed(mayCreateCompany(p.role));
  if (await repo.companyNameTaken(ctx.database.db, body.name)) throw conflict('A company with this name already exists.');
  await checkContact(ctx, body.support_contact_id);
  const c = await repo.insertCompany(ctx.database.db, {
    name: body.name,
    phoneNumber: body.phone_number ?? null,
    email: body.email ?? null,
    address: body.address ?? null,
    supportContactId: body.support_contact_id ?? null,
  });
  return getCompany(ctx, p, c.id);
}

export async function updateCompany(ctx: Ctx, p: Principal, id: string, body: Partial<CompanyBody>) {
  await getCompany(ctx, p, id); // 404 for what the caller may not see
  // Admins edit any company; a company admin edits its own company's contact details, not the staff contact.
  requireAllowed(mayEditCompany(p, id));
  if (body.support_contact_id !== undefined) requireAllowed(mayChooseSupportContact(p.role), 'Only staff choose the support contact.');
  if (Object.values(body).every((v) => v === undefined)) {
    throw badRequest('Send at least one field to change.', ['Send at least one of name, phone_number, email, address, support_contact_id.']);
  }
  if (body.name && (await repo.companyNameTaken(ctx.database.db, body.name, id))) throw conflict('A company with this name already exists.');
  await checkContact(ctx, body.support_contact_id);
  await repo.patchCompany(ctx.database.db, id, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.phone_number !== undefined ? { phoneNumber: body.phone_number } : {}),
    ...(body.email !== undefined ? { email: body.email } : {}),
    ...(body.address !== undefined ? { address: body.address } : {}),
    ...(body.support_contact_id !== undefined ? { supportContactId: body.support_contact_id } : {}),
  });
  // Company names and contacts appear in every member's current-user answer.
  await ctx.cache.invalidateAll();
  return getCompany(ctx, p, id);
}

export async function listContacts(ctx: Ctx, p: Principal) {
  const rows = await repo.contacts(ctx.database.db, visibleCompanyIdsOf(p));
  return rows.map((r) => ({
    company: { id: r.companyId, name: r.companyName },
    contact: { id: r.contactId, full_name: displayName(r), email: r.email, phone_number: r.phoneNumber },
  }));
}

export async function listGroups(ctx: Ctx, p: Principal) {
  requireAllowed(mayListGroups(p.role));
  const rows = await repo.listGroups(ctx.database.db);
  return rows.map((g) => ({ id: g.id, name: g.name, members: g.members.map((m) => ({ id: m.id, full_name: displayName(m) })) }));
}

export async function listStates(ctx: Ctx) {
  return repo.listStates(ctx.database.db);
}
