import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadAccessOf } from '@sunstamp/domain/policies/message-inbox.policy';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { listStatements, literalOf, planAlike, type JobListFilter, type ListReader } from './jobs-list.repository.ts';

/**
 * The list statement with its values written in (planned once per connection) against the same
 * statement with every value a parameter (planned per answer): which filters take which, that
 * nothing but page numbers and words is ever written into the text, and that both answer the same.
 */
const all = (extra: Partial<JobListFilter> = {}): JobListFilter => ({ scope: { kind: 'all' }, includeInactive: false, now: new Date(), ...extra });
const READER: ListReader = { userId: '00000000-0000-4000-8000-000000000001', always: ['client', 'internal'], whenShared: [] };
const FIRST = { limit: 50, offset: 0 };
const order = { field: 'created_at' as const, desc: true };

describe('literalOf', () => {
  it('writes page numbers and words, and nothing else', () => {
    expect(literalOf(50)).toBe('50');
    expect(literalOf('Pending Design')).toBe("'Pending Design'");
    expect(literalOf(['client', 'internal'])).toBe("array['client', 'internal']::text[]");
    expect(literalOf([])).toBe("'{}'::text[]");
    for (const v of ["Pending' or true --", 'a\\b', 'a;b', -1, 1.5, Number.NaN, ['ok', "x'"], [1], null, new Date(), { a: 1 }]) {
      expect(literalOf(v), String(v)).toBeUndefined();
    }
  });
});

describe('planAlike', () => {
  it('writes in the values of a staff list filtered by words, on its first pages', () => {
    for (const f of [all(), all({ statuses: ['Pending Design', 'Submitted'] }), all({ clientStatuses: ['Submitted'], services: ['structural_roof_letter'] }), all({ overdueFirst: true, unassigned: true })]) {
      expect(planAlike(f, FIRST, READER), JSON.stringify(f)).toBe(true);
      const s = listStatements(f, order, FIRST, READER, true);
      // The reader's id alone stays a parameter: it steers no plan.
      expect(s.values).toEqual([READER.userId]);
      expect(s.text).toContain('limit 50 offset 0');
      expect(s.countValues).toEqual([]);
    }
  });
  it('writes in the scope of a client\'s or an assignee\'s list: each company\'s list is planned for that company', () => {
    const company = '00000000-0000-4000-8000-000000000002';
    const cases: [JobListFilter, string][] = [
      [{ ...all(), scope: { kind: 'companies', companyIds: [company] } }, `j.company_id = '${company}'`],
      [{ ...all(), scope: { kind: 'companies', companyIds: [company, READER.userId!] } }, `j.company_id = any(array['${company}', '${READER.userId}']::text[]::uuid[])`],
      [{ ...all({ statuses: ['Submitted'] }), scope: { kind: 'assigned', userId: READER.userId! } }, `j.assignee_id = '${READER.userId}'`],
    ];
    for (const [f, where] of cases) {
      expect(planAlike(f, FIRST, READER), JSON.stringify(f)).toBe(true);
      const s = listStatements(f, order, FIRST, READER, true);
      expect(s.values).toEqual([READER.userId]);
      expect(s.text).toContain(where);
      expect(s.countText).toContain(where);
      expect(s.countValues).toEqual([]);
    }
  });
  it('keeps every value a parameter for ids, instants, search text, deep pages and anything not a word', () => {
    const cases: [JobListFilter, { limit: number; offset: number }][] = [
      [{ ...all(), scope: { kind: 'companies', companyIds: ["x' or true --"] } }, FIRST],
      [{ ...all(), scope: { kind: 'companies', companyIds: ['00000000-0000-4000-8000-000000000002'] }, search: 'garcia' }, FIRST],
      [all({ companyIds: ['00000000-0000-4000-8000-000000000002'] }), FIRST],
      [all({ assigneeIds: [READER.userId!] }), FIRST],
      [all({ overdue: true }), FIRST],
      [all({ createdAfter: new Date() }), FIRST],
      [all({ updatedBefore: new Date() }), FIRST],
      [all({ search: 'garcia' }), FIRST],
      [all({ statuses: ["x' or true --"] }), FIRST],
      [all(), { limit: 50, offset: 5000 }],
    ];
    for (const [f, page] of cases) {
      expect(planAlike(f, page, READER), JSON.stringify({ f, page })).toBe(false);
      const s = listStatements(f, order, page, READER, false);
      expect(s.values.slice(-5)).toEqual([page.limit, page.offset, READER.userId, READER.always, READER.whenShared]);
      expect(s.text).not.toMatch(/limit \d/);
    }
  });
});

