import { sql } from 'drizzle-orm';
import { STATES, CANADIAN_PROVINCES } from '@sunstamp/domain/catalogue/option-lists.data';
import type { Database } from '../client.ts';
import { companies, groupMembers, groups, siteAlerts, states, userCompanies, users } from '../schema.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { seedCatalogue } from './catalogue.seed.ts';
import { seedContent } from './content.seed.ts';

/** Reference data every install needs; idempotent. */
export async function seedReference(database: Database) {
  const rows = [...STATES.items, ...CANADIAN_PROVINCES.items].map((s) => ({
    name: s.label,
    abbreviation: s.abbreviation,
    country: s.country,
  }));
  await database.db.insert(states).values(rows).onConflictDoNothing();
  await seedCatalogue(database);
  await seedContent(database);
}

export const DEMO_PASSWORD = 'sunstamp-demo';

export const DEMO_ACCOUNTS = [
  { email: 'admin@sunstamp.test', role: 'admin', firstName: 'Ada', lastName: 'Admin', company: 'Sunstamp Engineering' },
  { email: 'support@sunstamp.test', role: 'support', firstName: 'Sam', lastName: 'Support', company: 'Sunstamp Engineering' },
  { email: 'drafter@sunstamp.test', role: 'contractor', firstName: 'Dana', lastName: 'Drafter', company: 'Sunstamp Contract Drafting' },
  { email: 'owner@acme-solar.test', role: 'user_admin', firstName: 'Olivia', lastName: 'Owner', company: 'Acme Solar' },
  { email: 'installer@acme-solar.test', role: 'user', firstName: 'Ian', lastName: 'Installer', company: 'Acme Solar' },
  { email: 'owner@brightside.test', role: 'user_admin', firstName: 'Ben', lastName: 'Bright', company: 'Brightside Energy' },
] as const;

/**
 * The demo companies' printed details: the plan set's title block carries the firm's (the internal
 * company's) and the contractor's name, address and phone, and generation is refused without them.
 * Fictional: 555-01xx numbers and the .test domain; the streets are real streets of each city.
 */
export const DEMO_COMPANY_DETAILS: Record<(typeof DEMO_ACCOUNTS)[number]['company'], { address: string; phoneNumber: string; email: string }> = {
  'Sunstamp Engineering': { address: '1550 Wewatta St, Suite 200, Denver, CO 80202', phoneNumber: '(303) 555-0142', email: 'plans@sunstamp.test' },
  'Sunstamp Contract Drafting': { address: '1550 Wewatta St, Suite 210, Denver, CO 80202', phoneNumber: '(303) 555-0143', email: 'drafting@sunstamp.test' },
  'Acme Solar': { address: '2201 E 6th St, Austin, TX 78702', phoneNumber: '(512) 555-0187', email: 'permits@acme-solar.test' },
  'Brightside Energy': { address: '3600 Walnut St, Denver, CO 80205', phoneNumber: '(720) 555-0163', email: 'permits@brightside.test' },
};

/**
 * The demo workspace of decisions.md. Runs only on an empty users table, so a restart never
 * resets what the demo user changed.
 */
export async function seedDemo(database: Database): Promise<boolean> {
  const db = database.db;
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(users)) as [{ n: number }];
  if (n > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const byName = new Map<string, string>();
    for (const name of new Set(DEMO_ACCOUNTS.map((a) => a.company))) {
      const [c] = await tx
        .insert(companies)
        .values({ name, isInternal: name.startsWith('Sunstamp'), ...DEMO_COMPANY_DETAILS[name] })
        .returning({ id: companies.id });
      byName.set(name, c!.id);
    }
    const ids = new Map<string, string>();
    for (const a of DEMO_ACCOUNTS) {
      const [u] = await tx
        .insert(users)
        .values({
          email: a.email,
          role: a.role,
          firstName: a.firstName,
          lastName: a.lastName,
          passwordHash,
          verifiedEmail: true,
          needsOnboarding: false,
          needsPassword: false,
        })
        .returning({ id: users.id });
      ids.set(a.email, u!.id);
      await tx.insert(userCompanies).values({ userId: u!.id, companyId: byName.get(a.company)! });
    }
    const supportId = ids.get('support@sunstamp.test')!;
    await tx.update(companies).set({ supportContactId: supportId }).where(sql`${companies.isInternal} = false`);
    const [g] = await tx.insert(groups).values({ name: 'Design Team' }).returning({ id: groups.id });
    await tx.insert(groupMembers).values([
      { groupId: g!.id, userId: ids.get('admin@sunstamp.test')! },
      { groupId: g!.id, userId: supportId },
      { groupId: g!.id, userId: ids.get('drafter@sunstamp.test')! },
    ]);
    await tx.insert(siteAlerts).values({
      message: 'Welcome to the Sunstamp demo. Every account here uses the password sunstamp-demo.',
      severity: 'info',
    });
  });
  return true;
}
