import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, INSTALLER, PASSWORD, SUPPORT, baseUrl, launchBrowser, pathOf, pickModel, screenshot, signInAs, signOut, type Browser } from './support.ts';
import { apiAs, deliverRequired } from './deliverables-support.ts';

/**
 * A client orders a job with catalogue equipment (searchable picker, module count from the
 * arrays), our team delivers it, and the client requests a revision with a layout change that
 * edits the arrays and the module line in the same request; the history shows what changed.
 */
const JOB_NAME = `E2E Equipment ${Date.now().toString(36)}`;

let browser: Browser;
let page: Page;
let jobPath = '';

const expectedNoise = (url: string) => /tile\.openstreetmap\.org/.test(url) || /\/api\/parcel\b/.test(url);

/** Staff's calls, from the test (what staff do in their own screens is covered elsewhere). */
async function asStaff(method: string, path: string, body?: unknown) {
  const csrf = async (access?: string) =>
    ((await (await fetch(`${baseUrl}/api/auth/csrf/`, { headers: access ? { authorization: `Bearer ${access}` } : {} })).json()) as { csrfToken: string }).csrfToken;
  const login = await fetch(`${baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': await csrf() },
    body: JSON.stringify({ email: SUPPORT, password: PASSWORD }),
  });
  const { access } = (await login.json()) as { access: string };
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}`, 'x-csrftoken': await csrf(access) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

beforeAll(async () => {
  browser = await launchBrowser({ ignore: (m) => expectedNoise(m.location().url) });
  ({ page } = browser);
  await signInAs(page, INSTALLER);
});
afterAll(async () => {
  await browser?.close();
});

describe('jobs with catalogue equipment, and a revision that carries the change', { shuffle: false }, () => {
  it('the client orders a job naming catalogue models', async () => {
    await page.goto(`${baseUrl}/jobs/new`);
    await page.getByRole('heading', { name: 'Address', level: 2 }).waitFor();
    await page.getByLabel('Job name').fill(JOB_NAME);
    await page.getByLabel('Homeowner / client name').fill('Ana Rivera');
    await page.getByRole('combobox', { name: 'Find the site' }).fill('500 Congress Ave, 78701');
    const site = page.getByRole('option', { name: /Austin, TX 78701/ });
    await site.waitFor();
    await site.click();
    // The City of Austin, chosen from the address, prints its case number in the title block: asked here (issue 29, item 11).
    await page.getByRole('textbox', { name: 'AHJ case number' }).fill('2026-099001 PR');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Arrays', level: 2 }).waitFor();
    await page.getByLabel('Panel quantity').fill('12');
    await page.getByRole('button', { name: 'Next' }).click();

    // The CAD form took the state from the address.
    await page.getByRole('heading', { name: 'CAD intake', level: 2 }).waitFor();
    await page.getByText('From the site address.').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Equipment', level: 2 }).waitFor();
    await pickModel(page, 'Module model', 'Q.TRON', /Qcells Q\.TRON BLK M-G2\+ 425/);
    await pickModel(page, 'Inverter model', 'IQ8PLUS', /Enphase IQ8PLUS-72-2-US/);
    await expect(page.getByRole('spinbutton', { name: /^Quantity/ }).first().inputValue()).resolves.toBe('12');
    await page.getByRole('spinbutton', { name: /^Quantity/ }).nth(1).fill('12');
    // A count that disagrees with the arrays is explained, not refused.
    await page.getByRole('spinbutton', { name: /^Quantity/ }).first().fill('14');
    await page.getByText('The arrays hold 12 panels, but the module count is 14.', { exact: false }).waitFor();
    await page.getByRole('spinbutton', { name: /^Quantity/ }).first().fill('12');
    await screenshot(page, 'intake-equipment.png');
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByRole('heading', { name: 'Services', level: 2 }).waitFor();
    await page.getByLabel('Structural Roof Letter', { exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Files', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Continue to review' }).click();

    await page.getByRole('heading', { name: 'Review', level: 2 }).waitFor();
    const equipment = page.getByRole('table', { name: 'Equipment' });
    await equipment.getByText('Qcells Q.TRON BLK M-G2+ 425').waitFor();
    await equipment.getByText('Enphase IQ8PLUS-72-2-US').waitFor();
    await page.getByText('Exposure category').waitFor();
    await screenshot(page, 'intake-equipment-review.png');
    await page.getByRole('button', { name: 'Submit job' }).click();
    await page.waitForURL((u) => /^\/jobs\/[0-9a-f-]{36}$/.test(u.pathname));
    jobPath = pathOf(page);
    await page.getByRole('heading', { name: JOB_NAME, level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Equipment' }).getByText('Qcells Q.TRON BLK M-G2+ 425').waitFor();
  });

  it('after delivery, the client requests a layout change revision and edits the arrays with it', async () => {
    const id = jobPath.split('/').pop()!;
    for (const status of ['Pending Design', 'Pending QC']) await asStaff('POST', `/jobs/${id}/status`, { status });
    // Design Completed needs the documents the services require; release moves the job to Pending Approval.
    const staff = await apiAs(SUPPORT);
    await deliverRequired(staff, id);
    for (const status of ['Design Completed', 'Finalized']) await asStaff('POST', `/jobs/${id}/status`, { status });
    await staff('POST', `/jobs/${id}/release`, {});
    await page.goto(`${baseUrl}${jobPath}/revise`);
    await page.getByRole('heading', { name: `Request a revision: ${JOB_NAME}`, level: 1 }).waitFor();
    await page.getByRole('combobox', { name: /^Reason/ }).click();
    await page.getByRole('option', { name: /^Layout Change/ }).click();
    await page.getByLabel('What should change?').fill('4 more panels on the south roof');
    await page.getByLabel('Rejection comments from the AHJ or utility').fill('Setback from ridge must be 36 in.');
    await page.getByLabel('Panel quantity').fill('16');
    await page.getByRole('spinbutton', { name: /^Quantity/ }).first().fill('16');
    await screenshot(page, 'revision-layout-change.png');
    await page.getByRole('button', { name: 'Request revision' }).click();

    await page.waitForURL((u) => u.pathname === jobPath);
    await page.getByText('Revision requested. The job is back with our design team.').waitFor();
    const history = page.getByRole('list', { name: 'Job history' });
    await history.getByText('Revision requested', { exact: true }).first().waitFor();
    const revisions = (await asStaff('GET', `/jobs/${id}/revisions`)) as { changes: { changes: { field: string; to: string }[] }; rejection_comments: string }[];
    expect(revisions[0]!.rejection_comments).toBe('Setback from ridge must be 36 in.');
    expect(revisions[0]!.changes.changes).toContainEqual({ field: 'arrays.0.panel_quantity', from: '12', to: '16' });
    const equipment = (await asStaff('GET', `/jobs/${id}/equipment`)) as { lines: { kind: string; quantity: number }[] };
    expect(equipment.lines.find((l) => l.kind === 'module')!.quantity).toBe(16);
    // The revisions table shows what changed and the rejection it answers.
    const table = page.getByRole('table', { name: 'Revisions' });
    await table.getByText('Array 1 · panel quantity: 12 → 16').waitFor();
    // The module count is the module line's: the equipment change carries it (and the CAD form follows the line).
    await table.getByText('Equipment: Module: Qcells Q.TRON BLK M-G2+ 425 × 12 → Module: Qcells Q.TRON BLK M-G2+ 425 × 16').waitFor();
    const job = (await asStaff('GET', `/jobs/${id}`)) as { cad_intake: { module_count: number | null } };
    expect(job.cad_intake.module_count).toBe(16);
    await table.getByText('Rejection comments: Setback from ridge must be 36 in.').waitFor();
    await screenshot(page, 'job-page-after-revision.png');
  });

  it('an admin edits the span limit on its own screen; the client never could', async () => {
    await signOut(page);
    await signInAs(page, ADMIN, `/reference/engineering`);
    await page.getByRole('heading', { name: 'Structural span limit', level: 2 }).waitFor();
    await expect(page.getByLabel('Portrait module').inputValue()).resolves.toBe('65');
    await page.getByLabel('Portrait module').fill('64');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Span limit saved. New checks use it at once.').waitFor();
    await screenshot(page, 'engineering-span-limit.png');
    await page.getByLabel('Portrait module').fill('65');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Span limit saved. New checks use it at once.').first().waitFor();
  });
});
