import type { Page } from 'playwright-core';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { ADMIN, INSTALLER, artifacts, baseUrl, launchBrowser, screenshot, settled, signInAs, type Browser } from './support.ts';
import { offlineNoise } from './conversation-support.ts';
import { apiAs, deliverRequired, submittedJob } from './deliverables-support.ts';

const DRAFTER = 'drafter@sunstamp.test';

/*
 * Issue 29's new-user findings in the browser (items 6, 7, 9, 11, 12). Every test makes the jobs
 * it reads through the API, as the signed-in page's user, under names of its own.
 */

const RUN = Date.now().toString(36);

/** A JSON call of the API as the page's signed-in user: status and parsed answer. */
async function api(p: Page, method: string, url: string, body?: unknown): Promise<{ status: number; data: any }> {
  return p.evaluate(async ({ method, url, body }) => {
    const auth = { authorization: `Bearer ${localStorage.getItem('accessToken')!}` };
    const { csrfToken } = (await (await fetch('/api/auth/csrf/', { headers: auth })).json()) as { csrfToken: string };
    const r = await fetch(url, {
      method, headers: { ...auth, 'x-csrftoken': csrfToken, 'content-type': 'application/json' },
      body: body === undefined ? (method === 'GET' ? undefined : '{}') : JSON.stringify(body),
    });
    const text = await r.text();
    return { status: r.status, data: text ? JSON.parse(text) : null };
  }, { method, url, body });
}

const require = createRequire(import.meta.url);
const axeSource: string = (require('axe-core') as { source: string }).source;

/** axe's name and list rules on the page: the violations' ids and targets. */
async function nameAndListViolations(p: Page): Promise<string[]> {
  if (!(await p.evaluate(() => 'axe' in window))) await p.evaluate(axeSource);
  return p.evaluate(async () => {
    const w = window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: { id: string; nodes: { target: unknown[] }[] }[] }> } };
    const r = await w.axe.run(document, {
      runOnly: { type: 'rule', values: ['label-content-name-mismatch', 'list', 'listitem'] },
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    });
    return r.violations.flatMap((v) => v.nodes.map((n) => `${v.id} ${JSON.stringify(n.target)}`));
  });
}

/** No sideways scroll: the document is no wider than the window. */
const overflowX = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

let client: Browser;
let staff: Browser;
beforeAll(async () => {
  client = await launchBrowser({ ignore: offlineNoise });
  staff = await launchBrowser({ ignore: offlineNoise });
  // One after the other: on a busy machine two first loads at once can take longer than a wait.
  await signInAs(client.page, INSTALLER);
  await signInAs(staff.page, ADMIN);
}, 180_000);
afterAll(async () => {
  await Promise.all([client?.close(), staff?.close()]);
});

describe('item 6: an address that contradicts itself', () => {
  it('warns on the address step, naming the fields, and the API refuses the submit with 422 naming them', async () => {
    const p = client.page;
    // The city's AHJ, for the preselection (the demo directory may hold it already).
    const made = await api(staff.page, 'POST', '/api/ahjs', { name: 'City of Austin', state: 'TX', jurisdiction_type: 'City' });
    expect([201, 400, 409]).toContain(made.status);
    await p.goto(`${baseUrl}/jobs/new`);
    await p.getByRole('heading', { name: 'Address', level: 2 }).waitFor();
    await p.getByLabel('Job name').fill(`Contradiction ${RUN}`);
    await p.getByRole('combobox', { name: 'Find the site' }).fill('4512 Ramsey Ave, 78756');
    await p.getByRole('option', { name: /Austin, TX 78756/ }).click();
    // The AHJ is offered from the address.
    await p.getByText(/City of Austin chosen from the address/).waitFor();
    await expect(p.getByRole('combobox', { name: 'AHJ', exact: true }).inputValue()).resolves.toMatch(/City of Austin/);
    // US states first in the State list.
    await p.getByRole('combobox', { name: /^State/ }).click();
    const first = await p.getByRole('option').nth(1).textContent();
    expect(first).toMatch(/^Alabama/);
    await p.getByRole('option', { name: 'Arizona (AZ)' }).click();
    const warning = p.getByTestId('address-agreement');
    await warning.waitFor();
    // The AHJ line at once, the server's lines once its check answers.
    await warning.getByText(/^State and ZIP: ZIP 78756 is in Texas \(TX\), but the state is Arizona \(AZ\)/).waitFor();
    await warning.getByText(/^Map pin: The map pin is in Texas \(TX\)/).waitFor();
    await warning.getByText(/^AHJ: City of Austin is in TX/).waitFor();
    await settled(p);
    await screenshot(p, 'issue29-6-address-contradiction-1280.png');
    // Back to Texas: the warning goes.
    await p.getByRole('combobox', { name: /^State/ }).click();
    await p.getByRole('option', { name: 'Texas (TX)' }).click();
    await warning.waitFor({ state: 'detached' });

    // Through the API, as an outside check would: saved with Arizona, the submit is refused.
    const states = (await api(p, 'GET', '/api/states')).data as { id: number; abbreviation: string }[];
    const az = states.find((s) => s.abbreviation === 'AZ')!.id;
    const job = await api(p, 'PUT', '/api/jobs', {
      name: `Contradiction API ${RUN}`, client_street_address: '4512 Ramsey Ave', client_zip_code: '78756', city: 'Austin',
      state: az, latitude: 30.3166, longitude: -97.7431, services_requested: ['structural_roof_letter'],
    });
    expect(job.status).toBe(201);
    const submit = await api(p, 'POST', `/api/jobs/${job.data.id}/submit`);
    expect(submit.status).toBe(422);
    expect(submit.data.args.map((a: Record<string, string>) => Object.keys(a)[0])).toEqual(['state', 'client_zip_code', 'latitude']);
    // The intake shows it: the address step opens with the fields marked.
    await p.goto(`${baseUrl}/jobs/new?id=${job.data.id}`);
    await p.getByTestId('address-agreement').waitFor();
  });
});

