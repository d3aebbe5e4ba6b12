import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { jobFiles } from '../../db/schema.ts';
import { file, PNG, postMultipart } from '../../test/upload-fixtures.ts';

/** Issue 29, item 11: a client deletes its own draft (and only a draft); its stored files go too. */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t?.close(); });

const call = async (who: string, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(who), body });

async function draft(who: string, name: string) {
  const res = await call(who, 'PUT', '/api/jobs', { name, client_street_address: '1 Main St', services_requested: ['structural_roof_letter'] });
  expect(res.statusCode, res.body).toBe(201);
  return res.data.id as string;
}

describe('DELETE /api/jobs/{id}', () => {
  it('the creator deletes its draft: 204, gone from GET and the list, its file bytes removed', async () => {
    const id = await draft(DEMO.acmeUser, 'Delete me draft');
    const up = await postMultipart(t, `/api/jobs/${id}/files`, [file('roof.png', PNG)], { as: DEMO.acmeUser });
    expect(up.statusCode, up.body).toBeLessThan(300);
    const [stored] = await t.database.db.select({ key: jobFiles.storageKey }).from(jobFiles).where(eq(jobFiles.jobId, id));
    expect(stored).toBeDefined();
    const res = await call(DEMO.acmeUser, 'DELETE', `/api/jobs/${id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}`)).statusCode).toBe(404);
    const list = await call(DEMO.acmeUser, 'GET', `/api/jobs?search=${encodeURIComponent('Delete me draft')}`);
    expect(list.data.results.map((j: any) => j.id)).not.toContain(id);
    await expect(t.ctx.storage.read(stored!.key)).rejects.toThrow();
    // Twice: it is gone.
    expect((await call(DEMO.acmeUser, 'DELETE', `/api/jobs/${id}`)).statusCode).toBe(404);
  });
  it('a company admin deletes a draft of its company; another user of the company may not; another tenant sees nothing', async () => {
    const id = await draft(DEMO.acmeOwner, 'Owner draft');
    expect((await call(DEMO.acmeUser, 'DELETE', `/api/jobs/${id}`)).statusCode).toBe(403);
    expect((await call(DEMO.brightOwner, 'DELETE', `/api/jobs/${id}`)).statusCode).toBe(404);
    expect((await call(DEMO.contractor, 'DELETE', `/api/jobs/${id}`)).statusCode).toBe(404);
    const other = await draft(DEMO.acmeUser, 'User draft for the owner');
    expect((await call(DEMO.acmeOwner, 'DELETE', `/api/jobs/${other}`)).statusCode).toBe(204);
    expect((await call(DEMO.acmeOwner, 'DELETE', `/api/jobs/${id}`)).statusCode).toBe(204);
  });
  it('a submitted job is not a draft: 409, and it stays', async () => {
    const id = await draft(DEMO.acmeUser, 'Submitted, kept');
    expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/submit`)).statusCode).toBe(200);
    const res = await call(DEMO.acmeUser, 'DELETE', `/api/jobs/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.data.message).toBe('Only a draft can be deleted: this job was submitted.');
    expect((await call(DEMO.admin, 'DELETE', `/api/jobs/${id}`)).statusCode).toBe(409);
    expect((await call(DEMO.acmeUser, 'GET', `/api/jobs/${id}`)).statusCode).toBe(200);
  });
});
