import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, deliverRequired, stateId, submittedJob, type Call } from './deliverables-support.ts';
import { ADMIN, INSTALLER, OWNER, SUPPORT, baseUrl, launchBrowser, screenshot, settled, signInAs as signInOnce, signOut, type Browser } from './support.ts';

const CONTRACTOR = 'drafter@sunstamp.test';

/**
 * axe-core over every page of the app, as each role that can see it: in the light theme the WCAG
 * 2.0/2.1 A and AA rules and axe's best practices, in the dark theme the colour rules (the palette
 * is all that changes). Fails on any violation of
 * impact "serious" or "critical", and on any violation of the naming and structure rules below
 * whatever its impact (heading order, labels and accessible names, the label in the name), listed
 * with the page, the rule and the offending elements.
 */

/** Rules held at any impact: a moderate heading-order skip or a name mismatch still fails. */
const STRICT_RULES = new Set([
  'heading-order',
  'page-has-heading-one',
  'empty-heading',
  'label',
  'label-title-only',
  'label-content-name-mismatch',
  'button-name',
  'link-name',
  'input-button-name',
  'select-name',
  'aria-input-field-name',
  'aria-toggle-field-name',
  'aria-command-name',
  'aria-dialog-name',
  'landmark-one-main',
]);

const require = createRequire(import.meta.url);
const axeSource: string = (require('axe-core') as { source: string }).source;

type AxeNode = { target: unknown[]; failureSummary?: string };
type AxeViolation = { id: string; impact?: string | null; help: string; nodes: AxeNode[] };

let browser: Browser;
let page: Page;

/** Map tiles cannot load offline, and the parcel lookup answers 501 without a provider. */
const expectedNoise = (url: string) => /tile\.openstreetmap\.org/.test(url) || /\/api\/parcel\b/.test(url);

/**
 * The rules that depend on the palette. The dark theme changes colours only (same components,
 * names and structure), so its pass runs these; the light pass runs everything.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The theme of the pass in progress: the dark pass checks colours only. */
let colourOnly = false;

