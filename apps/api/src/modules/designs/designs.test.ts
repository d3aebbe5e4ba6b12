import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDesignAnswer } from '@sunstamp/domain/contracts/designs';
import type { DesignModel } from '@sunstamp/domain/design/design-model.schema';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { PNG, postMultipart } from '../../test/upload-fixtures.ts';
import { users } from '../../db/schema.ts';
import { fireEditionOf, layoutChanged } from './designs.service.ts';

/**
 * The design model of a job (GET/PUT /jobs/{id}/design, POST …/design/auto-layout): the auto-filled
 * starter design, saves with their version (409 when stale), the module count, the
 * layout_alteration requirement, the background image, per role, and bad inputs.
 */

let t: TestApp;
const uid: Record<string, string> = {};
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = async (who: string, method: Method, url: string, body?: unknown) =>
  t.request(method, url, { token: await t.tokenOf(who), body });

beforeAll(async () => {
  t = await createTestApp();
  for (const u of await t.database.db.select().from(users)) uid[u.email] = u.id;
});
afterAll(async () => { await t?.close(); });

let seq = 0;
async function newAhj(layout?: string) {
  const res = await call(DEMO.admin, 'POST', '/api/ahjs', { name: `Design Town ${++seq}`, state: 'TX', jurisdiction_type: 'City', irc: '2021' });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.data.id as string;
  if (layout) {
    const set = await call(DEMO.admin, 'PATCH', `/api/requirements/ahj/${id}`, { set: { layout_alteration: layout } });
    expect(set.statusCode, set.body).toBe(200);
  }
  return id;
}
async function newJob(o: { layout?: string; arrays?: unknown[]; who?: string } = {}) {
  const ahj = await newAhj(o.layout);
  const res = await call(o.who ?? DEMO.acmeUser, 'PUT', '/api/jobs', {
    name: 'Design job', client_name: 'Ana Rivera', ahj_id: ahj,
    arrays: o.arrays ?? [{ panel_quantity: 10, roof_pitch: 26 }, { panel_quantity: 6, roof_pitch: 20, orientation: 'Landscape' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.data.id as string;
}
async function assign(id: string) {
  const res = await call(DEMO.admin, 'POST', `/api/jobs/${id}/assign`, { assignee_id: uid[DEMO.contractor] });
  expect(res.statusCode, res.body).toBe(200);
}
const design = async (id: string, who: string = DEMO.admin) => {
  const res = await call(who, 'GET', `/api/jobs/${id}/design`);
  expect(res.statusCode, res.body).toBe(200);
  return res.data as ReturnType<typeof ZDesignAnswer.parse>;
};
const save = (id: string, body: Record<string, unknown>, who: string = DEMO.admin) => call(who, 'PUT', `/api/jobs/${id}/design`, body);
const moved = (m: DesignModel, dx = 0.5): DesignModel => ({ ...m, modules: m.modules.map((x, i) => (i === 0 ? { ...x, x: x.x + dx } : x)) });

describe('GET /api/jobs/{id}/design', () => {
  it('answers the auto-filled starter design when nothing is saved: one plane per array, the job\'s module count placed clear of the setbacks', async () => {
    const id = await newJob();
    const d = await design(id);
    expect(ZDesignAnswer.parse(d)).toBeTruthy();
    expect(d).toMatchObject({ job_name: 'Design job', source: 'auto', version: 0, revision: 0, module_count: 16, layout_saved: false, may_edit: true, background: null, updated_at: null });
    expect(d.model.roofPlanes.map((p) => [p.id, p.pitchDeg, p.azimuthDeg, p.edges])).toEqual([
      ['R1', 26, 180, ['eave', 'rake', 'ridge', 'rake']], ['R2', 20, 180, ['eave', 'rake', 'ridge', 'rake']],
    ]);
    expect(d.model.modules).toHaveLength(16);
    expect(d.model.modules.filter((m) => m.planeId === 'R2').every((m) => m.orientation === 'landscape')).toBe(true);
    expect(d.short_by).toEqual({});
    expect(d.access).toMatchObject({ fire_code: '2021 IRC', section: 'IRC R324.6.2', ridge_setback_in: 36, violations: [] });
    // The starter planes hold little more than the modules: over a third of the roof, so the full ridge setback.
    expect(d.access.coverage).toBeGreaterThan(0.33);
    expect(d.layout_alteration).toBe('Request permission to alter layout');
    expect(d.model.equipment.map((e) => e.kind)).toEqual(['utility_meter', 'main_panel', 'ac_disconnect', 'inverter']);
  });

  it('is read by the job\'s company and the assigned contractor, and is no one else\'s (404)', async () => {
    const id = await newJob();
    await assign(id);
    expect((await design(id, DEMO.acmeUser)).may_edit).toBe(false);
    expect((await design(id, DEMO.acmeOwner)).may_edit).toBe(false);
    expect((await design(id, DEMO.contractor)).may_edit).toBe(true);
    expect((await design(id, DEMO.support)).may_edit).toBe(true);
    expect((await call(DEMO.brightOwner, 'GET', `/api/jobs/${id}/design`)).statusCode).toBe(404);
    const other = await newJob();
    expect((await call(DEMO.contractor, 'GET', `/api/jobs/${other}/design`)).statusCode).toBe(404);
    expect((await call(DEMO.admin, 'GET', '/api/jobs/not-a-uuid/design')).statusCode).toBe(404);
    expect((await call(DEMO.admin, 'GET', '/api/jobs/00000000-0000-4000-8000-000000000000/design')).statusCode).toBe(404);
    expect((await t.request('GET', `/api/jobs/${id}/design`)).statusCode).toBe(401);
  });
});

describe('PUT /api/jobs/{id}/design', () => {
  it('saves the model with version 1, then 2; a stale version is 409; GET answers the saved model', async () => {
    const id = await newJob({ layout: 'Alter layout as needed' });
    const d = await design(id);
    const first = await save(id, { version: 0, model: d.model });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.data).toMatchObject({ source: 'saved', version: 1, layout_saved: true });
    const again = await save(id, { version: 1, model: moved(d.model) });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.data.version).toBe(2);
    const stale = await save(id, { version: 1, model: d.model });
    expect(stale.statusCode).toBe(409);
    expect(stale.data.message).toBe('This design was saved by someone else since you opened it: reload it and try again.');
    const twiceFirst = await save(id, { version: 0, model: d.model });
    expect(twiceFirst.statusCode).toBe(409);
    const read = await design(id);
    expect(read).toMatchObject({ source: 'saved', version: 2 });
    expect(read.model.modules[0]!.x).toBeCloseTo(d.model.modules[0]!.x + 0.5, 6);
    expect(read.updated_by?.id).toBe(uid[DEMO.admin]);
    expect((await design(id, DEMO.acmeUser)).updated_by).toBeNull();
    const history = await call(DEMO.admin, 'GET', `/api/jobs/${id}/history`);
    expect(history.data.some((h: any) => h.data?.fields?.includes('design'))).toBe(true);
  });

  it('refuses a model that places a different number of modules than the job has (400 naming both)', async () => {
    const id = await newJob();
    const d = await design(id);
    const res = await save(id, { version: 0, model: { ...d.model, modules: d.model.modules.slice(1) } });
    expect(res.statusCode).toBe(400);
    expect(res.data.message).toBe('The design places 15 modules but the job has 16: place exactly 16.');
  });

  it('refuses bad models with the field named, never a 500', async () => {
    const id = await newJob();
    const d = await design(id);
    const bad = async (body: unknown) => {
      const res = await save(id, body as Record<string, unknown>);
      expect(res.statusCode, res.body).toBe(400);
      return res.data as { message: string; args?: Record<string, string>[] };
    };
    await bad({ version: 0 });
    await bad({ version: -1, model: d.model });
    await bad({ version: 0, model: { ...d.model, roofPlanes: [] } });
    await bad({ version: 0, model: d.model, extra: 1 });
    await bad({ version: 0, model: { ...d.model, modules: d.model.modules.map((m, i) => (i === 0 ? { ...m, x: 'far' } : m)) } });
    await bad({ version: 0, model: { ...d.model, roofPlanes: d.model.roofPlanes.map((p) => ({ ...p, pitchDeg: 90 })) } });
    const ghost = await bad({ version: 0, model: { ...d.model, modules: d.model.modules.map((m, i) => (i === 0 ? { ...m, planeId: 'R9' } : m)) } });
    expect(ghost.args).toEqual([{ 'model.modules.0.planeId': 'No roof plane R9.' }]);
    const twin = await bad({ version: 0, model: { ...d.model, modules: d.model.modules.map((m, i) => (i === 1 ? { ...m, id: d.model.modules[0]!.id } : m)) } });
    expect(Object.keys(twin.args![0]!)).toEqual(['model.modules.1.id']);
    const edges = await bad({ version: 0, model: { ...d.model, roofPlanes: d.model.roofPlanes.map((p) => ({ ...p, edges: ['eave'] })) } });
    expect(edges.args![0]).toEqual({ 'model.roofPlanes.0.edges': 'Give one edge kind per side: 4 sides, 1 edge kinds.' });
    await bad({ version: 0, model: d.model, background: { file_id: 'x', x: 0, y: 0, width_ft: 10 } });
    const notMine = await bad({ version: 0, model: d.model, background: { file_id: '00000000-0000-4000-8000-000000000000', x: 0, y: 0, width_ft: 10 } });
    expect(notMine.args).toEqual([{ 'background.file_id': 'Choose an image of this job.' }]);
    const nul = await save(id, { version: 0, model: { ...d.model, roofPlanes: d.model.roofPlanes.map((p) => ({ ...p, name: 'Roof\u0000' })) } });
    expect(nul.statusCode).toBe(400);
  });

  it('is for staff and the assigned contractor: clients of any company 403 (the role is refused before the job is looked up, so nothing about it is revealed)', async () => {
    const id = await newJob({ layout: 'Alter layout as needed' });
    await assign(id);
    const d = await design(id);
    expect((await save(id, { version: 0, model: d.model }, DEMO.acmeUser)).statusCode).toBe(403);
    expect((await save(id, { version: 0, model: d.model }, DEMO.acmeOwner)).statusCode).toBe(403);
    expect((await save(id, { version: 0, model: d.model }, DEMO.brightOwner)).statusCode).toBe(403);
    expect((await save('00000000-0000-4000-8000-000000000000', { version: 0, model: d.model }, DEMO.brightOwner)).statusCode).toBe(403);
    const byContractor = await save(id, { version: 0, model: d.model }, DEMO.contractor);
    expect(byContractor.statusCode, byContractor.body).toBe(200);
    expect((await save(id, { version: 1, model: moved(d.model) }, DEMO.support)).statusCode).toBe(200);
  });

  it('keeps the client\'s layout under "Never alter layout": the first save traces it, later changes of modules are 409', async () => {
    const id = await newJob({ layout: 'Never alter layout' });
    const d = await design(id);
    expect((await save(id, { version: 0, model: d.model })).statusCode).toBe(200);
    const res = await save(id, { version: 1, model: moved(d.model), layout_permission: true });
    expect(res.statusCode).toBe(409);
    expect(res.data.message).toBe('This job\'s requirements say "Never alter layout": the client\'s module layout cannot be changed.');
    // Equipment and roof details may still change.
    const eq = { ...d.model, equipment: d.model.equipment.map((e) => ({ ...e, x: e.x + 3 })) };
    expect((await save(id, { version: 1, model: eq })).statusCode).toBe(200);
    const auto = await call(DEMO.admin, 'POST', `/api/jobs/${id}/design/auto-layout`, {});
    expect(auto.statusCode).toBe(409);
  });

  it('asks for the client\'s permission under "Request permission to alter layout"', async () => {
    const id = await newJob({ layout: 'Request permission to alter layout' });
    const d = await design(id);
    expect((await save(id, { version: 0, model: d.model })).statusCode).toBe(200);
    const asked = await save(id, { version: 1, model: moved(d.model) });
    expect(asked.statusCode).toBe(409);
    expect(asked.data).toEqual({
      message: 'This job\'s requirements say "Request permission to alter layout": confirm the client agreed to the new layout before saving it.',
      args: ['layout_permission_required'],
    });
    const ok = await save(id, { version: 1, model: moved(d.model), layout_permission: true });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('keeps a background image of the job, and drops it for those who may not see the file', async () => {
    const id = await newJob({ layout: 'Alter layout as needed' });
    const up = await postMultipart(t, `/api/jobs/${id}/files`, [{ name: 'category', value: 'General' }, { name: 'files', filename: 'layout.png', content: PNG, type: 'image/png' }], { as: DEMO.acmeUser });
    expect(up.statusCode, up.body).toBe(201);
    const fileId = (up.data as { id: string }[])[0]!.id;
    const d = await design(id);
    expect(d.images.map((f) => f.id)).toContain(fileId);
    const res = await save(id, { version: 0, model: d.model, background: { file_id: fileId, x: -10, y: 40, width_ft: 60, opacity: 0.4 } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await design(id, DEMO.acmeUser)).background).toEqual({ file_id: fileId, x: -10, y: 40, width_ft: 60, opacity: 0.4 });
  });
});

describe('POST /api/jobs/{id}/design/auto-layout', () => {
  it('fills the planes sent, keeping the version so the result can be saved', async () => {
    const id = await newJob({ layout: 'Alter layout as needed', arrays: [{ panel_quantity: 8, roof_pitch: 30 }] });
    const d = await design(id);
    expect((await save(id, { version: 0, model: d.model })).statusCode).toBe(200);
    const wider = d.model.roofPlanes.map((p) => ({ ...p, polygon: p.polygon.map((q) => ({ x: q.x * 1.5, y: q.y })) }));
    const res = await call(DEMO.admin, 'POST', `/api/jobs/${id}/design/auto-layout`, { roof_planes: wider });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.data).toMatchObject({ version: 1, source: 'saved' });
    expect(res.data.model.roofPlanes[0].polygon).toEqual(wider[0]!.polygon);
    expect(res.data.model.modules).toHaveLength(8);
    expect((await save(id, { version: 1, model: res.data.model })).statusCode).toBe(200);
    // Planes too small for the modules: what did not fit is reported.
    const tiny = d.model.roofPlanes.map((p) => ({ ...p, polygon: [{ x: 0, y: 0 }, { x: 8, y: 0 }, { x: 8, y: 8 }, { x: 0, y: 8 }] }));
    const short = await call(DEMO.admin, 'POST', `/api/jobs/${id}/design/auto-layout`, { roof_planes: tiny });
    expect(short.statusCode).toBe(200);
    expect(short.data.short_by.R1).toBeGreaterThan(0);
  });

  it('refuses clients (403, by role: any company\'s), strangers (404) and bad planes (400)', async () => {
    const id = await newJob();
    expect((await call(DEMO.acmeUser, 'POST', `/api/jobs/${id}/design/auto-layout`, {})).statusCode).toBe(403);
    expect((await call(DEMO.brightOwner, 'POST', `/api/jobs/${id}/design/auto-layout`, {})).statusCode).toBe(403);
    // The drafter designs, but not a job it is not assigned to: it is not told the job exists.
    expect((await call(DEMO.contractor, 'POST', `/api/jobs/${id}/design/auto-layout`, {})).statusCode).toBe(404);
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/design/auto-layout`, { roof_planes: [] })).statusCode).toBe(400);
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/design/auto-layout`, { roof_planes: [{ id: 'R1' }] })).statusCode).toBe(400);
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/design/auto-layout`, { planes: 1 })).statusCode).toBe(400);
    expect((await call(DEMO.admin, 'POST', `/api/jobs/${id}/design/auto-layout`)).statusCode).toBe(200);
  });
});

describe('rules', () => {
  it('reads the fire code edition from the AHJ\'s code text', () => {
    expect(fireEditionOf('2021')).toBe('2021');
    expect(fireEditionOf('IFC 2019')).toBe('2018');
    expect(fireEditionOf('2009 IRC')).toBe('2012');
    expect(fireEditionOf('')).toBeNull();
  });
  it('sees a layout change in any module moved, turned, added or removed, not in their order', () => {
    const a = [{ id: 'a', planeId: 'R1', x: 1, y: 2, orientation: 'portrait' as const }, { id: 'b', planeId: 'R1', x: 5, y: 2, orientation: 'portrait' as const }];
    expect(layoutChanged(a, [...a].reverse())).toBe(false);
    expect(layoutChanged(a, [a[0]!, { ...a[1]!, x: 5.1 }])).toBe(true);
    expect(layoutChanged(a, [a[0]!, { ...a[1]!, orientation: 'landscape' }])).toBe(true);
    expect(layoutChanged(a, [a[0]!])).toBe(true);
  });
});
