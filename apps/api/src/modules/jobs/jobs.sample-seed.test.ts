import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canTransition, JOB_STATUSES, type JobStatus } from '@sunstamp/domain/jobs/workflow.rules';
import { checkStructuralSpan, DEFAULT_SPAN_LIMIT_INCHES_PER_MODULE } from '@sunstamp/domain/jobs/structural-span.rules';
import { framingOptionsFor } from '@sunstamp/domain/jobs/framing.rules';
import type { Role } from '@sunstamp/domain/roles';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { SAMPLE_JOBS, seedSampleJobs } from '../../db/seed/sample-jobs.seed.ts';
import { SAMPLE_AHJS, SAMPLE_UTILITIES } from '../../db/seed/sample-directory.seed.ts';
import { ahjs, requirementValues, utilities } from '../../db/schema.ts';

/** The demo's sample jobs (npm start seeds them; tests get them only with `sampleJobs: true`). */
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ sampleJobs: true }); });
afterAll(async () => { await t?.close(); });

const call = async (who: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(who), body });
const list = async (who: string, query = '') => (await call(who, 'GET', `/api/jobs?page_size=200${query}`)).data;
const byName = async (prefix: string) => (await list(DEMO.admin)).results.find((j: any) => j.name.startsWith(prefix));

describe('demo sample jobs', () => {
  it('seeds Acme Solar and Brightside jobs across the workflow, with the spec\'s status names', async () => {
    const all = await list(DEMO.admin);
    expect(all.count).toBe(SAMPLE_JOBS.length);
    expect(all.count).toBeGreaterThanOrEqual(8);
    expect(all.count).toBeLessThanOrEqual(12);
    const statuses = new Set(all.results.map((j: any) => j.status));
    for (const s of ['Draft', 'Pending Pre-Check', 'Pending Design', 'Pending Client', 'Pending QC', 'Design Completed', 'Pending Approval', 'Approved', 'Cancelled', 'Pending Design Revision']) {
      expect(statuses.has(s), s).toBe(true);
    }
    for (const s of statuses) expect(JOB_STATUSES).toContain(s);
    expect(new Set(all.results.map((j: any) => j.company.name))).toEqual(new Set(['Acme Solar', 'Brightside Energy']));
    for (const j of all.results) {
      expect(j.client_street_address).toMatch(/^\d+ /);
      expect(j.client_state?.abbreviation).toMatch(/^[A-Z]{2}$/);
      expect(j.client_zip_code).toMatch(/^\d{5}$/);
    }
  });

  it('is overdue for exactly one job, and the list agrees with each detail', async () => {
    const overdue = await list(DEMO.admin, '&overdue=true');
    expect(overdue.results.map((j: any) => j.name)).toEqual([expect.stringMatching(/^Okafor Residence/)]);
    for (const row of (await list(DEMO.admin)).results) {
      const detail = (await call(DEMO.admin, 'GET', `/api/jobs/${row.id}`)).data;
      expect(detail.is_overdue, row.name).toBe(row.is_overdue);
      expect(detail.pending_admin_hours, row.name).toBe(row.pending_admin_hours);
    }
  });

  it('assigns some to the contractor, who sees only those', async () => {
    const mine = await list(DEMO.contractor);
    expect(mine.count).toBeGreaterThanOrEqual(2);
    expect(mine.results.every((j: any) => j.assignee?.email === DEMO.contractor)).toBe(true);
    expect(mine.results.map((j: any) => j.status)).toEqual(expect.arrayContaining(['Pending Design', 'Pending QC']));
  });

  it('keeps each company to its own jobs', async () => {
    const acme = await list(DEMO.acmeOwner);
    const bright = await list(DEMO.brightOwner);
    expect(acme.results.every((j: any) => j.company.name === 'Acme Solar')).toBe(true);
    expect(bright.results.every((j: any) => j.company.name === 'Brightside Energy')).toBe(true);
    expect(acme.count + bright.count).toBe(SAMPLE_JOBS.length);
    // Clients see the client-facing status.
    expect(new Set(acme.results.map((j: any) => j.client_status))).toEqual(new Set(['Draft', 'Submitted', 'Approved']));
  });

  it('has a history for every job that follows the workflow table, step by step, to its status', async () => {
    const roleOf: Record<string, Role> = {
      [DEMO.admin]: 'admin', [DEMO.support]: 'support', [DEMO.contractor]: 'contractor',
      [DEMO.acmeOwner]: 'user_admin', [DEMO.acmeUser]: 'user', [DEMO.brightOwner]: 'user_admin',
    };
    for (const row of (await list(DEMO.admin)).results) {
      const h = (await call(DEMO.admin, 'GET', `/api/jobs/${row.id}/history`)).data;
      expect(h[0], row.name).toMatchObject({ event: 'created', from_status: null, to_status: 'Draft' });
      let status: JobStatus = 'Draft';
      let beforeClient: JobStatus | null = null;
      let assignee: string | null = null;
      let at = h[0].at;
      for (const e of h.slice(1)) {
        expect(e.at >= at, `${row.name}: ${e.event} in order`).toBe(true);
        at = e.at;
        if (e.event === 'assigned') assignee = e.data.assignee_id;
        if (!e.to_status) continue;
        expect(e.from_status, `${row.name}: ${e.event}`).toBe(status);
        const role = roleOf[e.actor.email]!;
        const ctx = { previousStatus: beforeClient, assignedToActor: assignee === e.actor.id };
        expect(canTransition(status, e.to_status, role, ctx), `${row.name}: ${status} → ${e.to_status} by ${e.actor.email}`).toBe(true);
        if (e.to_status === 'Pending Client') beforeClient = status;
        status = e.to_status;
      }
      expect(status, row.name).toBe(row.status);
      if (row.status !== 'Draft') expect(row.submitted_at, row.name).not.toBeNull();
    }
  });

  it('records the revision of the job sent back after approval', async () => {
    const chen = await byName('Chen Residence');
    expect(chen).toMatchObject({ status: 'Pending Design Revision', revision_number: 1 });
    const revs = (await call(DEMO.acmeOwner, 'GET', `/api/jobs/${chen.id}/revisions`)).data;
    expect(revs).toEqual([expect.objectContaining({ number: 1, reason: 'equipment_change', from_status: 'Approved', involuntary: false })]);
  });

  it('fills arrays and the CAD intake with catalogue equipment that passes the spec §5 rules', async () => {
    for (const row of (await list(DEMO.admin)).results) {
      const j = (await call(DEMO.admin, 'GET', `/api/jobs/${row.id}`)).data;
      expect(j.latitude, j.name).toEqual(expect.any(Number));
      expect(j.longitude, j.name).toEqual(expect.any(Number));
      expect(j.arrays.length, j.name).toBeGreaterThan(0);
      // The models are equipment lines, never restated in the notes (where they could contradict the lines).
      expect(j.cad_intake.cad_notes, j.name).not.toMatch(/^Equipment: /);
      for (const a of j.arrays) {
        expect(framingOptionsFor(j.structure_type)).toContain(a.frame_shape);
        const span = checkStructuralSpan(
          { beamSpans: a.beam_span, pitchDegrees: a.roof_pitch, modulesOnRafter: a.num_panels_on_rafter, orientation: a.orientation },
          DEFAULT_SPAN_LIMIT_INCHES_PER_MODULE,
        );
        expect(span.ok, `${j.name}: span`).toBe(true);
      }
    }
    const brooks = (await call(DEMO.admin, 'GET', `/api/jobs/${(await byName('Brooks Residence')).id}`)).data;
    expect(brooks.connection_type).toEqual({ id: 'other', label: 'Other' });
    expect(brooks.arrays[0]).toMatchObject({ connection_type: 'other', custom_connection_type: expect.stringMatching(/\S/) });
  });

  it('saving a sample job unchanged through PUT passes validation and writes no history', async () => {
    for (const row of (await list(DEMO.admin)).results) {
      if (row.status === 'Cancelled') continue;
      const j = (await call(DEMO.admin, 'GET', `/api/jobs/${row.id}`)).data;
      const before = (await call(DEMO.admin, 'GET', `/api/jobs/${row.id}/history`)).data.length;
      const arrays = j.arrays.map(({ attic_images: _a, beam_space_images: _b, beam_size_images: _c, ...a }: any) => a);
      const res = await call(DEMO.admin, 'PUT', '/api/jobs', { id: j.id, arrays, cad_intake: j.cad_intake, services_requested: j.services_requested, notes: j.notes });
      expect(res.statusCode, `${j.name}: ${res.body}`).toBe(200);
      expect((await call(DEMO.admin, 'GET', `/api/jobs/${row.id}/history`)).data.length, j.name).toBe(before);
    }
  });

  it('uses only active items of the seeded option lists: each sample could be entered as a new job', async () => {
    for (const row of (await list(DEMO.admin)).results) {
      const j = (await call(DEMO.admin, 'GET', `/api/jobs/${row.id}`)).data;
      const arrays = j.arrays.map(({ attic_images: _a, beam_space_images: _b, beam_size_images: _c, ...a }: any) => a);
      const res = await call(DEMO.admin, 'PUT', '/api/jobs', {
        company: j.company.id, connection_type_id: j.connection_type?.id ?? null, structure_type: j.structure_type,
        gypsum_type: j.gypsum_type, arrays, cad_intake: j.cad_intake,
      });
      expect(res.statusCode, `${j.name}: ${res.body}`).toBe(201);
      // Out of the list again, which the other tests count.
      expect((await call(DEMO.admin, 'POST', `/api/jobs/${res.data.id}/deactivate`)).statusCode).toBe(200);
    }
  });

  it('lets the client edit in Pending Pre-Check and Pending Client, not once design started', async () => {
    const patel = await byName('Patel Residence');
    const garcia = await byName('Garcia Residence');
    const okafor = await byName('Okafor Residence');
    expect((await call(DEMO.acmeOwner, 'PUT', '/api/jobs', { id: patel.id, notes: 'Side gate is unlocked.' })).statusCode).toBe(200);
    const g = await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id: garcia.id, notes: 'Joists are 2x8 at 24 in; photos uploaded.' });
    expect(g.statusCode).toBe(200);
    expect(g.data.allowed_transitions).toContainEqual({ to: 'Submitted', action: 'answer' });
    expect(g.data).toMatchObject({ action_needed: 'answer', may_edit: true });
    expect((await call(DEMO.acmeUser, 'PUT', '/api/jobs', { id: okafor.id, notes: 'late' })).statusCode).toBe(409);
  });

  it('links jobs to the demo AHJs and utilities, which exist and are active', async () => {
    const ahjPage = (await call(DEMO.admin, 'GET', '/api/ahjs?page_size=200')).data;
    const utilityPage = (await call(DEMO.admin, 'GET', '/api/utilities?page_size=200')).data;
    expect(ahjPage.results.map((a: any) => a.name).sort()).toEqual(SAMPLE_AHJS.map((a) => a.name).sort());
    expect(utilityPage.results.map((u: any) => u.name).sort()).toEqual(SAMPLE_UTILITIES.map((u) => u.name).sort());
    const ahjById = new Map(ahjPage.results.map((a: any) => [a.id, a]));
    const utilityById = new Map(utilityPage.results.map((u: any) => [u.id, u]));
    let withAhj = 0;
    let withUtility = 0;
    for (const row of (await list(DEMO.admin)).results) {
      const j = (await call(DEMO.admin, 'GET', `/api/jobs/${row.id}`)).data;
      const sample = SAMPLE_JOBS.find((s) => j.name.startsWith(s.name))!;
      if (sample.ahj) {
        withAhj++;
        expect(j.ahj, j.name).toMatchObject({ name: sample.ahj, state: sample.state });
        expect(ahjById.get(j.ahj.id), j.name).toMatchObject({ is_active: true, state: sample.state });
      } else {
        expect(j.ahj, j.name).toBeNull();
      }
      if (sample.utility) {
        withUtility++;
        expect((utilityById.get(j.cad_intake.utility) as any)?.name, j.name).toBe(sample.utility);
        expect(j.cad_intake.custom_utility, j.name).toBe('');
      } else {
        expect(utilityById.has(j.cad_intake.utility), j.name).toBe(false);
      }
    }
    // Every demo AHJ is some sample's (several jobs share a city's), and every sample naming one has it.
    expect(new Set(SAMPLE_JOBS.flatMap((s) => (s.ahj ? [s.ahj] : [])))).toEqual(new Set(SAMPLE_AHJS.map((a) => a.name)));
    expect(withAhj).toBe(SAMPLE_JOBS.filter((s) => s.ahj).length);
    expect(withUtility).toBeGreaterThanOrEqual(SAMPLE_JOBS.length - 2);
    // Design criteria and adopted editions are filled in.
    for (const a of ahjPage.results) {
      expect(a, a.name).toMatchObject({
        ibc: expect.any(String), asce: expect.any(String), electrical: expect.any(String),
        wind_speed_mph: expect.any(Number), ground_snow_load_psf: expect.any(Number), min_design_temp_c: expect.any(Number),
        exposure_category: expect.stringMatching(/^[BCD]$/), stamp_type: expect.stringMatching(/^(wet|digital)$/),
      });
    }
  });

  it('resolves a linked job from the default, the company, the utility and the AHJ, with a CAD field to fill', async () => {
    const nguyen = await byName('Nguyen Residence');
    const r = (await call(DEMO.acmeUser, 'GET', `/api/jobs/${nguyen.id}/requirements`)).data;
    expect(r.scopes).toMatchObject({
      company: { name: 'Acme Solar' }, utility: { name: 'Austin Energy' }, ahj: { name: 'City of Austin' },
    });
    const sources = new Set(Object.values(r.resolved.values).map((v: any) => v.source));
    for (const s of ['default', 'company', 'utility', 'ahj']) expect(sources.has(s), s).toBe(true);
    expect(r.resolved.values.title_block_notes).toMatchObject({ source: 'company', on: true });
    expect(r.resolved.values.sticker_2).toMatchObject({ source: 'company', on: true, value: expect.objectContaining({ title: 'RAPID SHUTDOWN' }) });
    // The company says "only over 10 kW"; the utility's "always" wins.
    expect(r.resolved.values.ac_disconnect).toMatchObject({ source: 'utility', value: 'Always Include' });
    expect(r.resolved.values.production_meter).toMatchObject({ source: 'utility', on: true });
    expect(r.resolved.values.case_number_on_title_block).toMatchObject({ source: 'ahj', on: true });
    expect(r.cad_fields).toContainEqual(expect.objectContaining({ key: 'case_number', asked_by: ['case_number_on_title_block'] }));

    // Every linked job shows its utility and AHJ as sources, and asks for at least one CAD field.
    for (const row of (await list(DEMO.admin)).results) {
      const sample = SAMPLE_JOBS.find((s) => row.name.startsWith(s.name))!;
      if (!sample.ahj) continue;
      const x = (await call(DEMO.admin, 'GET', `/api/jobs/${row.id}/requirements`)).data;
      const from = new Set(Object.values(x.resolved.values).map((v: any) => v.source));
      expect(from.has('utility') && from.has('ahj'), row.name).toBe(true);
      expect(x.cad_fields.length, row.name).toBeGreaterThan(0);
    }
  });

  it('credits the design of a completed sample job to the drafter who designed it, not to support who moved the status (issue 29, item 7)', async () => {
    const ids = await t.database.query<{ email: string; id: string }>(`select email, id::text as id from users where email in ($1, $2)`, [DEMO.contractor, DEMO.support]);
    const drafter = ids.find((r) => r.email === DEMO.contractor)!.id;
    const support = ids.find((r) => r.email === DEMO.support)!.id;
    const completed = await t.database.query<{ name: string; actor: string; design: string | null }>(
      `select j.name, h.actor_id::text as actor, h.data->'credits'->>'design' as design from job_history h join jobs j on j.id = h.job_id
        where h.to_status = 'Design Completed' and j.assignee_id is not null`);
    const byDrafter = completed.filter((c) => c.design === drafter);
    expect(byDrafter.length, JSON.stringify(completed)).toBeGreaterThanOrEqual(2);
    // Support moved them to Design Completed; the drafter is credited, as the workflow service credits a live move.
    expect(byDrafter.some((c) => c.actor === support)).toBe(true);
    for (const c of completed) expect(c.design, c.name).not.toBeNull();
    const stats = await t.database.query<{ n: number }>(`select coalesce(sum(jobs_completed), 0)::int as n from user_month_stats where user_id = $1`, [drafter]);
    expect(stats[0]!.n).toBeGreaterThanOrEqual(byDrafter.length);
  });

  it('is idempotent: a second run adds nothing', async () => {
    const db = t.database.db;
    const counts = async () => Promise.all([db.select().from(ahjs), db.select().from(utilities), db.select().from(requirementValues)])
      .then((rs) => rs.map((r) => r.length));
    const before = await counts();
    expect(await seedSampleJobs(t.database, t.clock.now())).toBe(0);
    expect((await list(DEMO.admin)).count).toBe(SAMPLE_JOBS.length);
    expect(await counts()).toEqual(before);
  });
});