async function axe(p: Page): Promise<AxeViolation[]> {
  // The CSP refuses inline <script> tags (addScriptTag), so the source is evaluated through the protocol.
  if (!(await p.evaluate(() => 'axe' in window))) await p.evaluate(axeSource);
  return p.evaluate(async (onlyColours) => {
    const w = window as unknown as {
      axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
    };
    const r = await w.axe.run(document, {
      runOnly: onlyColours.length
        ? { type: 'rule', values: onlyColours }
        : { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      // Experimental in axe, so named: a visible label that is not part of the accessible name.
      ...(onlyColours.length ? {} : { rules: { 'label-content-name-mismatch': { enabled: true } } }),
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, colourOnly ? COLOUR_RULES : []);
}

/** Waits for the page to settle (no spinner, fonts and transitions done). */
async function settle(p: Page) {
  // A spinner on screen (a hidden one, faded out but mounted, does not count).
  await p.waitForFunction(() => ![...document.querySelectorAll('[role="progressbar"]:not([aria-valuenow])')]
    .some((e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'), null, { timeout: 5_000 }).catch(() => undefined);
  await settled(p);
}

const failures: string[] = [];

/** Runs axe on the current page and records serious/critical violations, and any of STRICT_RULES, under `label`. */
async function check(label: string) {
  await settle(page);
  // Every page has a level-one heading; a lazily loaded page draws it a moment after the network
  // settles, so wait for one (briefly) before axe reads the page, which still reports it if absent.
  await page.locator('h1').first().waitFor({ timeout: 10_000 }).catch(() => {});
  // MUI's ripple is a decorative overlay; on a focused button it pulses for ever (so "settled" does
  // not wait for it), and axe, catching it mid-pulse, measured the blend of white and the button's
  // colour (4.0:1) instead of the button's own colours (#fff on #1d5fa8). Axe reads the resting colours.
  await page.addStyleTag({ content: '.MuiTouchRipple-root { display: none !important; }' });
  const found = async () => (await axe(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical' || STRICT_RULES.has(v.id));
  let serious = await found();
  if (serious.length > 0) {
    // A finding is a property of the page, not of a moment: a colour caught mid-change (a fade or
    // a state change that "settled" cannot see) is gone a second later. Measure again and keep
    // the findings, node by node, that are there both times.
    await page.waitForTimeout(1_000);
    await settle(page);
    const again = await found();
    const key = (id: string, n: { target: unknown }) => `${id} ${JSON.stringify(n.target)}`;
    const still = new Set(again.flatMap((v) => v.nodes.map((n) => key(v.id, n))));
    serious = serious.map((v) => ({ ...v, nodes: v.nodes.filter((n) => still.has(key(v.id, n))) })).filter((v) => v.nodes.length > 0);
  }
  for (const v of serious) {
    const nodes = v.nodes
      .slice(0, 6)
      .map((n) => `      ${JSON.stringify(n.target)} ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? ''}`)
      .join('\n');
    failures.push(`${label}: [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length})\n${nodes}`);
  }
  return serious;
}

async function visit(path: string, label = path) {
  await page.goto(`${baseUrl}${path}`);
  return check(label);
}

async function currentTheme() {
  return page.evaluate(() => document.documentElement.dataset.theme);
}

/** Switches to the wanted theme with the toggle (the choice is remembered across page loads). */
async function useTheme(mode: 'light' | 'dark') {
  if ((await currentTheme()) === mode) return;
  await page.getByTestId('theme-toggle').first().click();
  await page.waitForFunction((m) => document.documentElement.dataset.theme === m, mode);
  // The pointer leaves the toggle: its hover tooltip is not part of the pages checked.
  await page.mouse.move(1, 700);
}

const PUBLIC_PATHS = [
  '/',
  '/permit-design',
  '/engineering',
  '/structural-engineering',
  '/electrical-engineering',
  '/about',
  '/terms',
  '/privacy-policy',
  '/blog',
  '/help',
  '/contact-us',
  '/request-demo',
  '/password-reset',
  '/login',
];

/** The first link on `path` whose href matches (a blog post, a help article). */
async function firstLink(path: string, pattern: RegExp): Promise<string | null> {
  await page.goto(`${baseUrl}${path}`);
  await settle(page);
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.find((h) => pattern.test(h)) ?? null;
}

/**
 * The jobs the pages are checked on, the spec's own (each theme's file makes its own), so that what
 * a page shows does not depend on which demo job another spec moved or on the order of the run:
 * a submitted job of the client's with a conversation, one released and approved by the client,
 * one released and waiting on the client's approval (Pending Approval), a full draft for the intake
 * steps and one assigned to the contractor (the drafter).
 */
interface OwnJobs { submitted: string; approved: string; pendingApproval: string; draft: string; contractor: string }

/** Staff take a submitted job through design and release it: it waits in Pending Approval. */
async function released(staff: Call, jobId: string) {
  for (const status of ['Pending Design', 'Pending QC']) await staff('POST', `/jobs/${jobId}/status`, { status });
  await deliverRequired(staff, jobId);
  for (const status of ['Design Completed', 'Finalized']) await staff('POST', `/jobs/${jobId}/status`, { status });
  await staff('POST', `/jobs/${jobId}/release`, {});
}

async function ownJobs(mode: string): Promise<OwnJobs> {
  const tag = `${mode} ${Date.now().toString(36)}`;
  const client = await apiAs(INSTALLER);
  const staff = await apiAs(SUPPORT);
  const texas = await stateId(client, 'TX');
  const address = { client_street_address: '12 Elm St', city: 'Austin', state: texas, client_zip_code: '78702' };
  const submitted = async () => {
    // The client's own message with a mention of staff, and the staff's reply: the job page and the
    // client's notifications hold the same things in any order of the run.
    const job = (await client('PUT', '/jobs', { name: `E2E Axe ${tag}`, ...address, services_requested: ['structural_roof_letter'] })) as { id: string };
    await client('POST', `/jobs/${job.id}/submit`, {});
    const support = ((await staff('GET', '/users/me')) as { user: { id: string } }).user;
    await client('POST', `/jobs/${job.id}/messages`, { body: 'Hello @Sam Support, the attic photos are in.', mentions: [support.id] });
    await staff('POST', `/jobs/${job.id}/messages`, { body: 'Thanks! We start the design today.' });
    return job.id;
  };
  const pendingApproval = async () => {
    const { jobId } = await submittedJob({ name: `E2E Axe delivered ${tag}`, client_name: 'Ada Axe', client_street_address: '14 Elm St', services_requested: ['cad_packet'] });
    await released(staff, jobId);
    return jobId;
  };
  const approved = async () => {
    const id = await pendingApproval();
    await client('POST', `/jobs/${id}/status`, { status: 'Approved' });
    return id;
  };
  const draft = async () => {
    // Filled in as far as the review (address, arrays, CAD intake, equipment, services), not submitted.
    const pick = async (kind: string) => ((await staff('GET', `/equipment?kind=${kind}&page_size=200`)).results as { id: string; source: string }[]).find((e) => e.source === 'seed')!.id;
    const job = (await client('PUT', '/jobs', {
      name: `E2E Axe draft ${tag}`, client_name: 'Dee Draft', ...address, services_requested: ['cad_packet'],
      arrays: [{ panel_quantity: 12, roof_pitch: 22, frame_shape: '2x6', beam_spacing: 24, beam_span: [150], num_panels_on_rafter: 2, orientation: 'Portrait' }],
      cad_intake: { msp_rating: 225, breaker_rating: 200, contractor_license_num: 'TECL-40211', interconnection: 'PV Breaker in MSP' },
    })) as { id: string };
    await client('PUT', `/jobs/${job.id}/equipment`, { lines: [
      { kind: 'module', equipment_id: await pick('module'), quantity: 12 }, { kind: 'inverter', equipment_id: await pick('inverter'), quantity: 1 },
      { kind: 'racking', equipment_id: await pick('racking'), quantity: null },
    ] });
    return job.id;
  };
  const contractor = async () => {
    const { jobId } = await submittedJob({ name: `E2E Axe drafting ${tag}`, client_name: 'Cy Contractor', client_street_address: '16 Elm St', services_requested: ['cad_packet'] }, ['Pending Design']);
    const users = await staff('GET', `/users?role=contractor&page_size=200&search=${encodeURIComponent(CONTRACTOR)}`);
    const drafter = ((Array.isArray(users) ? users : users.results) as { id: string; email: string }[]).find((u) => u.email === CONTRACTOR)!;
    await staff('POST', `/jobs/${jobId}/assign`, { assignee_id: drafter.id });
    return jobId;
  };
  const [a, b, c, d, e] = await Promise.all([submitted(), approved(), pendingApproval(), draft(), contractor()]);
  return { submitted: a, approved: b, pendingApproval: c, draft: d, contractor: e };
}

/** Opens a menu or popover by its button, checks it open, and closes it with Escape. */
async function checkOpen(button: string, label: string) {
  await page.getByRole('button', { name: button }).first().click();
  await page.locator('[role="menu"], .MuiPopover-paper').first().waitFor();
  await check(label);
  await page.keyboard.press('Escape');
}

/** Every step of the intake, on a job the signed-in user may edit; `prefix` labels the checks. */
async function checkIntakeSteps(jobId: string, prefix: string) {
  await page.goto(`${baseUrl}/jobs/new?id=${jobId}`);
  await page.getByRole('heading', { name: 'Address', level: 2 }).waitFor();
  await check(`${prefix} intake: Address`);
  for (const step of ['Arrays', 'CAD intake', 'Equipment', 'Services', 'Files', 'Review']) {
    await page.getByRole('button', { name: step === 'Review' ? /^(Next|Continue to review)$/ : 'Next' }).click();
    await page.getByRole('heading', { name: step, level: 2 }).waitFor({ timeout: 10_000 });
    await check(`${prefix} intake: ${step}`);
    if (step === 'CAD intake' || step === 'Review') await screenshot(page, `desktop-${prefix.replace(/\s+/g, '-')}-intake-${step.split(' ')[0]!.toLowerCase()}.png`);
  }
}

/** The revision page of a job the signed-in user may revise. */
async function checkRevisePage(jobId: string, prefix: string) {
  await page.goto(`${baseUrl}/jobs/${jobId}/revise`);
  await page.getByRole('heading', { name: /^Request a revision/, level: 1 }).waitFor();
  await check(`${prefix} /jobs/{id}/revise`);
  await screenshot(page, `desktop-${prefix.replace(/\s+/g, '-')}-revise.png`);
}

/** Signs in from a clean session (a test that failed signed in must not take the next one down with it). */
async function signInAs(p: Page, email: string) {
  await browser.context.clearCookies();
  await p.goto(`${baseUrl}/help`);
  await p.evaluate(() => {
    const theme = Object.entries(localStorage).filter(([k]) => /theme/i.test(k));
    localStorage.clear();
    for (const [k, v] of theme) localStorage.setItem(k, v);
  });
  await signInOnce(p, email);
}

/**
 * The axe pass of one theme as a spec file of its own (accessibility-light and -dark run side by
 * side when the run has two workers): its pages in order, as each role, then the summary of what
 * axe found in them. Each file has its own browser context and its own list of failures.
 */
export function axeSuite(mode: 'light' | 'dark') {
  let own: OwnJobs;

  beforeAll(async () => {
    failures.length = 0;
    colourOnly = mode === 'dark';
    own = await ownJobs(mode);
    browser = await launchBrowser({ ignore: (m) => expectedNoise(m.location().url) });
    ({ page } = browser);
    // Five jobs, two of them designed, delivered and released, through the API: seconds on a quiet
    // machine, more than the 60 s default for hooks on a busy one.
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  // The tests below build on each other (one user story): they keep their order when the run shuffles.
  describe(`axe-core, ${mode} theme: no serious or critical violations`, { shuffle: false }, () => {
    it('public pages, signed out', { timeout: 300_000 }, async () => {
      await page.goto(`${baseUrl}/login`);
      await useTheme(mode);
      for (const p of PUBLIC_PATHS) await visit(p, `${mode} ${p}`);
      const post = await firstLink('/blog', /^\/blog\/.+/);
      if (post) await visit(post, `${mode} blog post`);
      const article = await firstLink('/help', /^\/help\/.+/);
      if (article) await visit(article, `${mode} help article`);
      expect(await currentTheme()).toBe(mode);
    });

    it('the client: jobs, a job, the intake steps, a revision, requirements, analytics, messages, profile', { timeout: 300_000 }, async () => {
      await signInAs(page, INSTALLER);
      await useTheme(mode);
      await check(`${mode} client /jobs`);
      await screenshot(page, `desktop-${mode}-jobs-list.png`);
      // The filter is remembered: on, checked, and off again.
      const waiting = page.getByRole('button', { name: /^Waiting on me/ }).first();
      await waiting.click();
      await page.waitForFunction(() => document.querySelector('[aria-pressed="true"]'));
      await check(`${mode} client /jobs, Waiting on me`);
      await waiting.click();
      // The job page with its conversation (messages), and one with its deliverables, approved.
      await visit(`/jobs/${own.submitted}`, `${mode} client job page`);
      await visit(`/jobs/${own.approved}`, `${mode} client job page, Approved`);
      await screenshot(page, `desktop-${mode}-job-page.png`);
      await checkRevisePage(own.approved, `${mode} client`);
      await visit('/jobs/new', `${mode} client intake: new job`);
      // Next with nothing filled: the field messages show.
      await page.getByRole('button', { name: 'Next' }).click();
      await check(`${mode} client intake: Address with errors`);
      await checkIntakeSteps(own.draft, `${mode} client`);
      for (const p of ['/requirements', '/analytics', '/profile']) await visit(p, `${mode} client ${p}`);
      await checkOpen('Account menu', `${mode} client account menu`);
      await checkOpen('Notifications', `${mode} client notifications`);
      await signOut(page);
    });

    it('the company admin: jobs, users, analytics', { timeout: 180_000 }, async () => {
      await signInAs(page, OWNER);
      await useTheme(mode);
      await check(`${mode} company admin /jobs`);
      for (const p of ['/users', '/analytics', '/requirements']) await visit(p, `${mode} company admin ${p}`);
      await signOut(page);
    });

    it('the contractor: its jobs, a job, analytics', { timeout: 180_000 }, async () => {
      await signInAs(page, CONTRACTOR);
      await useTheme(mode);
      await check(`${mode} contractor /jobs`);
      await visit(`/jobs/${own.contractor}`, `${mode} contractor job page`);
      for (const p of ['/analytics', '/requirements', '/profile']) await visit(p, `${mode} contractor ${p}`);
      await signOut(page);
    });

    it('staff: jobs, a job, the intake, a revision, analytics, users, companies, catalogue, reference, site alerts', { timeout: 300_000 }, async () => {
      await signInAs(page, ADMIN);
      await useTheme(mode);
      await check(`${mode} admin /jobs`);
      await visit(`/jobs/${own.submitted}`, `${mode} admin job page`);
      await visit(`/jobs/${own.pendingApproval}`, `${mode} admin job page, Pending Approval`);
      await checkRevisePage(own.pendingApproval, `${mode} admin`);
      await visit('/jobs/new', `${mode} admin intake: new job`);
      for (const p of [
        '/analytics',
        '/requirements',
        '/users',
        '/companies',
        '/ahjs',
        '/utilities',
        '/equipment',
        '/reference/option-lists',
        '/reference/codes',
        '/reference/engineering',
        '/site-alerts',
        '/engineers',
        '/profile',
        '/no-such-page',
      ]) {
        await visit(p, `${mode} admin ${p}`);
      }
      await checkOpen('Account menu', `${mode} admin account menu`);
      await signOut(page);
    });

    it('found no serious or critical violation, nor a naming or heading-order one, on any page', () => {
      expect(failures.join('\n')).toBe('');
    });
  });
}
