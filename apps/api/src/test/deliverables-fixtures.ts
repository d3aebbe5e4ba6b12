import { eq } from 'drizzle-orm';
import { missingDeliverables, needsOfService } from '@sunstamp/domain/jobs/deliverables.rules';
import { jobs } from '../db/schema.ts';
import { currentDeliverableFacts, recordDeliverable } from '../modules/deliverables/deliverables.service.ts';
import { DEMO, type TestApp } from './test-app.ts';
import { file, PDF, postMultipart } from './upload-fixtures.ts';

export const TEST_SEAL = { engineer_name: 'Dana Reyes, P.E.', licence_state: 'CA', licence_number: 'C 81234' } as const;

/**
 * Gives a job the documents its services require for the current revision, as generation code
 * would (recordDeliverable), so a test can move it to Design Completed, Pending Approval and
 * Approved: `state` 'sealed' for Design Completed, 'released' for the rest.
 */
export async function deliverRequired(t: TestApp, jobId: string, state: 'sealed' | 'released' = 'released'): Promise<string[]> {
  const db = t.database.db;
  const [job] = await db.select().from(jobs).where(eq(jobs.id, jobId));
  const ids: string[] = [];
  for (const service of job.servicesRequested) {
    for (const need of needsOfService(service)) {
      const facts = await currentDeliverableFacts(db, jobId, job.revisionNumber);
      if (!missingDeliverables([service], facts, state === 'released' ? 'released' : 'ready').some((m) => m.need === need)) continue;
      const up = await postMultipart(t, `/api/jobs/${jobId}/files`, [{ name: 'kind', value: 'letter' }, { name: 'category', value: 'Engineering' }, file(`${need.kinds[0]}.pdf`, PDF)], { as: DEMO.admin });
      if (up.statusCode !== 201) throw new Error(`upload failed: ${up.statusCode} ${up.body}`);
      const fileId = up.data[0].id as string;
      await recordDeliverable(t.ctx, { jobId, kind: need.kinds[0], fileId, state, seal: TEST_SEAL });
      ids.push(fileId);
    }
  }
  return ids;
}