describe('item 7: analytics credit who designed', () => {
  it('the assigned drafter gets the completed design the support user moved on, in its own My Stats', async () => {
    const drafterCall = await apiAs(DRAFTER);
    const today = new Date().toISOString().slice(0, 10);
    const myStats = `/stats?active_tab=my&start_date=${today.slice(0, 8)}01&end_date=${today}&jobsCreatedInterval=weekly&servicesRequestedInterval=monthly`;
    const before = (await drafterCall('GET', myStats)).users[0]?.jobs_completed ?? 0;
    const { jobId, staff: supportCall } = await submittedJob({
      name: `Credit ${RUN}`, client_name: 'Cy Credit', client_street_address: '7 Live Oak Lane', services_requested: ['structural_roof_letter'],
    }, ['Pending Design']);
    const answer = await supportCall('GET', '/users?page_size=200&search=drafter');
    const users = (Array.isArray(answer) ? answer : answer.results) as { id: string; email: string }[];
    await supportCall('POST', `/jobs/${jobId}/assign`, { assignee_id: users.find((u) => u.email === DRAFTER)!.id });
    // Support moves the drafter's design on and completes it: the design is the drafter's.
    await supportCall('POST', `/jobs/${jobId}/status`, { status: 'Pending QC' });
    await deliverRequired(supportCall, jobId);
    await supportCall('POST', `/jobs/${jobId}/status`, { status: 'Design Completed' });
    const after = (await drafterCall('GET', myStats)).users[0]?.jobs_completed ?? 0;
    expect(after).toBe(before + 1);
    const history = (await supportCall('GET', `/jobs/${jobId}/history`)) as { to_status: string | null; data: any }[];
    const done = history.find((h) => h.to_status === 'Design Completed')!;
    expect(done.data.credits.design).toBe(users.find((u) => u.email === DRAFTER)!.id);
    // The drafter's page shows it.
    const drafter = await launchBrowser({ ignore: offlineNoise });
    try {
      await signInAs(drafter.page, DRAFTER);
      await drafter.page.goto(`${baseUrl}/analytics`);
      await drafter.page.locator('h1').first().waitFor();
      await settled(drafter.page);
      await screenshot(drafter.page, 'issue29-7-analytics-drafter-1280.png');
    } finally {
      await drafter.close();
    }
  });
});