describe('both statements answer the same', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(); }, 60_000);
  afterAll(async () => { await t?.close(); });

  it('rows, names and unread counts, for staff, with values written in or as parameters', async () => {
    const installer = await t.tokenOf(DEMO.acmeUser);
    const admin = await t.tokenOf(DEMO.admin);
    const made: string[] = [];
    for (const [i, services] of [['structural_roof_letter'], ['cad_packet'], ['structural_roof_letter', 'wet_stamp']].entries()) {
      const r = await t.request('PUT', '/api/jobs', { token: installer, body: { name: `Statements ${i}`, client_street_address: `${i} Elm St`, services_requested: services } });
      expect(r.statusCode, r.body).toBe(201);
      made.push(r.data.id);
    }
    await t.request('POST', `/api/jobs/${made[0]}/submit`, { token: installer, body: {} });
    for (const body of ['First question', 'Second question']) {
      const m = await t.request('POST', `/api/jobs/${made[0]}/messages`, { token: installer, body: { body, thread: 'client' } });
      expect(m.statusCode, m.body).toBe(201);
    }
    const adminRow = (await t.database.query<{ id: string; role: string }>('select id, role from users where email = $1', [DEMO.admin]))[0]!;
    const reader: ListReader = { userId: adminRow.id, ...threadAccessOf(adminRow as never) };
    const status = (await t.request('GET', `/api/jobs/${made[0]}`, { token: admin })).data.status as string;
    const filters = [all(), all({ statuses: [status] }), all({ services: ['structural_roof_letter'] }), all({ overdueFirst: true }), all({ includeInactive: true })];
    /** The list written in and with parameters: both non-empty pages, the same rows, the same count. */
    const expectAlike = async (f: JobListFilter, o: typeof order | { field: 'name'; desc: boolean }, r: ListReader) => {
      expect(planAlike(f, FIRST, r)).toBe(true);
      const [inline, params] = [true, false].map((w) => listStatements(f, o, FIRST, r, w));
      const [a, b] = await Promise.all([inline!, params!].map((s) => t.database.queryArrays({ text: s.text, values: s.values }).then((x) => JSON.parse(x[0]![0] as string) as unknown[][])));
      expect(a!.length, JSON.stringify(f)).toBeGreaterThan(0);
      expect(a).toEqual(b);
      const [ca, cb] = await Promise.all([inline!, params!].map((s) => t.database.queryArrays({ text: s.countText, values: s.countValues })));
      expect(ca).toEqual(cb);
    };
    for (const f of filters) {
      for (const o of [order, { field: 'name' as const, desc: false }]) await expectAlike(f, o, reader);
    }
    // A client's list (their company's jobs, read by them) and an assignee's, both ways alike too.
    const installerRow = (await t.database.query<{ id: string; role: string; company_id: string }>(
      'select u.id, u.role, uc.company_id from users u join user_companies uc on uc.user_id = u.id where u.email = $1', [DEMO.acmeUser]))[0]!;
    // One of the new jobs assigned to the admin (the workflow's assignment is not what is tested here).
    await t.database.query('update jobs set assignee_id = $1 where id = $2', [adminRow.id, made[1]]);
    await expectAlike({ ...all(), scope: { kind: 'companies', companyIds: [installerRow.company_id] } }, order, { userId: installerRow.id, ...threadAccessOf(installerRow as never) });
    await expectAlike({ ...all(), scope: { kind: 'assigned', userId: adminRow.id } }, order, reader);
    // The client's own list through the API (the written-in statement) holds their new job.
    const mine = (await t.request('GET', '/api/jobs?page_size=50', { token: installer })).data.results as { id: string }[];
    expect(mine.map((j) => j.id)).toContain(made[0]);

    // And through the API, which takes the written-in statement for this list: the two unread messages show.
    const page = await t.request('GET', '/api/jobs?page_size=50', { token: admin });
    expect(page.statusCode).toBe(200);
    expect(page.data.results.find((j: { id: string }) => j.id === made[0]).unread_messages).toBe(2);
  });
});
