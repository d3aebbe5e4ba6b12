import { PASSWORD } from './support.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, INSTALLER, SUPPORT, baseUrl, downloadedBytes, launchBrowser, screenshot, signInAs, signOut, type Browser } from './support.ts';
import { apiAs, demoEngineer, pdfOf, submittedJob, uploadPdf, type Call } from './deliverables-support.ts';

/**
 * Deliverables end to end: staff mark the uploaded plan set, the client cannot see it yet, staff
 * release it (the job moves to Pending Approval), the client downloads it (and all of them as a
 * ZIP) and approves from the Deliverables area; an AHJ reviewer, signed out, verifies a sealed
 * document's code at /verify (no street address; not yet released says so) and checks the PDF they hold,
 * then reads the same code as withdrawn once the firm takes the document back.
 */
const JOB_NAME = `E2E Deliverables ${Date.now().toString(36)}`;
const PLAN = pdfOf('plan set for the e2e job');

let browser: Browser;
let page: Page;
let problems: string[];
let jobId = '';
let staff: Call;

/** An access token for a demo account (to download a file as the API does). */
async function tokenOf(email: string): Promise<string> {
  const csrf = ((await (await fetch(`${baseUrl}/api/auth/csrf/`)).json()) as { csrfToken: string }).csrfToken;
  const r = await fetch(`${baseUrl}/api/auth/login/`, { method: 'POST', headers: { 'content-type': 'application/json', 'X-CSRFToken': csrf }, body: JSON.stringify({ email, password: PASSWORD }) });
  return ((await r.json()) as { access: string }).access;
}

beforeAll(async () => {
  ({ jobId, staff } = await submittedJob(
    { name: JOB_NAME, client_name: 'Ana Release', client_street_address: '77 Daylight Ln', services_requested: ['cad_packet'] },
    ['Pending Design', 'Pending QC'],
  ));
  await uploadPdf(staff, jobId, 'cad', 'plan-set.pdf', PLAN);
  browser = await launchBrowser();
  ({ page, problems } = browser);
});

afterAll(async () => {
  await browser?.close();
});

