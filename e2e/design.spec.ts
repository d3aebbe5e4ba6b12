import { createCanvas } from '@napi-rs/canvas';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, INSTALLER, PASSWORD, baseUrl, launchBrowser, pathOf, screenshot, signInAs, type Browser } from './support.ts';

/**
 * A designer opens a job's Design page, auto-fills the modules, moves one with the keyboard, undoes
 * a step, saves, reloads and finds the module where it was left; a later move asks for the client's
 * permission (the default "Request permission to alter layout"). The client's layout sketch is
 * the traced background.
 */

let browser: Browser;
let page: Page;
let jobId = '';

async function session(email: string) {
  const csrf = async (access?: string) =>
    ((await (await fetch(`${baseUrl}/api/auth/csrf/`, { headers: access ? { authorization: `Bearer ${access}` } : {} })).json()) as { csrfToken: string }).csrfToken;
  const login = await fetch(`${baseUrl}/api/auth/login/`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'x-csrftoken': await csrf() }, body: JSON.stringify({ email, password: PASSWORD }),
  });
  const { access } = (await login.json()) as { access: string };
  return { access, csrf: await csrf(access) };
}

/** The client's hand-drawn panel layout: a roof outline with rows of panels, as a PNG. */
function layoutSketch(): Buffer {
  const c = createCanvas(600, 400);
  const g = c.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, 600, 400);
  g.strokeStyle = '#444';
  g.lineWidth = 4;
  g.strokeRect(40, 60, 520, 260);
  g.fillStyle = '#7a8fb0';
  for (let r = 0; r < 2; r++) for (let k = 0; k < 4; k++) g.fillRect(90 + k * 110, 110 + r * 100, 90, 80);
  g.fillStyle = '#222';
  g.font = '22px sans-serif';
  g.fillText('Client layout: 8 panels, south roof', 60, 40);
  return c.toBuffer('image/png');
}

beforeAll(async () => {
  const client = await session(INSTALLER);
  const res = await fetch(`${baseUrl}/api/jobs`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${client.access}`, 'x-csrftoken': client.csrf },
    body: JSON.stringify({ name: `E2E Design ${Date.now().toString(36)}`, client_name: 'Dana Design', client_street_address: '12 Elm St', arrays: [{ panel_quantity: 8, roof_pitch: 26 }] }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  jobId = ((await res.json()) as { id: string }).id;
  const form = new FormData();
  form.append('category', 'General');
  form.append('files', new Blob([new Uint8Array(layoutSketch())], { type: 'image/png' }), 'panel-layout.png');
  const up = await fetch(`${baseUrl}/api/jobs/${jobId}/files`, { method: 'POST', headers: { authorization: `Bearer ${client.access}`, 'x-csrftoken': client.csrf }, body: form });
  expect(up.status, await up.clone().text()).toBe(201);

  browser = await launchBrowser({ ignore: (m) => /tile\.openstreetmap\.org|\/api\/parcel\b/.test(m.location().url) });
  ({ page } = browser);
  await signInAs(page, ADMIN);
});
afterAll(async () => {
  await browser?.close();
});

const moduleX = async (id: string) => Number(await page.getByTestId(`module-${id}`).getAttribute('data-x'));

describe('the Design page', () => {
  it('opens from the job page with the auto-filled design', async () => {
    await page.goto(`${baseUrl}/jobs/${jobId}`);
    await page.getByTestId('job-actions').getByRole('link', { name: 'Design' }).click();
    await page.waitForURL((u) => u.pathname === `/jobs/${jobId}/design`);
    await page.getByTestId('design-canvas').waitFor();
    expect(await page.getByText('Auto-filled from the job\'s arrays (not saved yet)', { exact: false }).count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('module-count').textContent()).toBe('Modules 8 of 8');
  });

  it('auto-fills, moves a module by keyboard, undoes one step, and traces the client\'s layout', async () => {
    await page.getByRole('button', { name: 'Auto-fill modules' }).click();
    await page.getByText('Auto-fill placed 8 modules.').waitFor();
    // The client's sketch as the background.
    await page.getByTestId('background-picker').click();
    await page.getByRole('option', { name: 'panel-layout.png' }).click();
    await page.getByTestId('design-background').waitFor({ state: 'attached' });

    const first = page.getByTestId('module-R1-M1');
    const x0 = await moduleX('R1-M1');
    await first.focus();
    await expect.poll(() => page.getByTestId('design-selection').textContent()).toContain('Module R1-M1');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    expect(await moduleX('R1-M1')).toBeCloseTo(x0 + 1, 6);
    await page.keyboard.press('Control+z');
    expect(await moduleX('R1-M1')).toBeCloseTo(x0 + 0.5, 6);
    await page.keyboard.press('Control+Shift+z');
    expect(await moduleX('R1-M1')).toBeCloseTo(x0 + 1, 6);
    await page.keyboard.press('Control+z');
    // Tab walks to the next module; Delete removes it, undo brings it back.
    await page.keyboard.press('Tab');
    await expect.poll(() => page.getByTestId('design-selection').textContent()).toContain('Module R1-M2');
    await page.keyboard.press('Delete');
    await expect.poll(() => page.getByTestId('module-count').textContent()).toBe('Modules 7 of 8');
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByTestId('module-count').textContent()).toBe('Modules 8 of 8');
    await screenshot(page, 'design-editing.png');
    expect(browser.problems).toEqual([]);
  });

  it('saves, and a reload shows the module where it was left', async () => {
    const x = await moduleX('R1-M1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Design saved.').waitFor();
    await page.reload();
    await page.getByTestId('design-canvas').waitFor();
    await page.getByText('Saved design', { exact: false }).first().waitFor();
    expect(await moduleX('R1-M1')).toBeCloseTo(x, 6);
    await page.getByTestId('design-background').waitFor({ state: 'attached' });
    await screenshot(page, 'design-saved.png');
  });

  it('asks for the client\'s permission before a saved layout changes', async () => {
    const x = await moduleX('R1-M1');
    await page.getByTestId('module-R1-M1').focus();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Client permission needed' });
    await dialog.waitFor();
    await screenshot(page, 'design-permission.png');
    await dialog.getByLabel('The client agreed to this layout change').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Design saved.').first().waitFor();
    await page.reload();
    await page.getByTestId('design-canvas').waitFor();
    expect(await moduleX('R1-M1')).toBeCloseTo(x - 0.5, 6);
    expect(pathOf(page)).toBe(`/jobs/${jobId}/design`);
  });

  it('shows the client the design, read-only', async () => {
    const other = await launchBrowser();
    try {
      await signInAs(other.page, INSTALLER);
      await other.page.goto(`${baseUrl}/jobs/${jobId}/design`);
      await other.page.getByTestId('design-canvas').waitFor();
      await other.page.getByText('Our design team draws this plan; you can view it here.').waitFor();
      expect(await other.page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
      await screenshot(other.page, 'design-client.png');
      expect(other.problems).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
