import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt } from 'drizzle-orm';
import { ZLetterRuns } from '@sunstamp/domain/contracts/letters';
import { extractPdfText } from '@sunstamp/planset/check/pdf-text';
import { solidPng } from '@sunstamp/planset/fixtures/golden.fixtures';
import { ahjs, cadRuns, companies, equipment, jobEquipment, jobs, states, userEvents, users } from '../../db/schema.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { file, PDF, postMultipart } from '../../test/upload-fixtures.ts';
import { generateCadAndWait, preparePlanSetJob, preparePlanSetWorld } from '../../test/planset-fixtures.ts';
import { verifyPdfSignature } from '../../platform/signing/pades.ts';
import { makeTestCa, makeTestP12, signLikeOutsideTool } from '../../platform/signing/test-p12.ts';
import { sniffImage } from '@sunstamp/planset/images';
import crypto from 'node:crypto';
import { runLettersJob } from './letters.service.ts';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Engineers (profiles, licences, seal and signature images, certificates) and the letters of a job:
 * only those whose subject the job has, generated through the queue with the spec's progress events
 * as drafts written for an engineer licensed in the job's state for the discipline, sealed by that
 * engineer, recalculated on demand, signed with a registered certificate's P12 per signing or signed
 * outside and uploaded. Per role, with bad inputs.
 */

let t: TestApp;
let adminId = '';
let austin = '';
let tx = 0;
const SEAL = solidPng(240, 240, [20, 60, 160]);
const SIGNATURE = solidPng(240, 60, [10, 10, 10]);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = async (who: string, method: Method, url: string, body?: unknown) => t.request(method, url, { token: await t.tokenOf(who), body });

const ENGINEER = (over: Record<string, unknown> = {}) => ({
  name: 'Dana Whitfield', email: 'dana@sunstamp.test', user_id: adminId, disciplines: ['structural', 'electrical'],
  licences: [{ state: 'TX', number: 'PE-123456', expires_on: '2099-12-31' }, { state: 'FL', number: 'PE-777', expires_on: '2099-01-31' }], ...over,
});