describe('sample jobs name their equipment from the catalogue', () => {
  it('every sample has a module and an inverter (or a hybrid battery) line whose module count matches its arrays', async () => {
    const list = (await t.request('GET', '/api/jobs?page_size=200', { token: await t.tokenOf(DEMO.admin) })).data.results as { id: string; name: string }[];
    const samples = list.filter((j) => SAMPLE_JOBS.some((s) => s.name === j.name));
    expect(samples.length).toBe(SAMPLE_JOBS.length);
    for (const j of samples) {
      const eq = (await t.request('GET', `/api/jobs/${j.id}/equipment`, { token: await t.tokenOf(DEMO.admin) })).data;
      const kinds = eq.lines.map((l: { kind: string }) => l.kind);
      expect(kinds, j.name).toContain('module');
      expect(kinds.some((k: string) => k === 'inverter' || k === 'battery'), j.name).toBe(true);
      expect(eq.lines.every((l: { equipment: unknown }) => l.equipment), j.name).toBe(true);
      expect(eq.warnings.map((w: { code: string }) => w.code), j.name).not.toContain('module_count_mismatch');
      expect(eq.warnings.map((w: { code: string }) => w.code), j.name).not.toContain('module_type_mismatch');
      expect(eq.warnings.map((w: { code: string }) => w.code), j.name).not.toContain('racking_brand_mismatch');
    }
  });
});

