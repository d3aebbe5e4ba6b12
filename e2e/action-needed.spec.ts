import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_STATUSES, JOB_STATUSES } from '@sunstamp/domain/jobs/workflow.rules';
import { INSTALLER, PASSWORD, SUPPORT, baseUrl, launchBrowser, screenshot, signInAs, signOut, type Browser } from './support.ts';

/**
 * "Action needed" for each side and client-facing language: the client is told an answer is
 * needed (list filter and job banner) and answers it; the drafter uploads a design file; the
 * client never reads an internal status name.
 */
const DRAFTER = 'drafter@sunstamp.test';
const JOB_NAME = `E2E Waiting ${Date.now().toString(36)}`;
const QUESTION = 'Is the roof metal or asphalt shingle? Please add an attic photo.';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const INTERNAL = JOB_STATUSES.filter((s) => !(CLIENT_STATUSES as readonly string[]).includes(s));

type Call = (method: string, path: string, body?: unknown) => Promise<any>;

/** A signed-in API caller (bearer token and CSRF header, as the web client sends them). */
async function apiAs(email: string): Promise<Call> {
  const csrfOf = async (headers: Record<string, string> = {}) =>
    ((await (await fetch(`${baseUrl}/api/auth/csrf/`, { headers })).json()) as { csrfToken: string }).csrfToken;
  const anon = await csrfOf();
  const login = await fetch(`${baseUrl}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-CSRFToken': anon },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { access } = (await login.json()) as { access: string };
  const auth = { authorization: `Bearer ${access}` };
  const csrf = await csrfOf(auth);
  return async (method, path, body) => {
    const r = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { ...auth, 'X-CSRFToken': csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = r.status === 204 ? null : await r.json();
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(data)}`);
    return data;
  };
}

let browser: Browser;
let page: Page;
let problems: string[];
let jobId = '';
let staff: Call;

const internalNamesOn = async (p: Page) => {
  const text = await p.locator('main').innerText();
  return INTERNAL.filter((s) => text.includes(s));
};

beforeAll(async () => {
  const client = await apiAs(INSTALLER);
  staff = await apiAs(SUPPORT);
  const job = await client('PUT', '/jobs', { name: JOB_NAME, client_name: 'Dana Waits', client_street_address: '1200 Barton Springs Rd', services_requested: ['cad_packet'] });
  jobId = job.id;
  await client('POST', `/jobs/${jobId}/submit`, {});
  await staff('POST', `/jobs/${jobId}/status`, { status: 'Pending Design' });
  const users = await staff('GET', '/users?role=contractor');
  const drafter = (Array.isArray(users) ? users : users.results).find((u: { email: string }) => u.email === DRAFTER);
  await staff('POST', `/jobs/${jobId}/assign`, { assignee_id: drafter.id });
  await staff('POST', `/jobs/${jobId}/status`, { status: 'Pending Client', note: QUESTION });
  browser = await launchBrowser();
  ({ page, problems } = browser);
  await signInAs(page, INSTALLER);
});

afterAll(async () => {
  await browser?.close();
});