async function download(url: string, who: string = DEMO.admin) {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${await t.tokenOf(who)}` } });
  return { status: res.statusCode, bytes: new Uint8Array(res.rawPayload) };
}

/** An Acme job in Austin, TX with a catalogue module and string inverter and its main panel. */
async function newJob(over: { cadIntake?: Record<string, unknown>; ahj?: string | null } = {}) {
  const res = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { name: 'Nguyen Residence', client_name: 'Linh Nguyen', client_street_address: '4512 Ramsey Ave', city: 'Austin', state: tx, client_zip_code: '78756', arrays: [{ panel_quantity: 12, roof_pitch: 22 }, { panel_quantity: 8, roof_pitch: 22 }], services_requested: ['structural_roof_letter'] });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.data.id as string;
  const db = t.database.db;
  const [mod] = await db.select().from(equipment).where(eq(equipment.kind, 'module')).orderBy(asc(equipment.model)).limit(1);
  const [inv] = (await db.select().from(equipment).where(eq(equipment.kind, 'inverter'))).filter((e) => e.type === 'String Inverter');
  await db.update(jobs).set({ ahjId: over.ahj === undefined ? austin : over.ahj, cadIntake: { ...(res.data.cad_intake ?? {}), msp_rating: 200, breaker_rating: 200, ...over.cadIntake } }).where(eq(jobs.id, id));
  await db.insert(jobEquipment).values([{ jobId: id, kind: 'module', equipmentId: mod!.id, quantity: 20, position: 0 }, { jobId: id, kind: 'inverter', equipmentId: inv!.id, quantity: 1, position: 1 }]);
  return id;
}

/** POST generate-letters and wait for its run: rendering several letters on a busy machine takes longer than a request's drain. */
async function generate(who: string, job: string, body: unknown) {
  const token = await t.tokenOf(who);
  const res = await t.app.inject({ method: 'POST', url: `/api/jobs/${job}/generate-letters`, headers: { authorization: `Bearer ${token}`, 'x-csrftoken': await t.csrfFor(token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  await t.ctx.queue.drain(180_000);
  return Object.assign(res, { data: res.json() as any });
}

const textOf = async (url: string) => (await extractPdfText((await download(url)).bytes)).map((p) => p.text).join('\n');

async function eventsSince(userId: string, after: number) {
  return t.database.db.select().from(userEvents).where(and(eq(userEvents.userId, userId), gt(userEvents.id, after))).orderBy(asc(userEvents.id));
}
async function lastEventId() {
  const rows = await t.database.db.select({ id: userEvents.id }).from(userEvents);
  return rows.reduce((m, r) => Math.max(m, Number(r.id)), 0);
}

let engineerId = '';

/** The AHJ the letters cite, in the current app's database. */
async function addAustin() {
  const [a] = await t.database.db.insert(ahjs).values({
    name: 'Test City of Austin', state: 'TX', jurisdictionType: 'City', ibc: '2021', irc: '2021', iebc: '2018', asce: '7-16', electrical: 'NEC 2020', fire: '2021',
    windSpeedMph: 115, groundSnowLoadPsf: 5, exposureCategory: 'C', minDesignTempC: -6, seismicDesignCategory: 'A',
  }).returning();
  return a!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  adminId = (await db.select().from(users).where(eq(users.email, DEMO.admin)))[0]!.id;
  tx = (await db.select().from(states).where(eq(states.abbreviation, 'TX')))[0]!.id;
  austin = await addAustin();
}, 120_000);
afterAll(async () => { await t?.close(); });

let danaCreated: Promise<Awaited<ReturnType<typeof call>>> | undefined;
/**
 * Dana Whitfield, licensed in TX and FL, with her seal and signature uploaded: made once, by the
 * first test or describe that needs her (the tests sealing, signing and generating run in any order).
 */
async function dana() {
  danaCreated ??= (async () => {
    const created = await call(DEMO.admin, 'POST', '/api/engineers', ENGINEER());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.data.id as string;
    expect((await postMultipart(t, `/api/engineers/${id}/seal`, [file('seal.png', Buffer.from(SEAL))], { as: DEMO.admin })).statusCode).toBe(200);
    expect((await postMultipart(t, `/api/engineers/${id}/signature`, [file('sig.png', Buffer.from(SIGNATURE))], { as: DEMO.admin })).statusCode).toBe(200);
    return created;
  })();
  const created = await danaCreated;
  engineerId = created.data.id;
  return created;
}

/**
 * Runs a test that needs a TX job without a ready engineer on a database of its own (the file's
 * other tests register Dana with her seal, before or after it).
 */
async function onOwnDatabase(fn: () => Promise<void>) {
  const shared = { t, austin };
  t = await createTestApp();
  try {
    austin = await addAustin();
    await fn();
  } finally {
    await t.close();
    ({ t, austin } = shared);
  }
}

describe('engineers', () => {
  it('refuses to seal while no engineer is licensed in the job\'s state', async () => {
    await onOwnDatabase(async () => {
      const job = await newJob();
      const res = await call(DEMO.admin, 'POST', `/api/jobs/${job}/generate-letters`, { letter_types: ['structural_roof_letter'] });
      expect(res.statusCode).toBe(409);
      expect(res.data.message).toBe('No engineer holds an unexpired structural PE licence in TX: add one on the Engineers page before sealing this job.');
    });
  });

  it('admin adds one; support reads; others are refused', async () => {
    const created = await dana();
    expect(created.statusCode, created.body).toBe(201);
    expect(created.data).toMatchObject({ name: 'Dana Whitfield', disciplines: ['structural', 'electrical'], has_seal: false, licences: [{ state: 'FL', number: 'PE-777', expired: false }, { state: 'TX', number: 'PE-123456', expired: false }] });
    expect((await call(DEMO.support, 'GET', '/api/engineers')).data.map((e: { id: string }) => e.id)).toContain(engineerId);
    expect((await call(DEMO.support, 'POST', '/api/engineers', ENGINEER())).statusCode).toBe(403);
    for (const who of [DEMO.contractor, DEMO.acmeOwner, DEMO.acmeUser]) expect((await call(who, 'GET', '/api/engineers')).statusCode).toBe(403);
    expect((await call(DEMO.admin, 'GET', '/api/engineers/00000000-0000-0000-0000-000000000000')).statusCode).toBe(404);
    expect((await call(DEMO.admin, 'PUT', '/api/engineers/not-an-id', ENGINEER())).statusCode).toBe(404);
  });

  it('bad inputs are 400 naming the field', async () => {
    const acme = (await t.database.db.select().from(users).where(eq(users.email, DEMO.acmeUser)))[0]!.id;
    const cases: [Record<string, unknown>, string][] = [
      [ENGINEER({ name: '' }), 'name'],
      [ENGINEER({ disciplines: [] }), 'disciplines'],
      [ENGINEER({ disciplines: ['mechanical'] }), 'disciplines.0'],
      [ENGINEER({ licences: [{ state: 'Texas', number: '1', expires_on: '2030-01-01' }] }), 'licences.0.state'],
      [ENGINEER({ licences: [{ state: 'TX', number: '1', expires_on: '2030-13-45' }] }), 'licences.0.expires_on'],
      [ENGINEER({ licences: [{ state: 'TX', number: '1', expires_on: '2030-01-01' }, { state: 'tx', number: '2', expires_on: '2031-01-01' }] }), 'licences.1.state'],
      [ENGINEER({ user_id: acme }), 'user_id'],
      [ENGINEER({ user_id: 'nope' }), 'user_id'],
      [ENGINEER({ extra: 1 }), ''],
    ];
    for (const [body, field] of cases) {
      const res = await call(DEMO.admin, 'POST', '/api/engineers', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(JSON.stringify(res.data.args), field).toContain(field);
    }
  });

  it('a licensed engineer without a seal image cannot seal; the seal and signature are uploaded as PNG or SVG and kept as a clean PNG', async () => {
    await onOwnDatabase(async () => {
      const created = await call(DEMO.admin, 'POST', '/api/engineers', ENGINEER());
      expect(created.statusCode, created.body).toBe(201);
      const engineerId = created.data.id as string;
      const job = await newJob();
      const res = await call(DEMO.admin, 'POST', `/api/jobs/${job}/generate-letters`, { letter_types: ['structural_roof_letter'] });
      expect(res.statusCode).toBe(409);
      expect(res.data.message).toBe('Dana Whitfield may seal structural documents in TX but has no seal image: upload it on the Engineers page.');
      const pdf = await postMultipart(t, `/api/engineers/${engineerId}/seal`, [file('seal.pdf', PDF)], { as: DEMO.admin });
      expect([pdf.statusCode, pdf.data.message]).toEqual([415, '"seal.pdf": The file is not a PNG or SVG image. The seal is uploaded as a PNG or SVG.']);
      const script = '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><script>alert(1)</script><circle cx="100" cy="100" r="90" fill="navy"/></svg>';
      // Support uploads only for the engineer its account is linked to; clients and the drafter never.
      for (const who of [DEMO.support, DEMO.contractor, DEMO.acmeOwner]) expect((await postMultipart(t, `/api/engineers/${engineerId}/seal`, [file('seal.png', Buffer.from(SEAL))], { as: who })).statusCode, who).toBe(403);
      expect((await call(DEMO.admin, 'GET', `/api/engineers/${engineerId}/seal`)).statusCode).toBe(404);
      const svg = await postMultipart(t, `/api/engineers/${engineerId}/seal`, [file('seal.svg', Buffer.from(script))], { as: DEMO.admin });
      expect(svg.statusCode, svg.body).toBe(200);
      const fromSvg = await download(`/api/engineers/${engineerId}/seal`, DEMO.support);
      expect(sniffImage(fromSvg.bytes)).toMatchObject({ mime: 'image/png' });
      expect(Buffer.from(fromSvg.bytes).includes(Buffer.from('script'))).toBe(false);
      const up = await postMultipart(t, `/api/engineers/${engineerId}/seal`, [file('seal.png', Buffer.from(SEAL))], { as: DEMO.admin });
      expect(up.statusCode, up.body).toBe(200);
      expect(up.data).toMatchObject({ has_seal: true, seal_url: `/api/engineers/${engineerId}/seal` });
      expect((await postMultipart(t, `/api/engineers/${engineerId}/signature`, [file('sig.png', Buffer.from(SIGNATURE))], { as: DEMO.admin })).data.has_signature).toBe(true);
      const img = await download(`/api/engineers/${engineerId}/seal`, DEMO.support);
      expect(img.status).toBe(200);
      expect(sniffImage(img.bytes)).toEqual({ mime: 'image/png', width: 240, height: 240 });
    });
  });

  it('an expired licence does not seal', async () => {
    const other = await call(DEMO.admin, 'POST', '/api/engineers', ENGINEER({ name: 'Old Licence', user_id: null, licences: [{ state: 'AZ', number: 'AZ-1', expires_on: '2020-01-01' }] }));
    expect(other.data.licences[0].expired).toBe(true);
  });
});

describe('generate-letters', { timeout: 240_000 }, () => {
  beforeAll(async () => { await dana(); }, 120_000);
  it('runs through the queue: progress events in order, draft letters written for the engineer, stored as internal job files of the revision; the engineer seals them', async () => {
    const job = await newJob();
    const before = await lastEventId();
    const res = await generate(DEMO.support, job, { letter_types: ['structural_roof_letter', 'electrical_load_calculations', 'busbar_certification', 'design_affidavit'], include_digital_signature: false });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.data).toMatchObject({ status: 'queued' });
    const supportId = (await t.database.db.select().from(users).where(eq(users.email, DEMO.support)))[0]!.id;
    const events = await eventsSince(supportId, before);
    expect(events.map((e) => e.type)).toEqual(['calculations_initiated', 'calculations_passed', 'stamp_file_passed', 'combine_files_passed']);
    expect(events.every((e) => (e.payload as { run_id: string }).run_id === res.data.run_id)).toBe(true);
    expect(events[1]!.payload).toMatchObject({ job_id: job, pass: expect.any(Boolean) as boolean, checks: expect.any(Number) as number });
    expect(events[2]!.payload).toMatchObject({ awaiting_seal: expect.arrayContaining([{ letter_type: 'structural_roof_letter', engineer: 'Dana Whitfield' }]) });

    const letters = await call(DEMO.support, 'GET', `/api/jobs/${job}/letters`);
    expect(letters.statusCode).toBe(200);
    expect(letters.data.map((l: { letter_type: string }) => l.letter_type).sort()).toEqual(['busbar_certification', 'design_affidavit', 'electrical_load_calculations', 'structural_roof_letter']);
    const roof = letters.data.find((l: { letter_type: string }) => l.letter_type === 'structural_roof_letter');
    expect(roof).toMatchObject({ revision: 0, signature_status: 'unsigned', deliverable_state: 'draft', may_sign: false, engineer: { id: engineerId, name: 'Dana Whitfield' } });
    expect(roof.calculation_pages[0].name).toMatch(/^C-1 Site loads \(ASCE 7-16\)/);
    const draftText = await textOf(roof.download_url);
    for (const w of ['Structural Roof Letter', 'Dana Whitfield, P.E.', 'TX PE Licence No. PE-123456', 'Test City of Austin', '2018 IEBC 503.3', 'Ultimate wind speed: 115 mph, Exposure C', 'Codes: 2021 IBC, 2021 IRC, 2018 IEBC, ASCE 7-16, NEC 2020, 2021 IFC', 'IEBC 2018 503.3', 'Calculation page C-1', 'PE seal']) expect(draftText, w).toContain(w);
    // A draft: no verification code is printed and none answers.
    expect(draftText).not.toContain('Verification code');
    // Drafts: the client does not see them among the job's files.
    const clientFiles = await call(DEMO.acmeUser, 'GET', `/api/jobs/${job}/files`);
    expect(clientFiles.data.some((f: { id: string }) => f.id === roof.file_id)).toBe(false);
    expect((await download(roof.download_url, DEMO.acmeUser)).status).toBe(404);

    // Each letter is a draft deliverable of revision 0 that needs its discipline's seal.
    const deliverables = (await call(DEMO.support, 'GET', `/api/jobs/${job}/deliverables`)).data;
    const byFile = new Map((deliverables.deliverables as { id: string; kind: string; state: string; seals_needed: string[]; verification_code: string | null }[]).map((d) => [d.id, d]));
    for (const l of letters.data as { file_id: string; letter_type: string }[]) {
      const d = byFile.get(l.file_id);
      const electrical = l.letter_type === 'electrical_load_calculations' || l.letter_type === 'busbar_certification';
      expect(d, l.letter_type).toMatchObject({ state: 'draft', seals_needed: [electrical ? 'electrical' : 'structural'], kind: l.letter_type === 'electrical_load_calculations' ? 'electrical_letter' : l.letter_type });
    }
    // Support prepared it; the engineer (whose account is the admin's here) seals it.
    expect((await call(DEMO.support, 'POST', `/api/deliverables/${roof.file_id}/seal`, { engineer_id: engineerId })).statusCode).toBe(403);
    // The letter states the test rail's assumed class: the engineer of record seals it only accepting that.
    const unaccepted = await call(DEMO.admin, 'POST', `/api/deliverables/${roof.file_id}/seal`, { engineer_id: engineerId });
    expect([unaccepted.statusCode, unaccepted.data.message], unaccepted.body).toEqual([409, expect.stringContaining('not the maker\'s certified values, marked ASSUMED on page')]);
    const sealed = await call(DEMO.admin, 'POST', `/api/deliverables/${roof.file_id}/seal`, { engineer_id: engineerId, accept_assumed_values: true });
    expect(sealed.statusCode, sealed.body).toBe(200);
    expect(sealed.data.seals[0].accepted_assumed_pages.length).toBeGreaterThan(0);
    const pages = await extractPdfText((await download(roof.download_url)).bytes);
    const printed = /Verification code ([0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5}-[0-9A-Z]{5})/.exec(pages[0]!.text)?.[1];
    expect(printed, 'a code in the letter\'s footer').toBeTruthy();
    for (const [i, p] of pages.entries()) expect(p.text, `page ${i + 1}`).toContain(`Sealed by Dana Whitfield, P.E., TX PE No. PE-123456, on ${t.clock.now().toISOString().slice(0, 10)} · Verification code ${printed} at http://sunstamp.test/verify`);
    expect(printed!.replace(/-/g, '')).toBe(sealed.data.verification_code);
    const verified = await t.request('GET', `/api/verify/${printed}`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.data).toMatchObject({ engineer_name: 'Dana Whitfield', licence_state: 'TX', licence_number: 'PE-123456', location: 'Austin, TX', released: false });
    // The letter was written for Dana: another engineer cannot seal it.
    const other = await call(DEMO.admin, 'POST', '/api/engineers', ENGINEER({ name: 'Another PE', user_id: adminId }));
    await postMultipart(t, `/api/engineers/${other.data.id}/seal`, [file('seal.png', Buffer.from(SEAL))], { as: DEMO.admin });
    const design = letters.data.find((l: { letter_type: string }) => l.letter_type === 'design_affidavit');
    const refused = await call(DEMO.admin, 'POST', `/api/deliverables/${design.file_id}/seal`, { engineer_id: other.data.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.data.message).toBe('This letter was written for another engineer (its closing and footer name them): Another PE cannot seal it. Generate the letter again for Another PE.');
    await call(DEMO.admin, 'PUT', `/api/engineers/${other.data.id}`, ENGINEER({ name: 'Another PE', user_id: adminId, is_active: false }));
  });

  it('a run stopped by an error it does not report itself is retried once; when no retry remains the requester hears that it failed, and a reloaded page shows it', async () => {
    const job = await newJob();
    const before = await lastEventId();
    // The file store fails while the letters are stored (a full disk, say): a fault of the run, not of the job's facts.
    const storage = t.ctx.storage;
    const put = storage.put.bind(storage);
    let attempts = 0;
    storage.put = async (key, bytes) => {
      if (key.startsWith(`jobs/${job}/`)) {
        attempts++;
        throw new Error('no space left on device (test)');
      }
      return put(key, bytes);
    };
    let res;
    try {
      res = await generate(DEMO.support, job, { letter_types: ['design_affidavit'] });
    } finally {
      storage.put = put;
    }
    expect(res.statusCode, res.body).toBe(202);
    expect(attempts, 'the first attempt and its one retry').toBe(2);
    const supportId = (await t.database.db.select().from(users).where(eq(users.email, DEMO.support)))[0]!.id;
    const events = (await eventsSince(supportId, before)).filter((e) => (e.payload as { run_id?: string }).run_id === res.data.run_id);
    expect(events.filter((e) => e.type === 'calculations_failed')).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({ type: 'calculations_failed', payload: { job_id: job, message: 'The letters could not be generated: an error stopped the run (it is logged for our team). Generate them again.' } });
    const runs = ZLetterRuns.parse((await call(DEMO.support, 'GET', `/api/jobs/${job}/letter-runs`)).data).results;
    expect(runs).toEqual([expect.objectContaining({ run_id: res.data.run_id, event: 'calculations_failed' })]);
    expect((await call(DEMO.support, 'GET', `/api/jobs/${job}/letters`)).data).toEqual([]);
  });

  it('an attempt whose time limit has passed stops before drafting; the last one tells the requester so', async () => {
    const job = await newJob();
    const supportId = (await t.database.db.select().from(users).where(eq(users.email, DEMO.support)))[0]!.id;
    const payload = { runId: crypto.randomUUID(), jobId: job, actorId: supportId, actorRole: 'support', letterTypes: ['design_affidavit'], includeDigitalSignature: false, revisionLetterData: null };
    const before = await lastEventId();
    await expect(runLettersJob(t.ctx, payload, { lastAttempt: false, signal: AbortSignal.abort(new Error('time limit passed')) })).rejects.toThrow('time limit passed');
    // A retry remains: the requester's run is still under way.
    expect((await eventsSince(supportId, before)).map((e) => e.type)).toEqual(['calculations_initiated']);
    await expect(runLettersJob(t.ctx, payload, { lastAttempt: true, signal: AbortSignal.abort(new Error('time limit passed')) })).rejects.toThrow('time limit passed');
    expect((await eventsSince(supportId, before)).map((e) => [e.type, (e.payload as { message?: string }).message])).toEqual([
      ['calculations_initiated', undefined], ['calculations_initiated', undefined],
      ['calculations_failed', 'The letters could not be generated: the run passed its time limit. Generate them again.'],
    ]);
    expect((await call(DEMO.support, 'GET', `/api/jobs/${job}/letters`)).data).toEqual([]);
  });

  it('a missing fact fails the calculation with the spec\'s event and a message naming it', async () => {
    const job = await newJob({ cadIntake: { msp_rating: null } });
    const before = await lastEventId();
    expect((await generate(DEMO.admin, job, { letter_types: ['busbar_certification'] })).statusCode).toBe(202);
    const events = await eventsSince(adminId, before);
    expect(events.map((e) => e.type)).toEqual(['calculations_initiated', 'calculations_failed']);
    expect(events[1]!.payload).toMatchObject({ message: 'The CAD intake has no MSP rating (msp_rating): the busbar is needed for the interconnection.' });
  });

  it('refuses the 5 % letter at once where the AHJ requires a stress analysis; a Florida certification is refused for a Texas job', async () => {
    const stress = (await t.database.db.insert(ahjs).values({ name: 'Stress City', state: 'TX', jurisdictionType: 'City', ibc: '2021', irc: '2021', iebc: '2018', asce: '7-16', electrical: 'NEC 2020', fire: '2021', windSpeedMph: 115, groundSnowLoadPsf: 5, exposureCategory: 'C', minDesignTempC: -6 }).returning())[0]!.id;
    expect((await call(DEMO.admin, 'PATCH' as Method, `/api/requirements/ahj/${stress}`, { set: { stress_analysis: true } })).statusCode).toBe(200);
    const job = await newJob({ ahj: stress });
    const res = await call(DEMO.admin, 'POST', `/api/jobs/${job}/generate-letters`, { letter_types: ['structural_roof_letter'] });
    expect(res.statusCode).toBe(409);
    expect(res.data.message).toBe('Stress City requires a stress analysis (stress_analysis): a Prescriptive Method (5 %) letter is prohibited. Design the arrays with Forte or SkyCiv.');
    // A letter whose subject the job does not have is refused at once, with the reason.
    const fl = await generate(DEMO.admin, job, { letter_types: ['florida_statute_377_705', 'design_affidavit'] });
    expect(fl.statusCode).toBe(422);
    expect(fl.data.message).toBe('Florida Statute 377.705 Certification: The Florida Statute 377.705 certification applies to Florida jobs only; this job is in TX.');
  });

  it('a job without an AHJ is refused with what to do', async () => {
    const job = await newJob({ ahj: null });
    const res = await call(DEMO.admin, 'POST', `/api/jobs/${job}/generate-letters`, { letter_types: ['design_affidavit'] });
    expect(res.statusCode).toBe(409);
    expect(res.data.message).toBe('The job has no AHJ: letters cite the AHJ\'s code editions and design criteria. Choose the AHJ on the job first.');
  });

  it('GET letter-runs answers the caller\'s runs of the job with their last event: a reloaded page picks up a run under way or how it ended', async () => {
    const job = await newJob();
    const done = await generate(DEMO.support, job, { letter_types: ['design_affidavit'] });
    expect(done.statusCode, done.body).toBe(202);
    const failed = await newJob({ cadIntake: { msp_rating: null } });
    expect((await generate(DEMO.support, failed, { letter_types: ['busbar_certification'] })).statusCode).toBe(202);
    const supportId = (await t.database.db.select().from(users).where(eq(users.email, DEMO.support)))[0]!.id;
    // A run still under way (its worker between two steps), and a plan-set run's calculations event, which is not a letters run.
    await t.ctx.events.publish(supportId, 'calculations_passed', { job_id: job, run_id: 'under-way-run' });
    const [cad] = await t.database.query<{ id: string }>("insert into cad_runs (job_id, revision, input_hash, template_version, status) values ($1, 0, 'h', 'v', 'running') returning id::text as id", [job]);
    await t.ctx.events.publish(supportId, 'calculations_initiated', { job_id: job, run_id: cad!.id });

    const runs = await call(DEMO.support, 'GET', `/api/jobs/${job}/letter-runs`);
    expect(runs.statusCode, runs.body).toBe(200);
    expect(ZLetterRuns.parse(runs.data).results.map((r) => [r.run_id, r.event])).toEqual([[done.data.run_id, 'combine_files_passed'], ['under-way-run', 'calculations_passed']]);
    const other = ZLetterRuns.parse((await call(DEMO.support, 'GET', `/api/jobs/${failed}/letter-runs`)).data).results;
    expect(other).toHaveLength(1);
    expect(other[0]).toMatchObject({ event: 'calculations_failed', message: expect.stringContaining('MSP rating') as string });
    // Only one's own runs; the client and strangers are refused as for the letters.
    expect(ZLetterRuns.parse((await call(DEMO.admin, 'GET', `/api/jobs/${job}/letter-runs`)).data).results).toEqual([]);
    expect((await call(DEMO.acmeUser, 'GET', `/api/jobs/${job}/letter-runs`)).statusCode).toBe(403);
    expect((await call(DEMO.brightOwner, 'GET', `/api/jobs/${job}/letter-runs`)).statusCode).toBe(404);
    expect((await call(DEMO.admin, 'GET', '/api/jobs/not-a-job/letter-runs')).statusCode).toBe(404);
    expect((await t.request('GET', `/api/jobs/${job}/letter-runs`)).statusCode).toBe(401);
  });

  it('roles and bad inputs', async () => {
    const job = await newJob();
    const ok = { letter_types: ['design_affidavit'] };
    expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${job}/generate-letters`, ok)).statusCode).toBe(403);
    expect((await call(DEMO.acmeOwner, 'POST', `/api/jobs/${job}/generate-letters`, ok)).statusCode).toBe(403);
    expect((await call(DEMO.contractor, 'POST', `/api/jobs/${job}/generate-letters`, ok)).statusCode).toBe(404);
    // A client role never generates letters: refused by role, whichever company's job.
    expect((await call(DEMO.brightOwner, 'POST', `/api/jobs/${job}/generate-letters`, ok)).statusCode).toBe(403);
    expect((await call(DEMO.admin, 'POST', '/api/jobs/not-a-job/generate-letters', ok)).statusCode).toBe(404);
    expect((await call(DEMO.acmeUser, 'GET', `/api/jobs/${job}/letters`)).statusCode).toBe(403);
    const bad: [unknown, string][] = [
      [{ letter_types: [] }, 'letter_types'],
      [{ letter_types: ['wet_letter'] }, 'letter_types.0'],
      [{ letter_types: ['design_affidavit', 'design_affidavit'] }, 'letter_types'],
      [{ letter_types: ['revision_letter'] }, 'revision_letter_data'],
      [{ letter_types: ['design_affidavit'], arrays: [{ id: 'A1', moduleCount: -1, roofPitchDeg: 20 }] }, 'arrays.0.moduleCount'],
      [{ letter_types: ['design_affidavit'], include_digital_signature: 'yes' }, 'include_digital_signature'],
      [{ letter_types: ['design_affidavit'], surprise: 1 }, ''],
    ];
    for (const [body, field] of bad) {
      const res = await call(DEMO.admin, 'POST', `/api/jobs/${job}/generate-letters`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(JSON.stringify(res.data.args), field).toContain(field);
    }
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${job}/recalculate-url`, { arrays: [] })).statusCode).toBe(400);
  });
});