describe('sample jobs carry the documents their status requires', () => {
  it('the Approved sample job has its released deliverables; the client downloads them and each seal verifies', async () => {
    const approved = (await list(DEMO.acmeOwner)).results.find((j: any) => j.status === 'Approved');
    expect(approved).toBeTruthy();
    const d = (await call(DEMO.acmeOwner, 'GET', `/api/jobs/${approved.id}/deliverables`)).data;
    expect(d.deliverables.map((x: any) => [x.kind, x.state])).toEqual(expect.arrayContaining([['plan_set', 'released'], ['structural_roof_letter', 'released']]));
    for (const x of d.deliverables) {
      const dl = await call(DEMO.acmeOwner, 'GET', x.download_url);
      expect(dl.statusCode).toBe(200);
      expect(dl.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    // Staff read each sealed document's verification code; anyone can look it up.
    const staff = (await call(DEMO.admin, 'GET', `/api/jobs/${approved.id}/deliverables`)).data;
    const sealed = staff.deliverables.filter((x: any) => x.verification_code);
    expect(sealed.length).toBeGreaterThanOrEqual(2);
    for (const x of sealed) {
      const v = await t.request('GET', `/api/verify/${x.verification_code}`);
      expect(v.statusCode).toBe(200);
      expect(v.data).toMatchObject({ engineer_name: 'Dana Whitfield (demo)', sha256: x.sha256, released: true });
    }
    expect(approved.tasks.every((x: any) => x.status === 'completed')).toBe(true);
  });
  it('every sample job past Design Completed meets its services\' needs, so the workflow gate holds for the demo too', async () => {
    for (const j of (await list(DEMO.admin)).results) {
      if (!['Design Completed', 'Finalized', 'Pending Approval', 'Approved'].includes(j.status)) continue;
      const d = (await call(DEMO.admin, 'GET', `/api/jobs/${j.id}/deliverables`)).data;
      const unmetBeforeRelease = d.requirements.filter((r: any) => !r.met);
      if (['Pending Approval', 'Approved'].includes(j.status)) expect(unmetBeforeRelease, j.name).toEqual([]);
      else expect(d.deliverables.length, j.name).toBeGreaterThan(0);
    }
  });
});
