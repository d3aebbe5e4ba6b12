import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, submittedJob } from './deliverables-support.ts';
import { CONTRACTOR, approvedJob, draftJob, inDesignJob, ownTag, pendingApprovalJob } from './own-jobs.ts';
import { ADMIN, INSTALLER, OWNER, SUPPORT, baseUrl, launchBrowser, screenshot, settled, signInAs as signInOnce, signOut, type Browser } from './support.ts';

/**
 * axe-core over every page of the app, as each role that can see it, in both themes: in the light
 * theme the WCAG 2.0/2.1 A and AA rules and axe's best practices, in the dark theme the colour
 * rules (the palette is all that changes). Each page is loaded once and checked in the theme it
 * opened in, then the theme toggle switches it and it is checked in the other (the toggle is
 * remembered, so the next page opens in that one). Fails on any violation of
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

type Mode = 'light' | 'dark';

async function axe(p: Page, colourOnly: boolean): Promise<AxeViolation[]> {
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

/** What axe found, per theme (each theme's summary test reads its own). */
const failures: Record<Mode, string[]> = { light: [], dark: [] };
/** How many pages each theme's pass checked (both themes check every page). */
const checked: Record<Mode, number> = { light: 0, dark: 0 };

/**
 * Runs axe on the current page in the theme it shows (all rules in light, the colour rules in dark)
 * and records serious/critical violations, and any of STRICT_RULES, under `label` prefixed by the theme.
 */
async function checkTheme(label: string) {
  const mode = await currentTheme();
  if (mode !== 'light' && mode !== 'dark') throw new Error(`no theme on the page for ${label}: ${String(mode)}`);
  await settle(page);
  // Every page has a level-one heading; a lazily loaded page draws it a moment after the network
  // settles, so wait for one (briefly) before axe reads the page, which still reports it if absent.
  await page.locator('h1').first().waitFor({ timeout: 10_000 }).catch(() => {});
  // MUI's ripple is a decorative overlay; on a focused button it pulses for ever (so "settled" does
  // not wait for it), and axe, catching it mid-pulse, measured the blend of white and the button's
  // colour (4.0:1) instead of the button's own colours (#fff on #1d5fa8). Axe reads the resting colours.
  await page.addStyleTag({ content: '.MuiTouchRipple-root { display: none !important; }' });
  const found = async () => (await axe(page, mode === 'dark')).filter((v) => v.impact === 'serious' || v.impact === 'critical' || STRICT_RULES.has(v.id));
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
    failures[mode].push(`${mode} ${label}: [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length})\n${nodes}`);
  }
  checked[mode] += 1;
}

async function currentTheme() {
  return page.evaluate(() => document.documentElement.dataset.theme);
}

/** Switches to the wanted theme with the toggle (the choice is remembered across page loads). */
async function useTheme(mode: Mode) {
  if ((await currentTheme()) === mode) return;
  await page.getByTestId('theme-toggle').first().click();
  await page.waitForFunction((m) => document.documentElement.dataset.theme === m, mode);
  // The pointer leaves the toggle: its hover tooltip is not part of the pages checked.
  await page.mouse.move(1, 700);
}

/**
 * Checks the page as it is in both themes: first the one it shows, then the other after the
 * toggle. What is open on it (a menu, a popover) would be closed by the click on the toggle:
 * `close` closes it first and `reopen` opens it again in the other theme. `shot` names a
 * screenshot taken in each theme.
 */
async function check(label: string, around: { close: () => Promise<void>; reopen: () => Promise<void> } | null = null, shot?: string) {
  const inTheme = async () => {
    await checkTheme(label);
    // A screenshot of each theme in e2e/.artifacts (gitignored), named by the theme.
    if (shot) await screenshot(page, `desktop-${await currentTheme()}-${shot}.png`);
  };
  const first = await currentTheme();
  await inTheme();
  if (around) await around.close();
  await useTheme(first === 'dark' ? 'light' : 'dark');
  if (around) await around.reopen();
  await inTheme();
}