describe('recalculate-url', () => {
  beforeAll(async () => { await dana(); }, 120_000);
  it('calculates with the arrays sent and answers the new calculation package\'s URL', async () => {
    const job = await newJob();
    const res = await call(DEMO.admin, 'POST', `/api/jobs/${job}/recalculate-url`, { arrays: [{ id: 'A1', moduleCount: 14, roofPitchDeg: 30 }, { id: 'A2', moduleCount: 6, roofPitchDeg: 18 }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data.url).toBe(`/api/files/${res.data.file_id}/download`);
    const text = (await extractPdfText((await download(res.data.url)).bytes)).map((p) => p.text).join('\n');
    expect(text).toContain('Calculation Package');
    expect(text).toContain('Array A1: added gravity load on existing framing');
    expect(text).toContain('Array A2');
    const missing = await newJob({ cadIntake: { breaker_rating: null } });
    const refused = await call(DEMO.admin, 'POST', `/api/jobs/${missing}/recalculate-url`, {});
    expect(refused.statusCode).toBe(422);
    expect(refused.data.message).toBe('The CAD intake has no main breaker rating (breaker_rating).');
    expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${job}/recalculate-url`, {})).statusCode).toBe(403);
  });
});

describe('digital signatures', { timeout: 240_000 }, () => {
  const cert = makeTestP12({ commonName: 'Dana Whitfield' });
  // A self-signed certificate made in a minute, in the name of someone else.
  const mallory = makeTestP12({ commonName: 'Mallory Nobody' });
  let job = '';
  let letters: { id: string; file_id: string; letter_type: string; download_url: string; signature_status: string; may_sign: boolean }[] = [];
  const parts = (c: { p12: Uint8Array }, pass: string) => [file('dana.p12', Buffer.from(c.p12)), { name: 'passphrase', value: pass }];

  beforeAll(async () => {
    await dana();
    job = await newJob();
    expect((await generate(DEMO.admin, job, { letter_types: ['design_affidavit', 'busbar_certification'], include_digital_signature: true })).statusCode).toBe(202);
    letters = (await call(DEMO.admin, 'GET', `/api/jobs/${job}/letters`)).data;
  }, 240_000);

  // The story of the describe's job, each step made once by whichever test needs it first (the
  // tests run in any order): its letters sealed, then Dana's certificate registered and the design
  // affidavit signed with it. Each step's checks run once, in the test that makes it.
  let sealing: Promise<void> | undefined;
  const sealedLetters = () => (sealing ??= (async () => {
    expect(letters.map((l) => l.signature_status)).toEqual(['required', 'required']);
    expect(letters.map((l) => l.may_sign)).toEqual([false, false]);
    const l = letters.find((x) => x.letter_type === 'design_affidavit')!;
    const early = await postMultipart(t, `/api/letters/${l.id}/sign`, parts(cert, cert.passphrase), { as: DEMO.admin });
    expect([early.statusCode, early.data.message]).toEqual([409, 'Seal the letter before signing it: Dana Whitfield seals it on the job\'s Deliverables card, then signs.']);
    for (const x of letters) expect((await call(DEMO.admin, 'POST', `/api/deliverables/${x.file_id}/seal`, { engineer_id: engineerId, accept_assumed_values: true })).statusCode).toBe(200);
    letters = (await call(DEMO.admin, 'GET', `/api/jobs/${job}/letters`)).data;
    // The Sign button is the engineer's: shown to the linked account, to nobody else.
    expect(letters.map((x) => x.may_sign)).toEqual([true, true]);
    expect((await call(DEMO.support, 'GET', `/api/jobs/${job}/letters`)).data.map((x: { may_sign: boolean }) => x.may_sign)).toEqual([false, false]);
    expect((await call(DEMO.contractor, 'GET', `/api/jobs/${job}/letters`)).statusCode).toBe(404);
  })());
  let signing: Promise<void> | undefined;
  const affidavitSigned = () => (signing ??= (async () => {
    await sealedLetters();
    const l = letters.find((x) => x.letter_type === 'design_affidavit')!;
    const stranger = await postMultipart(t, `/api/letters/${l.id}/sign`, parts(mallory, mallory.passphrase), { as: DEMO.admin });
    expect(stranger.statusCode).toBe(422);
    expect(stranger.data.message).toBe('The certificate of Mallory Nobody is not registered for Dana Whitfield: only a certificate registered on the Engineers page for the engineer who sealed the letter may sign it.');
    // Dana's own certificate too, until it is registered.
    expect((await postMultipart(t, `/api/letters/${l.id}/sign`, parts(cert, cert.passphrase), { as: DEMO.admin })).statusCode).toBe(422);
    // Registering: the public part only; a P12 or a private key is refused; support or a client may not.
    const p12 = await postMultipart(t, `/api/engineers/${engineerId}/certificates`, [file('dana.p12', Buffer.from(cert.p12))], { as: DEMO.admin });
    expect([p12.statusCode, p12.data.message]).toEqual([422, 'The file is not an X.509 certificate. Upload the public certificate (.cer, .crt or .pem), not the .p12/.pfx that holds the key.']);
    const withKey = await postMultipart(t, `/api/engineers/${engineerId}/certificates`, [file('dana.pem', Buffer.from(`${cert.certPem}\n-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n`))], { as: DEMO.admin });
    expect(withKey.statusCode).toBe(422);
    expect(withKey.data.message).toMatch(/^The file holds a private key\. Never upload it/);
    for (const who of [DEMO.support, DEMO.contractor, DEMO.acmeOwner]) expect((await postMultipart(t, `/api/engineers/${engineerId}/certificates`, [file('dana.pem', Buffer.from(cert.certPem))], { as: who })).statusCode, who).toBe(403);
    const reg = await postMultipart(t, `/api/engineers/${engineerId}/certificates`, [file('dana.pem', Buffer.from(cert.certPem))], { as: DEMO.admin });
    expect(reg.statusCode, reg.body).toBe(200);
    expect(reg.data.certificates).toEqual([expect.objectContaining({ subject: expect.stringContaining('CN=Dana Whitfield'), self_signed: true, expired: false, key_fingerprint: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/) })]);
    expect((await postMultipart(t, `/api/engineers/${engineerId}/certificates`, [file('dana.pem', Buffer.from(cert.certPem))], { as: DEMO.admin })).statusCode).toBe(409);
    // Still refused for the stranger; a wrong passphrase is a 400; support may not sign for Dana.
    expect((await postMultipart(t, `/api/letters/${l.id}/sign`, parts(mallory, mallory.passphrase), { as: DEMO.admin })).statusCode).toBe(422);
    expect((await postMultipart(t, `/api/letters/${l.id}/sign`, parts(cert, cert.passphrase), { as: DEMO.support })).statusCode).toBe(403);
    expect((await postMultipart(t, `/api/letters/${l.id}/sign`, parts(cert, cert.passphrase), { as: DEMO.acmeUser })).statusCode).toBe(403);
    expect((await postMultipart(t, `/api/letters/${l.id}/sign`, parts(cert, cert.passphrase), { as: DEMO.brightOwner })).statusCode).toBe(404);
    const wrong = await postMultipart(t, `/api/letters/${l.id}/sign`, parts(cert, 'wrong'), { as: DEMO.admin });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.data.message).toBe('The certificate file could not be opened: it is not a PKCS#12 (.p12/.pfx) file or the passphrase is wrong.');
    expect((await postMultipart(t, `/api/letters/${l.id}/sign`, [{ name: 'passphrase', value: 'x' }], { as: DEMO.admin })).statusCode).toBe(400);
    const signed = await postMultipart(t, `/api/letters/${l.id}/sign`, parts(cert, cert.passphrase), { as: DEMO.admin });
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.data).toMatchObject({ signature_status: 'signed', signed_by: 'Dana Whitfield', may_sign: false, deliverable_state: 'sealed' });
    const bytes = (await download(signed.data.signed_download_url)).bytes;
    expect(await verifyPdfSignature(bytes)).toMatchObject({ valid: true, coversWholeFile: true, signer: { commonName: 'Dana Whitfield' } });
    // poppler's pdfsig names the engineer and finds the signature valid (it exits 0 even on a mismatch: read its words).
    if (spawnSync('pdfsig', ['-v']).status === 0) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdfsig-'));
      fs.writeFileSync(path.join(dir, 'signed.pdf'), bytes);
      const out = execFileSync('pdfsig', ['-nocert', path.join(dir, 'signed.pdf')], { encoding: 'utf8' });
      expect(out).toContain('Signer Certificate Common Name: Dana Whitfield');
      expect(out).toContain('Signature Validation: Signature is Valid.');
      expect(out).toContain('Total document signed');
      fs.rmSync(dir, { recursive: true, force: true });
    }
    expect((await postMultipart(t, `/api/letters/${l.id}/sign`, parts(cert, cert.passphrase), { as: DEMO.admin })).statusCode).toBe(409);
    // The signed copy is now the deliverable, and the printed code checks its bytes.
    const listed = (await call(DEMO.admin, 'GET', `/api/jobs/${job}/letters`)).data.find((x: { id: string }) => x.id === l.id);
    const code = /Verification code ([0-9A-Z-]{23})/.exec((await extractPdfText(bytes)).map((p) => p.text).join('\n'))![1]!;
    const check = await postMultipart(t, `/api/verify/${code}/check`, [file('signed.pdf', Buffer.from(bytes), 'file')]);
    expect(check.statusCode, check.body).toBe(200);
    expect(check.data).toMatchObject({ matches: true });
    expect(listed.signed_download_url).toBe(signed.data.signed_download_url);
  })());

  it('with include_digital_signature the letters wait for the engineer\'s seal, then signature; a draft is not signed', async () => {
    await sealedLetters();
  });

  it('a certificate that is not registered for the engineer is refused (422), a self-signed stranger\'s first of all; registered, it signs', async () => {
    await affidavitSigned();
  });

  it('a letter still waiting for its signature is not released', async () => {
    // A job of its own, its letters sealed and the design affidavit signed: the busbar certification waits (the other tests sign theirs).
    await affidavitSigned();
    const own = await newJob();
    expect((await generate(DEMO.admin, own, { letter_types: ['design_affidavit', 'busbar_certification'], include_digital_signature: true })).statusCode).toBe(202);
    const ownLetters = (await call(DEMO.admin, 'GET', `/api/jobs/${own}/letters`)).data as typeof letters;
    for (const x of ownLetters) expect((await call(DEMO.admin, 'POST', `/api/deliverables/${x.file_id}/seal`, { engineer_id: engineerId, accept_assumed_values: true })).statusCode).toBe(200);
    const affidavit = ownLetters.find((x) => x.letter_type === 'design_affidavit')!;
    expect((await postMultipart(t, `/api/letters/${affidavit.id}/sign`, parts(cert, cert.passphrase), { as: DEMO.admin })).statusCode).toBe(200);
    await t.database.db.update(jobs).set({ status: 'Finalized' }).where(eq(jobs.id, own));
    const refused = await call(DEMO.admin, 'POST', `/api/jobs/${own}/release`, {});
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.data.message).toMatch(/^"Busbar Certification - .*" was ordered with a digital signature: the engineer signs it before it is released\.$/);
  });

  it('a letter signed outside must begin with the sealed bytes, verify, and be signed with a registered certificate', async () => {
    await affidavitSigned(); // the letters sealed, Dana's certificate registered
    const l = letters.find((x) => x.letter_type === 'busbar_certification')!;
    const generated = (await download(l.download_url)).bytes;
    const changed = generated.slice();
    changed[300] = changed[300]! ^ 0x01;
    const other = await signLikeOutsideTool(changed, cert.p12, cert.passphrase);
    const refused = await postMultipart(t, `/api/letters/${l.id}/signed`, [file('signed.pdf', Buffer.from(other))], { as: DEMO.admin });
    expect(refused.statusCode).toBe(422);
    expect(refused.data.message).toBe('The signed file does not begin with the sealed letter Sunstamp made: it was changed before signing. Sign the downloaded letter as it is.');
    const unsigned = await postMultipart(t, `/api/letters/${l.id}/signed`, [file('signed.pdf', Buffer.from(generated))], { as: DEMO.admin });
    expect(unsigned.statusCode).toBe(422);
    expect(unsigned.data.message).toBe('The signature does not verify: The file has no digital signature.');
    const byStranger = await signLikeOutsideTool(generated, mallory.p12, mallory.passphrase);
    const strangerRefused = await postMultipart(t, `/api/letters/${l.id}/signed`, [file('signed.pdf', Buffer.from(byStranger))], { as: DEMO.admin });
    expect([strangerRefused.statusCode, strangerRefused.data.message]).toEqual([422, expect.stringContaining('The certificate of Mallory Nobody is not registered for Dana Whitfield')]);
    const good = await signLikeOutsideTool(generated, cert.p12, cert.passphrase);
    const ok = await postMultipart(t, `/api/letters/${l.id}/signed`, [file('signed.pdf', Buffer.from(good))], { as: DEMO.admin });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.data.signature_status).toBe('signed');
  });

  it('with SIGNING_TRUST_DIR a certificate must chain to a trusted CA, at registration and at signing', async () => {
    await affidavitSigned(); // Dana's self-signed certificate registered without a trust list
    const ca = makeTestCa();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trust-'));
    fs.writeFileSync(path.join(dir, 'root.pem'), ca.certPem);
    const issued = makeTestP12({ commonName: 'Dana Whitfield', ca });
    const config = t.ctx.config as { signingTrustDir: string | null };
    const was = config.signingTrustDir;
    config.signingTrustDir = dir;
    try {
      const job2 = await newJob();
      expect((await generate(DEMO.admin, job2, { letter_types: ['design_affidavit'], include_digital_signature: true })).statusCode).toBe(202);
      const [l] = (await call(DEMO.admin, 'GET', `/api/jobs/${job2}/letters`)).data as { id: string; file_id: string }[];
      expect((await call(DEMO.admin, 'POST', `/api/deliverables/${l!.file_id}/seal`, { engineer_id: engineerId, accept_assumed_values: true })).statusCode).toBe(200);
      // Dana's self-signed certificate was registered without a trust list: with one, it no longer signs.
      const selfSigned = await postMultipart(t, `/api/letters/${l!.id}/sign`, parts(cert, cert.passphrase), { as: DEMO.admin });
      expect(selfSigned.statusCode).toBe(422);
      expect(selfSigned.data.message).toMatch(/^The certificate is not issued by a trusted certification authority: .*CN=Dana Whitfield.* is issued by .*CN=Dana Whitfield.*, which is not a trusted CA/);
      // A self-signed certificate cannot even be registered; the CA-issued one can, and signs.
      expect((await postMultipart(t, `/api/engineers/${engineerId}/certificates`, [file('m.pem', Buffer.from(mallory.certPem))], { as: DEMO.admin })).statusCode).toBe(422);
      expect((await postMultipart(t, `/api/engineers/${engineerId}/certificates`, [file('issued.pem', Buffer.from(issued.certPem))], { as: DEMO.admin })).statusCode).toBe(200);
      const ok = await postMultipart(t, `/api/letters/${l!.id}/sign`, parts(issued, issued.passphrase), { as: DEMO.admin });
      expect(ok.statusCode, ok.body).toBe(200);
    } finally {
      config.signingTrustDir = was;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the letters beyond the roof letter', { timeout: 300_000 }, () => {
  // What the letters once took typed into the request: now the job's CAD intake and the catalogue hold it.
  beforeAll(async () => { await dana(); }, 120_000);
  const groundMount = { racking: 'IronRidge GM', foundation: 'Ground Screw', tilt_deg: 25, mean_height_ft: 6, array_depth_ft: 13.5, post_spacing_ft: 10, posts_per_column: 2, dead_load_psf: 3.5, cn_uplift: 1.6, cn_down: 1.8, allowable_uplift_lb: 2000, allowable_compression_lb: 3000, allowable_lateral_lb: 1000 };
  const batteryMount = { fasteners: 4, top_row_fasteners: 2, row_spacing_in: 24, lag_diameter_in: 0.3125, thread_penetration_in: 2.5, species: 'SPF', lateral_design_value_lb: 150 };
  const groundIntake = { needs_ground_mount: true, foundation_type: 'Ground Screw', racking_pitch: 25, ground_mean_height: 6, ground_table_depth: 13.5, ground_post_spacing: 10, ground_posts_per_column: 2 };
  const groundRackingData = { groundRackingWeightPsf: 1.5, postAllowableUpliftLb: 2500, postAllowableCompressionLb: 3000, postAllowableLateralLb: 1000, source: { document: 'Test ground-mount design guide', url: 'https://example.test/gm' } };
  /** A racking of the catalogue, made through the catalogue API as an admin does. */
  const newRacking = async (model: string, data: Record<string, unknown>) => {
    const res = await call(DEMO.admin, 'POST', '/api/equipment', { kind: 'racking', manufacturer: 'Test Racking Co', model, type: 'ironridge_xr10', data });
    expect(res.statusCode, res.body).toBe(201);
    return res.data.id as string;
  };
  const thirdParty = { kind: 'nabcep', name: 'Sam Ortiz', credential: 'NABCEP PV Installation Professional', number: 'PV-031122-015' };
  const model = async (kind: string, m: string) => (await t.database.db.select().from(equipment).where(and(eq(equipment.kind, kind), eq(equipment.model, m))))[0]!;

  it('bad or missing inputs are clear 400s and 422s, never 500', async () => {
    const job = await newJob();
    const cases: [unknown, number, RegExp][] = [
      // The ground mount's and the battery bracket's values come from the job: sent, they are refused by name.
      [{ letter_types: ['structural_ground_mount_letter'], ground_mount: groundMount }, 400, /"ground_mount":"ground_mount is no longer sent: the ground-mount letter takes its design from the job \(CAD intake, Ground Mount\), the racking's catalogue data and ASCE 7/],
      [{ letter_types: ['wall_mounted_battery_letter'], battery_mount: batteryMount }, 400, /"battery_mount":"battery_mount is no longer sent: the wall-mounted battery letter takes the bracket's fastening from the battery's catalogue data and the stud species from the job's CAD intake \(Battery\)/],
      [{ letter_types: ['structural_roof_letter'], ground_mount: { tilt_deg: 25 } }, 400, /ground_mount is no longer sent/],
      [{ letter_types: ['seismic_calculations'] }, 400, /roof_area_ft2/],
      [{ letter_types: ['third_party_stamp'] }, 400, /third_party/],
      [{ letter_types: ['structural_roof_letter'], structural_result_file_id: crypto.randomUUID() }, 400, /structural_method/],
      [{ letter_types: ['structural_roof_letter'], structural_method: 'forte' }, 422, /designed with Forte: the structural letter needs that analysis's uploaded result.*Upload the Forte result \(PDF\)/],
      [{ letter_types: ['structural_roof_letter'], structural_method: 'skyciv', structural_result_file_id: crypto.randomUUID() }, 422, /The SkyCiv result file \(structural_result_file_id\) is not a file of this job/],
      // Letters only where they apply: this job is on a roof and has no battery.
      [{ letter_types: ['wall_mounted_battery_letter'] }, 422, /Wall-Mounted Battery Letter: The job has no battery \(no battery among its equipment and no battery in its CAD intake\): a wall-mounted battery letter does not apply/],
      [{ letter_types: ['structural_ground_mount_letter'] }, 422, /Structural Ground-Mount Letter: The job has no ground-mounted array .*: a ground-mount letter does not apply/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call(DEMO.admin, 'POST', `/api/jobs/${job}/generate-letters`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.data), JSON.stringify(body)).toMatch(message);
    }
    // A job file that is not a PDF is not an analysis result.
    const png = await postMultipart(t, `/api/jobs/${job}/files`, [file('forte.png', Buffer.from(SEAL))], { as: DEMO.acmeUser });
    expect(png.statusCode, png.body).toBe(201);
    const res = await call(DEMO.admin, 'POST', `/api/jobs/${job}/generate-letters`, { letter_types: ['structural_roof_letter'], structural_method: 'forte', structural_result_file_id: png.data[0].id });
    expect(res.statusCode).toBe(422);
    expect(res.data.message).toBe('The Forte result "forte.png" is not a PDF: upload the result as a PDF exported from Forte.');
  });

  it('a ground-mount or wall-battery letter the job or the catalogue cannot fill in is refused, naming what to fill in and where', async () => {
    const letter = async (job: string, type: string) => {
      const res = await call(DEMO.admin, 'POST', `/api/jobs/${job}/generate-letters`, { letter_types: [type] });
      return [res.statusCode, res.data.message] as const;
    };
    // The CAD intake says Ground Mount but holds none of its geometry.
    const bare = await newJob({ cadIntake: { needs_ground_mount: true, foundation_type: 'Ground Screw' } });
    expect(await letter(bare, 'structural_ground_mount_letter')).toEqual([422, 'The job\'s CAD intake (Ground Mount) has no Racking Pitch, Mean Array Height, Table Depth (along the slope), Post Spacing (along the row) and Posts per Column: enter them on the job before the ground-mount letter.']);
    // The geometry is there, but no racking from the catalogue; then a racking without ground-mount data.
    const job = await newJob({ cadIntake: groundIntake });
    expect(await letter(job, 'structural_ground_mount_letter')).toEqual([422, 'The job names no racking from the catalogue: choose the ground-mount racking on the job\'s equipment (its catalogue item carries its weight and the post capacities).']);
    const roofRails = await model('racking', 'XR10 Rail');
    await t.database.db.insert(jobEquipment).values({ jobId: job, kind: 'racking', equipmentId: roofRails.id, quantity: null, position: 3 });
    expect(await letter(job, 'structural_ground_mount_letter')).toEqual([422, 'The racking "IronRidge XR10 Rail" has no ground-mount racking weight, allowable uplift per post, allowable downward load per post and allowable lateral load per post in the catalogue: an admin enters them on the Catalogue page (Racking, "IronRidge XR10 Rail", the Ground mount fields) from the racking maker\'s design before the ground-mount letter.']);
    // A table too deep for its height: ASCE 7's free-roof figure does not cover h/L below 0.25.
    const low = await newJob({ cadIntake: { ...groundIntake, ground_mean_height: 2.5 } });
    await t.database.db.insert(jobEquipment).values({ jobId: low, kind: 'racking', equipmentId: await newRacking('GM Refusal', groundRackingData), quantity: null, position: 3 });
    expect(await letter(low, 'structural_ground_mount_letter')).toEqual([422, 'The ground mount\'s h/L = 0.20 (mean height 2.5 ft over 12.24 ft of table depth projected at 25°) is outside ASCE 7-16 Figure 27.3-4\'s 0.25 ≤ h/L ≤ 1: its net pressure coefficients need a wind-tunnel study. Check the CAD intake\'s Ground Mount values.']);
    // The seeded Powerwall 3 carries the manual's four 1/4 in screws at 2-1/2 in, but not the bracket's row spacing nor Z.
    const battery = await model('battery', 'Powerwall 3 (1707000)');
    expect(battery.data).toMatchObject({ wallMountFasteners: 4, wallMountTopRowFasteners: 2, wallMountLagDiameterIn: 0.25, wallMountThreadPenetrationIn: 2.5, wallMountRowSpacingIn: null, wallMountLagZLb: null });
    const withBattery = await newJob({ cadIntake: { needs_battery_info: true } });
    await t.database.db.insert(jobEquipment).values({ jobId: withBattery, kind: 'battery', equipmentId: battery.id, quantity: 1, position: 2 });
    expect(await letter(withBattery, 'wall_mounted_battery_letter')).toEqual([422, 'The battery "Tesla Powerwall 3 (1707000)" has no wall bracket row spacing and lateral design value Z in the catalogue: an admin enters them on the Catalogue page (Batteries, "Tesla Powerwall 3 (1707000)", the Wall bracket fields) from its installation manual before the wall-mounted battery letter.']);
  });

  it('ground mount, wall battery, seismic, Appendix G and NABCEP stamp in one run; unreduced snow is refused while the AHJ reduces it', async () => {
    // The ground mount's geometry is the job's CAD intake; its racking (weight, post capacities) a catalogue item on the job.
    const job = await newJob({ cadIntake: groundIntake });
    await t.database.db.insert(jobEquipment).values({ jobId: job, kind: 'racking', equipmentId: await newRacking('GM Post 2', groundRackingData), quantity: null, position: 3 });
    // The battery's bracket from its catalogue item (the admin adds a Powerwall 3 with the bracket's row spacing and Z), the studs' species from the CAD intake.
    const seeded = await model('battery', 'Powerwall 3 (1707000)');
    const completed = await call(DEMO.admin, 'POST', '/api/equipment', { kind: 'battery', manufacturer: 'Tesla', model: 'Powerwall 3 (bracket drawn)', type: seeded.type, data: { ...(seeded.data as object), wallMountRowSpacingIn: 20, wallMountLagZLb: 160 } });
    expect(completed.statusCode, completed.body).toBe(201);
    await t.database.db.insert(jobEquipment).values({ jobId: job, kind: 'battery', equipmentId: completed.data.id as string, quantity: 1, position: 2 });
    const noSpecies = await call(DEMO.admin, 'POST', `/api/jobs/${job}/generate-letters`, { letter_types: ['wall_mounted_battery_letter'] });
    expect([noSpecies.statusCode, noSpecies.data.message]).toEqual([422, 'The job\'s CAD intake (Battery) has no Wall Stud Species: choose the species of the studs the bracket is lagged into (DF-L, SP, HF, SPF) before the wall-mounted battery letter. (Turn on Battery in the CAD intake\'s General group to show the field.)']);
    const intake = (await t.database.db.select({ c: jobs.cadIntake }).from(jobs).where(eq(jobs.id, job)))[0]!.c as Record<string, unknown>;
    await t.database.db.update(jobs).set({ cadIntake: { ...intake, needs_battery_info: true, battery_wall_stud_species: 'DF-L' } }).where(eq(jobs.id, job));
    const mod = (await t.database.db.select().from(equipment).where(eq(equipment.kind, 'module')).orderBy(asc(equipment.model)).limit(1))[0]!.data as { weightKg: number; lengthMm: number; widthMm: number };
    // Dead load: the module's catalogue weight over its area, plus the racking's 1.5 psf.
    const deadLoad = (mod.weightKg * 2.20462) / (mod.lengthMm * mod.widthMm / 92_903.04) + 1.5;
    const before = await lastEventId();
    const res = await generate(DEMO.admin, job, {
      letter_types: ['structural_ground_mount_letter', 'wall_mounted_battery_letter', 'seismic_calculations', 'appendix_g', 'third_party_stamp', 'unreduced_snow_load'],
      // 2,600 ft² keeps the arrays' added weight under IEBC 503.4's 10 % now that the roof's own dead
      // load is its roofing's (ASCE 7 Table C3-1), not a flat 10 psf: 2,400 ft² came to 10.47 %.
      roof_area_ft2: 2600, third_party: thirdParty,
    });
    expect(res.statusCode, res.body).toBe(202);
    const events = await eventsSince(adminId, before);
    expect(events.map((e) => e.type)).toEqual(['calculations_initiated', 'calculations_passed', 'stamp_file_passed', 'combine_files_passed']);
    expect((events[3]!.payload as { refused: unknown[] }).refused).toEqual([{ letter_type: 'unreduced_snow_load', message: expect.stringMatching(/^The engineering report reduced the snow load for roof slope/) as string }]);
    const letters = (await call(DEMO.admin, 'GET', `/api/jobs/${job}/letters`)).data as { letter_type: string; download_url: string; file_id: string; calculation_pages: { name: string }[] }[];
    const of = (type: string) => letters.find((l) => l.letter_type === type)!;
    expect(letters.map((l) => l.letter_type).sort()).toEqual(['appendix_g', 'seismic_calculations', 'structural_ground_mount_letter', 'third_party_stamp', 'wall_mounted_battery_letter']);
    const common = ['Dana Whitfield, P.E.', 'TX PE Licence No. PE-123456', 'Test City of Austin', 'Codes: 2021 IBC, 2021 IRC, 2018 IEBC, ASCE 7-16, NEC 2020, 2021 IFC'];
    const expectations: Record<string, string[]> = {
      // CN at 25° from Figure 27.3-4: up 2.433, down 2.333; qh 24.429 psf → p_up = 24.429 × 0.85 × 2.4333 = 50.53 psf; A = 10 × 13.5 / 2 = 67.5 ft².
      structural_ground_mount_letter: ['Structural Ground-Mount Letter', 'on Test Racking Co GM Post 2 racking with Ground Screw foundations',
        `Posts at 10 ft along the row, 2 per column; 25° tilt, 13.5 ft table depth, 6 ft mean height; dead load ${Math.round(deadLoad * 100) / 100} psf.`,
        'Ground mount: net pressure coefficients (monoslope free roof): 2.43 [ASCE 7-16 Figure 27.3-4 (monoslope free roof, 0.25 ≤ h/L ≤ 1.0', 'h/L = 0.49; CN down (governing) = 2.333',
        'CN (Figure 27.3-4) = 2.433', 'Ground mount: net wind pressure, uplift: 50.53 psf', 'lb ≤ 2500 lb — OK', 'lb ≤ 3000 lb — OK', 'lb ≤ 1000 lb — OK',
        'ASCE 7-16 §27.3.2, Eq. 27.3-2', 'Calculation page C-1'],
      // The catalogue's Powerwall 3: 130 kg = 286.6 lb, 193 mm = 7.6 in deep; its bracket: 4 lags of 1/4 in, 2 on top, rows 20 in apart, Z = 160 lb (Z' = 0.9 × 160 = 144 lb).
      wall_mounted_battery_letter: ['Wall-Mounted Battery Letter', '1 × Tesla Powerwall 3 (bracket drawn) at the above address: 286.6 lb and 7.6 in. deep',
        'fastened into the wall studs (DF-L) with 4 lag screws of 0.25 in. diameter and 2.5 in. thread penetration, 2 in the top row, rows 20 in. apart',
        'Wall battery: shear on one fastener: 71.65 lb ≤ 144 lb — OK',
        // DF-L G = 0.50: W = 1800 × 0.5^1.5 × 0.25^0.75 = 225 lb/in; W' = 225 × 0.9 × 2.5 = 506.25 lb; T = 286.6 × 3.8 / (20 × 2) = 27.22 lb.
        'Wall battery: withdrawal on one top-row fastener: 27.22 lb ≤ 506.25 lb — OK', 'NDS 2018 12.2.1, Eq. 12.2-1'],
      seismic_calculations: ['Seismic Calculations', 'Seismic design category A (ASCE 7-16 §11.6)', 'on a roof of 2600 ft²', 'IEBC 2018 503.4, Exception', 'C-1 Seismic: added weight on the lateral system'],
      appendix_g: ['Appendix G: Structural Calculations', 'as Test City of Austin requires (appendix_g)', 'ASCE 7-16 §29.4.4', 'C-1 Site loads (ASCE 7-16)'],
      third_party_stamp: ['NABCEP or Third-Party Stamp', 'The plan set is stamped by: Sam Ortiz, NABCEP PV Installation Professional No. PV-031122-015', 'NABCEP stamp: Sam Ortiz'],
    };
    for (const [type, words] of Object.entries(expectations)) {
      const text = await textOf(of(type).download_url);
      for (const w of [...common, ...words]) expect(text, `${type}: ${w}`).toContain(w);
    }
    // The uplift on a post is the catalogue's dead load's: T = (0.6 · p_up · cos 25° − 0.6 · D) · 67.5 ft², held by the racking's 2500 lb.
    const ground = await textOf(of('structural_ground_mount_letter').download_url);
    const uplift = Number(ground.match(/uplift on one post \(Ground Screw\): ([\d.]+) lb ≤ 2500 lb/)![1]);
    expect(uplift).toBeCloseTo((0.6 * 50.527 * Math.cos(25 * Math.PI / 180) - 0.6 * deadLoad) * 67.5, 0);
    expect(ground).toContain(`D = ${Math.round(deadLoad * 1000) / 1000} psf`);
    // 20 modules of the catalogue's first module: the area printed is theirs.
    const seismic = await textOf(of('seismic_calculations').download_url);
    expect(seismic).toMatch(/add dead load to the roof only: [\d.]+ ft² of arrays at up to [\d.]+ psf/);
    const deliverables = (await call(DEMO.admin, 'GET', `/api/jobs/${job}/deliverables`)).data.deliverables as { id: string; kind: string; state: string }[];
    expect(deliverables.filter((d) => letters.some((l) => l.file_id === d.id)).map((d) => d.kind).sort()).toEqual(['appendix_g', 'seismic_calculations', 'structural_ground_mount_letter', 'third_party_stamp', 'wall_mounted_battery_letter']);
  });

  it('Forte: with the uploaded result the roof letter is sealed even where a stress analysis is required, cites Forte and carries the result pages', async () => {
    const stress = (await t.database.db.insert(ahjs).values({ name: 'Forte City', state: 'TX', jurisdictionType: 'City', ibc: '2021', irc: '2021', iebc: '2018', asce: '7-16', electrical: 'NEC 2020', fire: '2021', windSpeedMph: 115, groundSnowLoadPsf: 5, exposureCategory: 'C', minDesignTempC: -6 }).returning())[0]!.id;
    expect((await call(DEMO.admin, 'PATCH' as Method, `/api/requirements/ahj/${stress}`, { set: { stress_analysis: true } })).statusCode).toBe(200);
    const job = await newJob({ ahj: stress });
    const { PDFDocument, StandardFonts } = await import('@cantoo/pdf-lib');
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 1; i <= 3; i++) doc.addPage([612, 792]).drawText(`Forte member report page ${i}`, { x: 72, y: 700, font, size: 14 });
    const up = await postMultipart(t, `/api/jobs/${job}/files`, [file('forte-rafters.pdf', Buffer.from(await doc.save()))], { as: DEMO.acmeUser });
    expect(up.statusCode, up.body).toBe(201);
    const res = await generate(DEMO.admin, job, { letter_types: ['structural_roof_letter'], structural_method: 'forte', structural_result_file_id: up.data[0].id });
    expect(res.statusCode, res.body).toBe(202);
    const [roof] = (await call(DEMO.admin, 'GET', `/api/jobs/${job}/letters`)).data as { download_url: string; calculation_pages: { name: string; page: number }[] }[];
    expect(roof!.calculation_pages.slice(-3).map((p) => p.name)).toEqual(['R-1 Forte result (forte-rafters.pdf)', 'R-2 Forte result (forte-rafters.pdf)', 'R-3 Forte result (forte-rafters.pdf)']);
    const pages = await extractPdfText((await download(roof!.download_url)).bytes);
    const text = pages.map((p) => p.text).join('\n');
    for (const w of ['Structural Roof Letter', 'by a member analysis in Forte (a stress analysis, not the Prescriptive Method)', 'Analysis result pages attached: R-1 to R-3 (Forte: forte-rafters.pdf)', 'memberType: Roof rafter [Forte input (exported)]', 'Dana Whitfield, P.E.', 'Forte City']) expect(text, w).toContain(w);
    expect(pages.at(-1)!.text).toContain('Forte member report page 3');
    expect(roof!.calculation_pages.at(-1)!.page).toBe(pages.length);
  });

  it('unreduced snow load: where the AHJ requires it, the letter states Cs = 1 with the report\'s numbers', async () => {
    const snowy = (await t.database.db.insert(ahjs).values({ name: 'Unreduced Snow City', state: 'TX', jurisdictionType: 'City', ibc: '2021', irc: '2021', iebc: '2018', asce: '7-16', electrical: 'NEC 2020', fire: '2021', windSpeedMph: 115, groundSnowLoadPsf: 5, exposureCategory: 'C', minDesignTempC: -6 }).returning())[0]!.id;
    expect((await call(DEMO.admin, 'PATCH' as Method, `/api/requirements/ahj/${snowy}`, { set: { unreduced_snow_load: true } })).statusCode).toBe(200);
    const job = await newJob({ ahj: snowy });
    expect((await generate(DEMO.admin, job, { letter_types: ['unreduced_snow_load'] })).statusCode).toBe(202);
    const [letter] = (await call(DEMO.admin, 'GET', `/api/jobs/${job}/letters`)).data as { letter_type: string; download_url: string }[];
    expect(letter!.letter_type).toBe('unreduced_snow_load');
    const text = await textOf(letter!.download_url);
    for (const w of ['Unreduced Snow Load Letter', 'As Unreduced Snow City requires (unreduced_snow_load)', 'the slope factor Cs = 1.0', 'pg = 5 psf (§7.3)', 'A1: pf = 3.5 psf, Cs = 1.0, ps = 3.5 psf',
      'Ground snow load: 5 psf (unreduced snow load required by the AHJ)', 'ASCE 7-16 §7.4, Eq. 7.4-1', 'Dana Whitfield, P.E.', 'Calculation page C-1']) expect(text, w).toContain(w);
  });

  it('an optimizer system is calculated (SolarEdge: the inverter holds the string at its 480 V maximum)', async () => {
    const job = await newJob();
    const db = t.database.db;
    const inv = await model('inverter', 'SE7600H-US');
    const opt = await model('optimizer', 'S440');
    await db.update(jobEquipment).set({ equipmentId: inv.id }).where(and(eq(jobEquipment.jobId, job), eq(jobEquipment.kind, 'inverter')));
    await db.insert(jobEquipment).values({ jobId: job, kind: 'optimizer', equipmentId: opt.id, quantity: 20, position: 2 });
    const before = await lastEventId();
    expect((await generate(DEMO.admin, job, { letter_types: ['electrical_load_calculations'] })).statusCode).toBe(202);
    const events = await eventsSince(adminId, before);
    expect(events.map((e) => e.type)).toEqual(['calculations_initiated', 'calculations_passed', 'stamp_file_passed', 'combine_files_passed']);
    const [letter] = (await call(DEMO.admin, 'GET', `/api/jobs/${job}/letters`)).data as { download_url: string }[];
    const text = await textOf(letter!.download_url);
    expect(text).toMatch(/String S1: maximum DC-to-DC converter circuit voltage: 480 V ≤ 480 V — OK/);
    expect(text).toContain('converter string limit (instructions) = 480 V');
  });
});

describe('letters and the plan set print the same numbers', { timeout: 300_000 }, () => {
  beforeAll(async () => { await dana(); }, 120_000);
  /** POST generate-cad and wait for the run to end; answers the run's checks. */
  async function planSetChecks(job: string) {
    const res = await generateCadAndWait(t, DEMO.admin, job);
    expect(res.statusCode, res.body).toBe(202);
    const [run] = await t.database.db.select().from(cadRuns).where(eq(cadRuns.id, res.data.id));
    expect(run?.status, `plan set: ${run?.errorKey}`).toBe('passed');
    const checks = await call(DEMO.admin, 'GET', `/api/cad-runs/${res.data.id}/checks`);
    expect(checks.statusCode, checks.body).toBe(200);
    return checks.data.results as { id: string; pass: boolean }[];
  }

  it('without arrays a letter is calculated from the plan set\'s design: the same checks, conductor runs included; with arrays sent, from those arrays', async () => {
    const w = await preparePlanSetWorld(t);
    const job = await preparePlanSetJob(t, w);
    const planChecks = await planSetChecks(job);
    expect(planChecks.some((c) => /conductor|ampacity/i.test(c.id)), 'the plan set checks its measured conductor runs').toBe(true);

    let before = await lastEventId();
    expect((await generate(DEMO.admin, job, { letter_types: ['electrical_load_calculations'] })).statusCode).toBe(202);
    let passed = (await eventsSince(adminId, before)).find((e) => e.type === 'calculations_passed')?.payload as { calculated_from: string; checks: number } | undefined;
    expect(passed).toMatchObject({ calculated_from: 'plan-set', checks: planChecks.length });

    // recalculate-url with arrays: the arrays sent are what is calculated (no layout, no measured runs).
    before = await lastEventId();
    const arrays = [{ id: 'A1', moduleCount: 12, roofPitchDeg: 22, roofType: 'gable', orientation: 'portrait', framing: { kind: 'rafter', size: '2x6', spacingIn: 24, spansIn: [144], panelsOnRafter: 2 } }];
    expect((await generate(DEMO.admin, job, { letter_types: ['electrical_load_calculations'], arrays })).statusCode).toBe(202);
    passed = (await eventsSince(adminId, before)).find((e) => e.type === 'calculations_passed')?.payload as typeof passed;
    expect(passed?.calculated_from).toBe('arrays');
    expect(passed!.checks).toBeLessThan(planChecks.length);
  });

  it('exposure (issue 24, finding 7): the job\'s category where the AHJ says another; the plan set, its calculation and the sealed letter all state the same one', async () => {
    const w = await preparePlanSetWorld(t);
    // A busbar the ordered PV breaker fits (as the plan-set electrical tests order it).
    const job = await preparePlanSetJob(t, w, { cad: { msp_rating: 225, breaker_rating: 200 } });
    // The AHJ says C (planset-fixtures); the job's site is B. One rule: the job's, everywhere.
    await t.database.db.update(jobs).set({ exposureCategory: 'B' }).where(eq(jobs.id, job));
    const res = await generateCadAndWait(t, DEMO.admin, job);
    expect(res.statusCode, res.body).toBe(202);
    const [run] = await t.database.db.select().from(cadRuns).where(eq(cadRuns.id, res.data.id));
    expect(run?.status, `plan set: ${run?.errorKey} ${run?.errorMessage}`).toBe('passed');
    const pdf = run!.files.find((f) => f.part === 'pdf')!;
    const sheets = (await textOf(`/api/files/${pdf.file_id}/download`)).replace(/\s+/g, ' ');
    expect(sheets).toContain('EXPOSURE B');
    expect(sheets).not.toContain('EXPOSURE C');

    const before = await lastEventId();
    expect((await generate(DEMO.admin, job, { letter_types: ['structural_roof_letter'] })).statusCode).toBe(202);
    const failed = (await eventsSince(adminId, before)).find((e) => e.type === 'calculations_failed');
    expect(failed, JSON.stringify(failed?.payload)).toBeUndefined();
    const letters = (await call(DEMO.admin, 'GET', `/api/jobs/${job}/letters`)).data as { letter_type: string; download_url: string }[];
    const letter = (await textOf(letters.find((l) => l.letter_type === 'structural_roof_letter')!.download_url)).replace(/\s+/g, ' ');
    expect(letter).toContain('Exposure B');
    expect(letter).not.toContain('Exposure C');
    // The calculation page's velocity pressure used B too (its inputs print "exposure B").
    expect(letter).toMatch(/exposure[ =:]+B/);
    expect(letter).not.toMatch(/exposure[ =:]+C/);
  });

  it('the letterhead is the firm\'s (the internal company\'s name, address and phone); without an address the letters are refused naming it', async () => {
    const job = await newJob();
    // Two internal companies in the demo: the firm staff belong to, and the contract drafters'.
    const [firm] = await t.database.db.select().from(companies).where(eq(companies.name, 'Sunstamp Engineering'));
    expect(firm?.address && firm.phoneNumber).toBeTruthy();
    const [drafting] = await t.database.db.select().from(companies).where(eq(companies.name, 'Sunstamp Contract Drafting'));
    expect(drafting?.isInternal).toBe(true);
    expect((await generate(DEMO.admin, job, { letter_types: ['design_affidavit'] })).statusCode).toBe(202);
    const letters = (await call(DEMO.admin, 'GET', `/api/jobs/${job}/letters`)).data as { download_url: string }[];
    const text = await textOf(letters[0]!.download_url);
    expect(text).toContain(firm!.name);
    expect(text).toContain(firm!.address!);
    expect(text).toContain(firm!.phoneNumber!);
    expect(text).not.toContain(drafting!.name);

    await t.database.db.update(companies).set({ address: null }).where(eq(companies.id, firm!.id));
    try {
      const refused = await generate(DEMO.admin, job, { letter_types: ['design_affidavit'] });
      expect(refused.statusCode).toBe(409);
      expect(refused.data.message).toMatch(new RegExp(`The engineering firm \\(${firm!.name}\\) has no address for the letterhead`));
    } finally {
      await t.database.db.update(companies).set({ address: firm!.address }).where(eq(companies.id, firm!.id));
    }
  });
});
