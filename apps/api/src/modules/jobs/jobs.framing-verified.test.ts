import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { states } from '../../db/schema.ts';

/*
 * Issue 24, finding 3: framing facts staff verified (size, spacing, spans, species, grade, roof dead load)
 * are printed as verified on PV-3 and in the letters, the rest as assumed. Staff set the marks through the
 * job's arrays; a client's save may carry the marks staff set but never change them.
 */

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); }, 120_000);
afterAll(async () => { await t?.close(); });
const call = async (who: string, method: 'PUT' | 'GET', url: string, body?: unknown) => t.request(method, url, { token: await t.tokenOf(who), body });

describe('framing facts marked verified', () => {
  it('staff set them with the grade and roof dead load; a client may re-send them but not change them (403)', async () => {
    const tx = (await t.database.db.select().from(states).where(eq(states.abbreviation, 'TX')))[0]!.id;
    const array = { panel_quantity: 12, roof_pitch: 22, frame_shape: '2x6', beam_spacing: 24, beam_span: [150] };
    const made = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'Verified Framing', client_name: 'Ada Client', client_street_address: '1 Main St', city: 'Austin', state: tx, client_zip_code: '78701', arrays: [array] });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.data.id as string;
    // A client cannot mark a fact verified, on create or on edit.
    const bad = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, arrays: [{ ...array, framing_verified: ['size'] }] });
    expect(bad.statusCode).toBe(403);
    expect(bad.data.message).toBe('Only staff mark framing facts as verified (arrays.0.framing_verified).');
    const badNew = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'X', arrays: [{ ...array, framing_verified: ['grade'] }] });
    expect(badNew.statusCode).toBe(403);
    // Staff verify the size, spacing and grade, and enter the grade and the roof dead load from the survey.
    const verified = { ...array, material_grade: 'spf_no2', roof_dead_load_psf: 9.5, framing_verified: ['size', 'spacing', 'grade', 'roof-dead-load'] };
    const ok = await call(DEMO.support, 'PUT', '/api/jobs', { id, arrays: [verified] });
    expect(ok.statusCode, ok.body).toBe(200);
    const read = await call(DEMO.support, 'GET', `/api/jobs/${id}`);
    expect(read.data.arrays[0]).toMatchObject({ material_grade: 'spf_no2', roof_dead_load_psf: 9.5, framing_verified: ['size', 'spacing', 'grade', 'roof-dead-load'] });
    // The client's next save re-sends the marks (in any order): accepted; dropping one is refused.
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, arrays: [{ ...verified, framing_verified: ['grade', 'size', 'spacing', 'roof-dead-load'] }] })).statusCode).toBe(200);
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id, arrays: [{ ...verified, framing_verified: ['size'] }] })).statusCode).toBe(403);
    // A fact the member check does not know is refused by the schema (400), never stored.
    expect((await call(DEMO.support, 'PUT', '/api/jobs', { id, arrays: [{ ...verified, framing_verified: ['colour'] }] })).statusCode).toBe(400);
  });
});
