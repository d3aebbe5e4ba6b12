import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { STATES } from '@sunstamp/domain/catalogue/option-lists.data';
import { missingDeliverables, needsOfService } from '@sunstamp/domain/jobs/deliverables.rules';
import { solidPng } from '@sunstamp/planset/fixtures/golden.fixtures';
import { engineerLicences, engineers, jobs, states, users } from '../db/schema.ts';
import { simplePdf } from '../db/seed/sample-deliverables.seed.ts';
import { currentDeliverableFacts, recordDeliverable, syncServiceTasks } from '../modules/deliverables/deliverables.service.ts';
import { releaseFiles } from '../modules/deliverables/deliverables.repository.ts';
import { sealDocument } from '../modules/deliverables/seal.service.ts';
import type { Principal } from '../platform/principal.ts';
import { DEMO, type TestApp } from './test-app.ts';
import { file, postMultipart } from './upload-fixtures.ts';

/** The fixtures' engineer: both disciplines, a licence in every US state, signing in as the demo admin. */
export const FIXTURE_ENGINEER = { name: 'Fixture Engineer, P.E.', number: (state: string) => `PE-FX-${state}` } as const;

/** The principal of a demo account, as the auth hook builds it. */
export async function principalOf(t: TestApp, email: string): Promise<Principal> {
  const [u] = await t.database.db.select().from(users).where(eq(users.email, email));
  const companies = (await t.database.query<{ company_id: string }>('select company_id from user_companies where user_id = $1', [u!.id])).map((r) => r.company_id);
  return { id: u!.id, email, role: u!.role as Principal['role'], companyIds: companies };
}

/** The fixtures' engineer (made once per app): licensed everywhere, with a seal image, linked to the demo admin. */
export async function fixtureEngineer(t: TestApp): Promise<string> {
  const db = t.database.db;
  const [found] = await db.select({ id: engineers.id }).from(engineers).where(eq(engineers.name, FIXTURE_ENGINEER.name));
  if (found) return found.id;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO.admin));
  const id = crypto.randomUUID();
  const sealKey = `engineers/${id}/seal-fixture.png`;
  await t.ctx.storage.put(sealKey, solidPng(200, 200, [20, 54, 120]));
  await db.insert(engineers).values({ id, userId: admin!.id, name: FIXTURE_ENGINEER.name, email: 'fixture.pe@sunstamp.test', disciplines: ['structural', 'electrical'], sealKey, sealMime: 'image/png' });
  await db.insert(engineerLicences).values(STATES.items.filter((s) => s.country === 'US').map((s) => ({ engineerId: id, state: s.abbreviation, number: FIXTURE_ENGINEER.number(s.abbreviation), expiresOn: '2099-12-31' })));
  return id;
}

/**
 * Gives a job the documents its services require for the current revision, made as staff make
 * them: a PDF uploaded and marked (a draft), sealed by the fixtures' engineer through the seal
 * service where the service needs a seal (the seal drawn and checked), and for 'released' released
 * as the release route does. A job without a state gets Texas, as a seal needs the job's state.
 */
export async function deliverRequired(t: TestApp, jobId: string, state: 'sealed' | 'released' = 'released'): Promise<string[]> {
  const db = t.database.db;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  if (job!.clientStateId === null && job!.ahjId === null) {
    const [tx] = await db.select({ id: states.id }).from(states).where(and(eq(states.abbreviation, 'TX'), eq(states.country, 'US')));
    await db.update(jobs).set({ clientStateId: tx!.id }).where(eq(jobs.id, jobId));
  }
  const engineerId = await fixtureEngineer(t);
  const admin = await principalOf(t, DEMO.admin);
  const ids: string[] = [];
  for (const service of job!.servicesRequested) {
    for (const need of needsOfService(service)) {
      const facts = await currentDeliverableFacts(db, jobId, job!.revisionNumber);
      if (!missingDeliverables([service], facts, state === 'released' ? 'released' : 'ready').some((m) => m.need === need)) continue;
      const kind = need.kinds[0]!;
      const pdf = simplePdf([`${kind} for the test job`, 'A document made outside Sunstamp.']);
      const up = await postMultipart(t, `/api/jobs/${jobId}/files`, [{ name: 'kind', value: 'letter' }, { name: 'category', value: 'Engineering' }, file(`${kind}.pdf`, pdf)], { as: DEMO.admin });
      if (up.statusCode !== 201) throw new Error(`upload failed: ${up.statusCode} ${up.body}`);
      const fileId = up.data[0].id as string;
      await recordDeliverable(t.ctx, { jobId, kind, fileId, state: 'draft' });
      if (need.sealed) await sealDocument(t.ctx, admin, fileId, { engineer_id: engineerId });
      if (state === 'released') {
        await db.transaction(async (tx) => {
          await releaseFiles(tx, [fileId], t.clock.now(), admin.id);
          await syncServiceTasks(tx, jobId, t.clock.now());
        });
      }
      ids.push(fileId);
    }
  }
  return ids;
}