async function visit(path: string, label = path) {
  await page.goto(`${baseUrl}${path}`);
  return check(label);
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
 * The jobs the pages are checked on, the spec's own (made through the API, e2e/own-jobs.ts), so
 * that what a page shows does not depend on which demo job another spec moved or on the order of
 * the run: a submitted job of the client's with a conversation, one released and approved by the
 * client, one released and waiting on the client's approval (Pending Approval), a full draft for
 * the intake steps and one assigned to the contractor (the drafter). A file makes only those its
 * roles read.
 */
interface OwnJobs { submitted: string; approved: string; pendingApproval: string; draft: string; contractor: string }

async function ownJobs(label: string, needs: ReadonlySet<keyof OwnJobs>): Promise<Partial<OwnJobs>> {
  const tag = ownTag(`E2E Axe ${label}`);
  const submitted = async () => {
    // The client's own message with a mention of staff, and the staff's reply: the job page and the
    // client's notifications hold the same things in any order of the run.
    const client = await apiAs(INSTALLER);
    const staff = await apiAs(SUPPORT);
    const { jobId } = await submittedJob({ name: tag, client_name: 'Axel Axe', client_street_address: '12 Elm St', services_requested: ['structural_roof_letter'] });
    const support = ((await staff('GET', '/users/me')) as { user: { id: string } }).user;
    await client('POST', `/jobs/${jobId}/messages`, { body: 'Hello @Sam Support, the attic photos are in.', mentions: [support.id] });
    await staff('POST', `/jobs/${jobId}/messages`, { body: 'Thanks! We start the design today.' });
    return jobId;
  };
  const make: Record<keyof OwnJobs, () => Promise<string>> = {
    submitted,
    approved: () => approvedJob(`${tag} approved`),
    pendingApproval: () => pendingApprovalJob(`${tag} delivered`),
    draft: () => draftJob(`${tag} draft`),
    contractor: () => inDesignJob(`${tag} drafting`, CONTRACTOR),
  };
  const keys = [...needs];
  const ids = await Promise.all(keys.map((k) => make[k]()));
  return Object.fromEntries(keys.map((k, i) => [k, ids[i]]));
}

/** Opens a menu or popover by its button, checks it open in both themes, and closes it with Escape. */
async function checkOpen(button: string, label: string) {
  const open = async () => {
    await page.getByRole('button', { name: button }).first().click();
    await page.locator('[role="menu"], .MuiPopover-paper').first().waitFor();
  };
  const close = async () => {
    await page.keyboard.press('Escape');
    await page.locator('[role="menu"], .MuiPopover-paper').first().waitFor({ state: 'hidden' });
  };
  await open();
  await check(label, { close, reopen: open });
  await close();
}

/** Every step of the intake, on a job the signed-in user may edit; `prefix` labels the checks. */
async function checkIntakeSteps(jobId: string, prefix: string) {
  await page.goto(`${baseUrl}/jobs/new?id=${jobId}`);
  await page.getByRole('heading', { name: 'Address', level: 2 }).waitFor();
  await check(`${prefix} intake: Address`);
  for (const step of ['Arrays', 'CAD intake', 'Equipment', 'Services', 'Files', 'Review']) {
    await page.getByRole('button', { name: step === 'Review' ? /^(Next|Continue to review)$/ : 'Next' }).click();
    await page.getByRole('heading', { name: step, level: 2 }).waitFor({ timeout: 10_000 });
    const shot = step === 'CAD intake' || step === 'Review' ? `${prefix.replace(/\s+/g, '-')}-intake-${step.split(' ')[0]!.toLowerCase()}` : undefined;
    await check(`${prefix} intake: ${step}`, null, shot);
  }
}

/** The revision page of a job the signed-in user may revise. */
async function checkRevisePage(jobId: string, prefix: string) {
  await page.goto(`${baseUrl}/jobs/${jobId}/revise`);
  await page.getByRole('heading', { name: /^Request a revision/, level: 1 }).waitFor();
  await check(`${prefix} /jobs/{id}/revise`, null, `${prefix.replace(/\s+/g, '-')}-revise`);
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

/** The parts of the app a file checks: the public pages signed out, then each role's pages. */
export type Part = 'public' | 'client' | 'company admin' | 'contractor' | 'staff';

/** The spec's own jobs each part reads. */
const JOBS_OF: Record<Part, (keyof OwnJobs)[]> = {
  public: [],
  client: ['submitted', 'approved', 'draft'],
  'company admin': [],
  contractor: ['contractor'],
  staff: ['submitted', 'pendingApproval'],
};

/**
 * The axe pass over `parts`, in both themes, as a spec file of its own (the accessibility specs
 * run side by side when the run has two workers): its pages in order, as each role, then the
 * summary of what axe found in each theme. Each file has its own browser context, its own jobs
 * and its own lists of failures.
 */
export function axeSuite(label: string, parts: readonly Part[]) {
  let own: Partial<OwnJobs> = {};
  const id = (k: keyof OwnJobs) => own[k] ?? (() => { throw new Error(`no ${k} job made for ${label}`); })();

  beforeAll(async () => {
    own = await ownJobs(label, new Set(parts.flatMap((p) => JOBS_OF[p])));
    browser = await launchBrowser({ ignore: (m) => expectedNoise(m.location().url) });
    ({ page } = browser);
    // Jobs designed, delivered and released through the API: seconds on a quiet machine, more than
    // the 60 s default for hooks on a busy one.
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
  });

  const tests: Record<Part, () => void> = {
    public: () => it('public pages, signed out', { timeout: 300_000 }, async () => {
      await page.goto(`${baseUrl}/login`);
      await useTheme('light');
      for (const p of PUBLIC_PATHS) await visit(p);
      const post = await firstLink('/blog', /^\/blog\/.+/);
      if (post) await visit(post, 'blog post');
      const article = await firstLink('/help', /^\/help\/.+/);
      if (article) await visit(article, 'help article');
    }),

    client: () => it('the client: jobs, a job, the intake steps, a revision, requirements, analytics, messages, profile', { timeout: 300_000 }, async () => {
      await signInAs(page, INSTALLER);
      await check('client /jobs', null, 'jobs-list');
      // The filter is remembered: on, checked, and off again.
      const waiting = page.getByRole('button', { name: /^Waiting on me/ }).first();
      await waiting.click();
      await page.waitForFunction(() => document.querySelector('[aria-pressed="true"]'));
      await check('client /jobs, Waiting on me');
      await waiting.click();
      // The job page with its conversation (messages), and one with its deliverables, approved.
      await visit(`/jobs/${id('submitted')}`, 'client job page');
      await page.goto(`${baseUrl}/jobs/${id('approved')}`);
      await check('client job page, Approved', null, 'job-page');
      await checkRevisePage(id('approved'), 'client');
      await visit('/jobs/new', 'client intake: new job');
      // Next with nothing filled: the field messages show.
      await page.getByRole('button', { name: 'Next' }).click();
      await check('client intake: Address with errors');
      await checkIntakeSteps(id('draft'), 'client');
      for (const p of ['/requirements', '/analytics', '/profile']) await visit(p, `client ${p}`);
      await checkOpen('Account menu', 'client account menu');
      await checkOpen('Notifications', 'client notifications');
      await signOut(page);
    }),

    'company admin': () => it('the company admin: jobs, users, analytics', { timeout: 180_000 }, async () => {
      await signInAs(page, OWNER);
      await check('company admin /jobs');
      for (const p of ['/users', '/analytics', '/requirements']) await visit(p, `company admin ${p}`);
      await signOut(page);
    }),

    contractor: () => it('the contractor: its jobs, a job, analytics', { timeout: 180_000 }, async () => {
      await signInAs(page, CONTRACTOR);
      await check('contractor /jobs');
      await visit(`/jobs/${id('contractor')}`, 'contractor job page');
      for (const p of ['/analytics', '/requirements', '/profile']) await visit(p, `contractor ${p}`);
      await signOut(page);
    }),

    staff: () => it('staff: jobs, a job, the intake, a revision, analytics, users, companies, catalogue, reference, site alerts', { timeout: 300_000 }, async () => {
      await signInAs(page, ADMIN);
      await check('admin /jobs');
      await visit(`/jobs/${id('submitted')}`, 'admin job page');
      await visit(`/jobs/${id('pendingApproval')}`, 'admin job page, Pending Approval');
      await checkRevisePage(id('pendingApproval'), 'admin');
      await visit('/jobs/new', 'admin intake: new job');
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
        await visit(p, `admin ${p}`);
      }
      await checkOpen('Account menu', 'admin account menu');
      await signOut(page);
    }),
  };

  // The tests below build on each other (one user story): they keep their order when the run shuffles.
  describe(`axe-core, light and dark themes (${label}): no serious or critical violations`, { shuffle: false }, () => {
    for (const p of parts) tests[p]();

    for (const mode of ['light', 'dark'] as const) {
      it(`found no serious or critical violation, nor a naming or heading-order one, on any page in the ${mode} theme`, () => {
        // Every page checked above was checked in this theme too (a toggle that stopped working fails here).
        expect(checked[mode]).toBeGreaterThan(0);
        expect(checked[mode]).toBe(checked[mode === 'light' ? 'dark' : 'light']);
        expect(failures[mode].join('\n')).toBe('');
      });
    }
  });
}