describe('item 9: layout', () => {
  it('at 1280 px every staff destination is reachable: sections that do not fit are in More, nothing is clipped', async () => {
    const p = staff.page;
    await p.setViewportSize({ width: 1280, height: 800 });
    await p.goto(`${baseUrl}/jobs`);
    const nav = p.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    // Nothing in the row is cut: each visible button is whole inside the row.
    const clipped = await nav.evaluate((el) => {
      const row = el.getBoundingClientRect();
      return [...el.querySelectorAll(':scope > a, :scope > button')].filter((b) => {
        const r = b.getBoundingClientRect();
        return r.right > row.right + 0.5 || b.scrollWidth > b.clientWidth + 1;
      }).map((b) => b.textContent);
    });
    expect(clipped).toEqual([]);
    // Read before the menu opens (an open menu hides the rest of the page from assistive tech).
    const inRow = await nav.evaluate((el) => [...el.children].filter((c) => c.tagName === 'A').map((c) => c.textContent ?? ''));
    await nav.getByRole('button', { name: 'More' }).click();
    const menu = p.getByRole('menu');
    for (const name of ['Site alerts', 'Engineers', 'Back office', 'Blog and help']) await menu.getByRole('menuitem', { name }).waitFor();
    // Every section is either in the row or in the menu.
    const inMenu = await menu.getByRole('menuitem').allTextContents();
    for (const section of ['Jobs', 'Messages', 'Analytics', 'Requirements', 'Users', 'Companies', 'AHJs', 'Utilities', 'Equipment', 'Reference']) {
      expect(inRow.some((t) => t.startsWith(section)) || inMenu.some((t) => t.startsWith(section)), section).toBe(true);
    }
    await screenshot(p, 'issue29-9-topbar-more-1280.png');
    await p.keyboard.press('Escape');
  });

  it('a 200-character unbroken job name wraps, and the staff job page does not scroll sideways at 1280 or 400 px', async () => {
    const name = `${'Verylongunbrokenjobname'.repeat(9)}${RUN}`.slice(0, 200);
    const job = await api(client.page, 'PUT', '/api/jobs', { name, client_street_address: '1 Main St', services_requested: ['structural_roof_letter'] });
    expect(job.status).toBe(201);
    expect((await api(client.page, 'POST', `/api/jobs/${job.data.id}/submit`)).status).toBe(200);
    const p = staff.page;
    for (const width of [1280, 400]) {
      await p.setViewportSize({ width, height: 900 });
      await p.goto(`${baseUrl}/jobs/${job.data.id}`);
      const h1 = p.getByRole('heading', { level: 1 });
      await h1.waitFor();
      // The full name is there to read.
      await expect(h1.textContent()).resolves.toBe(name);
      await settled(p);
      expect(await overflowX(p), `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
      await screenshot(p, `issue29-9-long-name-job-${width}.png`);
      // The top of the page as the window shows it (a full page at 400 px is too tall to read).
      await p.screenshot({ path: path.join(artifacts, `issue29-9-long-name-job-${width}-top.png`) });
    }
    await p.setViewportSize({ width: 1280, height: 800 });
  });
});

describe('item 11: intake friction', () => {
  it('warns on a duplicate name and lets the client delete its draft', async () => {
    const p = client.page;
    const name = `Duplicate ${RUN}`;
    const first = await api(p, 'PUT', '/api/jobs', { name });
    expect(first.status).toBe(201);
    const second = await api(p, 'PUT', '/api/jobs', { name });
    await p.goto(`${baseUrl}/jobs/new?id=${second.data.id}`);
    await p.getByRole('heading', { name: 'Address', level: 2 }).waitFor();
    await p.getByTestId('duplicate-name').waitFor();
    await expect(p.getByTestId('duplicate-name').textContent()).resolves.toMatch(/^Another job already has this name/);
    await screenshot(p, 'issue29-11-duplicate-name-1280.png');
    await p.getByRole('button', { name: 'Delete draft' }).click();
    const dialog = p.getByRole('dialog', { name: 'Delete this draft?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Delete draft' }).click();
    await p.waitForURL((u) => u.pathname === '/jobs');
    expect((await api(p, 'GET', `/api/jobs/${second.data.id}`)).status).toBe(404);
    expect((await api(p, 'GET', `/api/jobs/${first.data.id}`)).status).toBe(200);
    // The other draft is the client's to delete too (no name check refuses either).
    expect((await api(p, 'DELETE', `/api/jobs/${first.data.id}`)).status).toBe(204);
  });
});

describe('item 12: accessible names and lists', () => {
  it('the Messages inbox: rows are list items named by what they show', async () => {
    const job = await api(client.page, 'PUT', '/api/jobs', { name: `Inbox names ${RUN}`, client_street_address: '1 Main St', services_requested: ['structural_roof_letter'] });
    expect((await api(client.page, 'POST', `/api/jobs/${job.data.id}/submit`)).status).toBe(200);
    expect((await api(client.page, 'POST', `/api/jobs/${job.data.id}/messages`, { body: 'Is the attic photo enough?', thread: 'client' })).status).toBeLessThan(300);
    const p = staff.page;
    await p.goto(`${baseUrl}/messages`);
    const list = p.getByTestId('inbox-list');
    await list.getByText(`Inbox names ${RUN}`).waitFor();
    const children = await list.evaluate((ul) => [...ul.children].map((c) => c.tagName));
    expect(children.length).toBeGreaterThan(0);
    expect(new Set(children)).toEqual(new Set(['LI']));
    expect(await nameAndListViolations(p)).toEqual([]);
    await screenshot(p, 'issue29-12-inbox-1280.png');
  });
});