// The tests below build on each other (one user story): they keep their order when the run shuffles.
describe('action needed, one story', { shuffle: false }, () => {
  describe('the client is told an answer is needed, and answers it', () => {
    it('"Waiting on me" lists the job with "Answer needed", and is remembered', async () => {
      await page.getByRole('grid').waitFor();
      const chip = page.getByRole('button', { name: 'Waiting on me' });
      if ((await chip.getAttribute('aria-pressed')) !== 'true') await chip.click();
      const row = page.getByRole('row', { name: new RegExp(JOB_NAME) });
      await row.waitFor();
      await row.getByText('Answer needed').waitFor();
      expect(await row.getByText('Submitted').count()).toBe(1);
      expect(await internalNamesOn(page)).toEqual([]);
      await screenshot(page, 'action-needed-list.png');
      await page.reload();
      await page.getByRole('row', { name: new RegExp(JOB_NAME) }).waitFor();
      expect(await page.getByRole('button', { name: 'Waiting on me' }).getAttribute('aria-pressed')).toBe('true');
    });

    it('the job page shows staff\'s question in a banner, and no internal term', async () => {
      await page.getByRole('row', { name: new RegExp(JOB_NAME) }).click();
      await page.waitForURL((u) => u.pathname === `/jobs/${jobId}`);
      const banner = page.getByTestId('action-needed-banner');
      await banner.getByText('Our team needs your answer').waitFor();
      await banner.getByText(QUESTION).waitFor();
      await page.getByText('Question from our team').waitFor();
      expect(await internalNamesOn(page)).toEqual([]);
      expect(await page.locator('main').innerText()).not.toContain('Overdue');
      expect(await page.locator('main').innerText()).not.toContain('Assignee');
      await screenshot(page, 'action-needed-job-banner.png');
    });

    it('the client sends the answer; the job goes back to the team', async () => {
      await page.getByTestId('action-needed-banner').getByRole('button', { name: 'Send answer' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox').fill('Asphalt shingle; attic photo added.');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Answer sent.').first().waitFor();
      await page.getByTestId('action-needed-banner').waitFor({ state: 'detached' });
      await page.getByText('Answer sent', { exact: true }).waitFor();
      expect(await internalNamesOn(page)).toEqual([]);
      const seen = await staff('GET', `/jobs/${jobId}`);
      expect(seen.status).toBe('Pending Design');
      expect(seen.waiting_on).toBe('team');
    });
  });

  describe('the drafter uploads a design file', () => {
    it('the assigned contractor files a PV-01 sheet from the job page', async () => {
      await signOut(page);
      await signInAs(page, DRAFTER);
      await page.getByText('The jobs assigned to you.').waitFor();
      await page.goto(`${baseUrl}/jobs/${jobId}`);
      await page.getByRole('heading', { name: JOB_NAME }).waitFor();
      await page.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option', { name: 'PV-01', exact: true }).click();
      await page.getByTestId('file-input').setInputFiles({ name: 'pv-01-site-plan.pdf', mimeType: 'application/pdf', buffer: PDF });
      await page.getByRole('button', { name: 'Upload', exact: true }).click();
      await page.getByText('Uploaded pv-01-site-plan.pdf.').first().waitFor();
      await page.getByText('PV-01 · 1').waitFor();
      await screenshot(page, 'drafter-upload.png');
    });

    it('the client sees the sheet under PV-01, without Delete and without the drafter\'s name', async () => {
      await signOut(page);
      await signInAs(page, INSTALLER, `/jobs/${jobId}`);
      await page.getByText('pv-01-site-plan.pdf').waitFor();
      expect(await page.getByRole('button', { name: 'Delete pv-01-site-plan.pdf' }).count()).toBe(0);
      expect(await page.locator('main').innerText()).not.toMatch(/drafter/i);
      expect(await internalNamesOn(page)).toEqual([]);
      // The client's own categories only.
      await page.getByRole('combobox', { name: 'Category' }).click();
      const options = await page.getByRole('option').allInnerTexts();
      expect(options).toEqual(['General', 'Extra Sheets']);
      await page.keyboard.press('Escape');
      expect(problems).toEqual([]);
    });
  });

  describe('staff: the jobs waiting on the team, overdue first', () => {
    it('"Waiting on me" lists pending-admin jobs with the overdue ones on top', async () => {
      // The jobs list's answers (GET /api/jobs): the rows below are read once the filtered one is drawn.
      const jobsList = (r: { url(): string }, waitingOnMe: boolean) => {
        const u = new URL(r.url());
        return u.pathname === '/api/jobs' && (!waitingOnMe || u.searchParams.get('waiting_on') === 'me');
      };
      await signOut(page);
      const firstList = page.waitForResponse((r) => jobsList(r, false));
      await signInAs(page, SUPPORT);
      await page.getByRole('grid').waitFor();
      const chip = page.getByRole('button', { name: 'Waiting on me' });
      let answer = await firstList;
      if ((await chip.getAttribute('aria-pressed')) !== 'true' || !jobsList(answer, true)) {
        const filtered = page.waitForResponse((r) => jobsList(r, true));
        if ((await chip.getAttribute('aria-pressed')) !== 'true') await chip.click();
        answer = await filtered;
      }
      await answer.finished();
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const rows = await page.getByRole('row').allInnerTexts();
      const body = rows.slice(1);
      // Every row waits on the team; overdue rows come before the others.
      const overdue = body.map((r) => r.includes('Overdue'));
      expect(overdue.indexOf(false) === -1 || overdue.lastIndexOf(true) < overdue.indexOf(false)).toBe(true);
      expect(body.some((r) => /Pending Client|Pending Approval/.test(r))).toBe(false);
      await screenshot(page, 'action-needed-staff-list.png');
      // The story's answered job is among them. Searched for, not looked for on the first page: the
      // other specs of the run add jobs waiting on the team, which can push it to a later page.
      await page.getByRole('textbox', { name: 'Search jobs' }).fill(JOB_NAME);
      await page.getByRole('row', { name: new RegExp(JOB_NAME) }).waitFor();
      expect(await chip.getAttribute('aria-pressed')).toBe('true');
    });
  });
});