// The tests below build on each other (one user story): they keep their order when the run shuffles.
describe('deliverables, one story', { shuffle: false }, () => {
  describe('staff mark the plan set; the client does not see it before release', () => {
    it('the job cannot reach Design Completed without a plan set; staff mark the uploaded file as the plan set', async () => {
      await expect(staff('POST', `/jobs/${jobId}/status`, { status: 'Design Completed' })).rejects.toThrow(/CAD Design needs a plan set/);
      await signInAs(page, SUPPORT, `/jobs/${jobId}`);
      const area = page.getByTestId('deliverables');
      await area.getByText('CAD Design needs a released plan set').waitFor();
      await area.getByRole('button', { name: 'Mark a file as deliverable' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: 'File' }).click();
      await page.getByRole('option', { name: /plan-set\.pdf/ }).click();
      await dialog.getByRole('button', { name: 'Mark' }).click();
      await page.getByText('Marked as deliverable.').first().waitFor();
      await area.getByText('Draft', { exact: true }).waitFor();
      await page.getByTestId('job-tasks').getByText('In Progress').waitFor();
      await screenshot(page, 'deliverables-staff-draft.png');
    });

    it('the client reads "nothing released yet" and no plan set among the files', async () => {
      await signOut(page);
      await signInAs(page, INSTALLER, `/jobs/${jobId}`);
      await page.getByTestId('deliverables').getByText('Nothing has been released yet.', { exact: false }).waitFor();
      expect(await page.locator('main').innerText()).not.toContain('plan-set.pdf');
    });
  });

  describe('staff release; the client downloads and approves', () => {
    it('release moves the job to Pending Approval', async () => {
      for (const status of ['Design Completed', 'Finalized']) await staff('POST', `/jobs/${jobId}/status`, { status });
      await signOut(page);
      await signInAs(page, SUPPORT, `/jobs/${jobId}`);
      await page.getByTestId('deliverables').getByRole('button', { name: 'Release to client' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('the job moves to Pending Approval', { exact: false }).waitFor();
      await dialog.getByLabel('Note to the client (optional)').fill('Your stamped plan set is ready for review.');
      await dialog.getByRole('button', { name: 'Release' }).click();
      await page.getByText('Released to the client.').first().waitFor();
      await page.getByTestId('deliverables').getByText('Released', { exact: true }).waitFor();
      expect((await staff('GET', `/jobs/${jobId}`)).status).toBe('Pending Approval');
      await screenshot(page, 'deliverables-staff-released.png');
    });

    it('the client downloads the plan set and all deliverables as a ZIP, then approves from the Deliverables area', async () => {
      await signOut(page);
      await signInAs(page, INSTALLER);
      const row = page.getByRole('row', { name: new RegExp(JOB_NAME) });
      await row.waitFor();
      await row.getByText('1 of 1 completed').waitFor();
      await page.goto(`${baseUrl}/jobs/${jobId}`);
      const area = page.getByTestId('deliverables');
      await area.getByText('Plan set', { exact: true }).waitFor();
      const [one] = await Promise.all([page.waitForEvent('download'), area.getByRole('button', { name: 'Download plan-set.pdf' }).click()]);
      expect((await downloadedBytes(one)).equals(PLAN)).toBe(true);
      const [all] = await Promise.all([page.waitForEvent('download'), area.getByRole('button', { name: 'Download all (ZIP)' }).click()]);
      expect(all.suggestedFilename()).toMatch(/deliverables rev 0\.zip$/);
      const zip = await downloadedBytes(all);
      expect(zip.subarray(0, 2).toString()).toBe('PK');
      expect(zip.includes(PLAN)).toBe(true);
      await screenshot(page, 'deliverables-client-review.png');
      await area.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Job approved.').first().waitFor();
      expect((await staff('GET', `/jobs/${jobId}`)).status).toBe('Approved');
      expect(problems).toEqual([]);
    });
  });

  describe('anyone verifies a sealed document', () => {
    let sealed: { id: string; verification_code: string };
    let held: Buffer;
    it('the code shows the document, engineer, licence, city and state, date and hash, not the street; the PDF held is checked by its hash', async () => {
      // A calculation package on the same job, sealed by the demo engineer from the demo admin's account.
      const file = await uploadPdf(staff, jobId, 'letter', 'calcs.pdf', pdfOf('sealed calculation package'));
      await staff('POST', `/jobs/${jobId}/deliverables`, { file_id: file.id, kind: 'calculation_package' });
      const d = await (await apiAs(ADMIN))('POST', `/deliverables/${file.id}/seal`, { engineer_id: (await demoEngineer()).id });
      sealed = d;
      const bytes = Buffer.from(await (await fetch(`${baseUrl}/api/files/${file.id}/download`, { headers: { authorization: `Bearer ${await tokenOf(ADMIN)}` } })).arrayBuffer());
      await signOut(page);
      await page.goto(`${baseUrl}/verify`);
      await page.getByLabel('Verification code').fill(d.verification_code.toLowerCase());
      await page.getByRole('button', { name: 'Verify' }).click();
      const card = page.getByTestId('verification');
      await card.getByText('Calculation package sealed by Dana Whitfield (demo)').waitFor();
      await card.getByText('TX PE-DEMO-1001').waitFor();
      await card.getByText('Austin, TX').waitFor();
      await card.getByText(d.sha256).waitFor();
      await card.getByTestId('release-status').getByText('Sealed, not yet released to the client', { exact: false }).waitFor();
      expect(await card.innerText()).not.toContain('77 Daylight Ln');
      expect(await page.locator('body').innerText()).not.toContain(JOB_NAME);
      held = bytes;
      await page.getByLabel('PDF to check').setInputFiles({ name: 'calcs.pdf', mimeType: 'application/pdf', buffer: bytes });
      await page.getByTestId('check-result').getByText('This is the sealed document.').waitFor();
      await screenshot(page, 'verify-match.png');
      const changed = Buffer.from(bytes);
      changed[10] ^= 1;
      await page.getByLabel('PDF to check').setInputFiles({ name: 'calcs-edited.pdf', mimeType: 'application/pdf', buffer: changed });
      await page.getByTestId('check-result').getByText('This file is not the sealed document.').waitFor();
      await screenshot(page, 'verify-mismatch.png');
      await page.goto(`${baseUrl}/verify/AAAAA-AAAAA-AAAAA-AAAAA`);
      await page.getByText('No sealed document has this code.', { exact: false }).waitFor();
      expect(problems.filter((p) => !/404/.test(p))).toEqual([]);
    });
    it('once the firm withdraws it, the same code says the document is withdrawn and not valid, and the PDF held is recognised as that one', async () => {
      expect((await (await apiAs(ADMIN))('DELETE', `/deliverables/${sealed.id}`))).toBeNull();
      await page.goto(`${baseUrl}/verify/${sealed.verification_code}`);
      const card = page.getByTestId('verification');
      await card.getByText('Calculation package sealed by Dana Whitfield (demo): withdrawn').waitFor();
      await card.getByTestId('release-status').getByText('Not valid: withdrawn').waitFor();
      await card.getByTestId('release-status').getByText('this document is no longer valid and must not be accepted', { exact: false }).waitFor();
      await page.getByLabel('PDF to check').setInputFiles({ name: 'calcs.pdf', mimeType: 'application/pdf', buffer: held });
      await page.getByTestId('check-result').getByText('This is the withdrawn document.').waitFor();
      await screenshot(page, 'verify-withdrawn.png');
      expect(problems.filter((p) => !/404/.test(p))).toEqual([]);
    });
  });
});
