import fs from 'node:fs';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { apiAs } from './deliverables-support.ts';
import { ADMIN, PASSWORD, baseUrl } from './support.ts';

/*
 * A client company of a spec's own, for a spec that changes company settings (requirements, …):
 * the demo's Acme Solar is read by many specs, so a spec that changes it would decide what the
 * others see, depending on which ran first. The admin opens the company and invites its people;
 * each sets the demo password from the invitation (the server's outbox) and finishes onboarding.
 */

export type OwnCompany = {
  id: string;
  name: string;
  /** The company admin's email (role user_admin). */
  owner: string;
  /** A company user's email (role user). */
  user: string;
};

/** The body of the invitation mail to `email`, from the outbox folder (quoted-printable decoded). */
async function invitationLink(email: string): Promise<{ uid: string; token: string }> {
  const outbox = path.join(inject('dataDir'), 'outbox');
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    for (const f of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
      const raw = fs.readFileSync(path.join(outbox, f), 'utf8');
      if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(raw)) continue;
      const text = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      const m = /\/password-reset\/([^/\s]+)\/([^/\s]+)/.exec(text);
      if (m) return { uid: m[1]!, token: m[2]! };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no invitation mail to ${email} in ${outbox}`);
}

/** Invites a user into the company, sets the demo password from the link and finishes onboarding. */
async function invite(companyId: string, email: string, role: 'user_admin' | 'user' | 'admin' | 'support', firstName: string, lastName: string) {
  const admin = await apiAs(ADMIN);
  const user = (await admin('POST', '/users', { email, firstName, lastName, role, company_ids: [companyId] })) as { id: string };
  const { uid, token } = await invitationLink(email);
  expect(uid).toBe(user.id);
  const csrf = ((await (await fetch(`${baseUrl}/api/auth/csrf/`)).json()) as { csrfToken: string }).csrfToken;
  const set = await fetch(`${baseUrl}/api/auth/password-reset/confirm/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-CSRFToken': csrf },
    body: JSON.stringify({ uid, token, password: PASSWORD }),
  });
  if (!set.ok) throw new Error(`setting the password of ${email}: ${set.status} ${await set.text()}`);
  await (await apiAs(email))('PUT', '/users/me/onboard-finished');
}

/** A new client company with an admin and a user, both with the demo password. */
export async function ownCompany(label: string): Promise<OwnCompany> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const admin = await apiAs(ADMIN);
  const name = `${label} ${stamp}`;
  const company = (await admin('POST', '/companies', { name, address: '2201 E 6th St, Austin, TX 78702', phone_number: '(512) 555-0199' })) as { id: string };
  const owner = `owner-${stamp}@e2e-company.test`;
  const user = `user-${stamp}@e2e-company.test`;
  await invite(company.id, owner, 'user_admin', 'Olga', 'Owner');
  await invite(company.id, user, 'user', 'Uma', 'User');
  return { id: company.id, name, owner, user };
}

/**
 * A staff member of the spec's own (in the firm's company), with the demo password: what is the
 * person's alone, such as the shift that runs from sign-in to sign-out, no other spec changes
 * (they sign the demo admin in and out at any time).
 */
export async function ownStaff(role: 'admin' | 'support', lastName = 'Staff'): Promise<string> {
  const admin = await apiAs(ADMIN);
  const firm = ((await admin('GET', '/companies')) as { id: string; is_internal: boolean }[]).find((c) => c.is_internal)!;
  const email = `${role}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e-staff.test`;
  await invite(firm.id, email, role, 'Stella', lastName);
  return email;
}
