import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, INSTALLER, SUPPORT, baseUrl, launchBrowser, screenshot, signInAs, signOut, type Browser } from './support.ts';

let browser: Browser;
let page: Page;
let problems: string[];
/** Requests to any host but ours: with no analytics keys configured there must be none. */
const outside: string[] = [];
const stamp = Date.now().toString(36);
const ARTICLE = `Reading your jobs list ${stamp}`;
const POST = `Hostile post ${stamp}`;

/** Every way a stored post could try to run script; none may. */
const XSS_CORPUS = [
  '# Still a heading',
  '<script>window.__xss = "script"</script>',
  '<img src=x onerror="window.__xss=\'img\'">',
  '[click me](javascript:window.__xss=\'link\')',
  '[upper](JAVASCRIPT:window.__xss=\'upper\')',
  '![x](data:text/html,<script>window.__xss=1</script>)',
  '<a href="javascript:window.__xss=\'raw\'">raw anchor</a>',
  '<iframe srcdoc="<script>parent.__xss=\'iframe\'</script>"></iframe>',
  '<svg onload="window.__xss=\'svg\'"></svg>',
  '<details open ontoggle="window.__xss=\'details\'">x</details>',
  '[ref link][r]\n\n[r]: javascript:window.__xss=\'ref\'',
  '| a | b |\n|---|---|\n| <b onmouseover="window.__xss=\'cell\'">cell</b> | 2 |',
  '<style>body{display:none}</style>',
  '<form action="javascript:window.__xss=\'form\'"><button>go</button></form>',
].join('\n\n');

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page, problems } = browser);
  const ours = new URL(baseUrl).origin;
  page.on('request', (r) => { if (!r.url().startsWith(ours) && !r.url().startsWith('data:') && !r.url().startsWith('blob:')) outside.push(r.url()); });
});
afterAll(async () => {
  await browser?.close();
});

async function openEditor(p: Page, newLabel: 'New article' | 'New post', tab?: string) {
  await p.getByRole('button', { name: 'Account menu' }).click();
  await p.getByRole('menuitem', { name: 'Blog and help' }).click();
  await p.getByRole('heading', { name: 'Blog and help', level: 1 }).waitFor();
  if (tab) await p.getByRole('tab', { name: tab }).click();
  await p.getByRole('link', { name: newLabel }).click();
}

describe('blog and help centre', { shuffle: false }, () => {
  it('support writes a help article in Markdown with a live preview and publishes it', async () => {
    await signInAs(page, SUPPORT);
    // Support edits help only: no blog tab.
    await openEditor(page, 'New article');
    expect(await page.getByRole('tab', { name: 'Blog posts' }).count()).toBe(0);
    await page.getByRole('heading', { name: 'New article', level: 1 }).waitFor();
    // Missing title and category are refused beside their fields.
    await page.getByRole('button', { name: 'Save article' }).click();
    await page.getByText('Write a title.').waitFor();
    await page.getByText('Choose a category.').waitFor();
    await page.getByLabel('Title').fill(ARTICLE);
    await page.getByText(`/help/reading-your-jobs-list-${stamp}`).waitFor(); // the slug, made from the title
    await page.getByLabel('Summary').fill('Filters, columns and the chips that say a job waits on you.');
    await page.getByLabel('Category').click();
    await page.getByRole('option', { name: 'Getting started' }).click();
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: /^Published/ }).click();
    await page.getByRole('textbox', { name: 'Text (Markdown)' }).fill('## Filters\n\nThe list **remembers** your filters.\n\n| Column | Meaning |\n|---|---|\n| Status | Where the job is |');
    const preview = page.getByTestId('markdown-preview');
    await preview.getByRole('heading', { name: 'Filters' }).waitFor();
    await preview.getByRole('cell', { name: 'Where the job is' }).waitFor();
    await screenshot(page, 'content-editor.png');
    await page.getByRole('button', { name: 'Save article' }).click();
    await page.getByText('Saved and published.').waitFor();
    await page.getByRole('heading', { name: 'Edit article', level: 1 }).waitFor();
    // An edit keeps the earlier version.
    await page.getByRole('textbox', { name: 'Text (Markdown)' }).fill('## Filters\n\nThe list **remembers** your filters, columns and sort.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved and published.').waitFor();
    await page.getByRole('heading', { name: 'Earlier versions' }).locator('..').getByText(ARTICLE).waitFor();
    await signOut(page);
  });

  it('a client finds the article by search and reads it', async () => {
    await signInAs(page, INSTALLER);
    await page.goto(`${baseUrl}/help`);
    await page.getByRole('heading', { name: 'Ordering a job', level: 2 }).waitFor();
    await screenshot(page, 'help-centre.png');
    await page.getByPlaceholder('Search the help centre').fill(`jobs list ${stamp}`);
    await expect.poll(() => page.getByTestId('help-article').count(), { timeout: 15_000 }).toBe(1);
    await page.getByTestId('help-article').filter({ hasText: ARTICLE }).waitFor();
    await page.getByTestId('help-article').click();
    await page.getByRole('heading', { name: ARTICLE, level: 1 }).waitFor();
    await page.getByText('columns and sort').waitFor();
    await page.getByRole('link', { name: 'Getting started' }).waitFor(); // the breadcrumb
    await screenshot(page, 'help-article.png');
    // A seeded article links to another within the app.
    await page.goto(`${baseUrl}/help/ordering-a-job`);
    await page.getByRole('link', { name: 'The CAD intake' }).click();
    await page.waitForURL((u) => u.pathname === '/help/cad-intake');
    await page.getByRole('heading', { name: 'The CAD intake', level: 1 }).waitFor();
    await page.goto(`${baseUrl}/jobs`);
    await signOut(page);
  });

  it('a stored post full of script runs none of it in Chromium', async () => {
    await signInAs(page, ADMIN);
    await openEditor(page, 'New post', 'Blog posts');
    await page.getByLabel('Title').fill(POST);
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: /^Published/ }).click();
    await page.getByRole('textbox', { name: 'Text (Markdown)' }).fill(XSS_CORPUS);
    await page.getByTestId('markdown-preview').getByRole('heading', { name: 'Still a heading' }).waitFor();
    await page.getByRole('button', { name: 'Save post' }).click();
    await page.getByText('Saved and published.').waitFor();
    await signOut(page);

    const dialogs: string[] = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    // Straight to the post: the prerendered HTML first, then the app over it.
    await page.goto(`${baseUrl}/blog/hostile-post-${stamp}`);
    await page.getByRole('heading', { name: POST, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Still a heading' }).waitFor();
    for (const name of ['click me', 'upper', 'raw anchor', 'ref link']) {
      const link = page.getByText(name, { exact: false }).first();
      if (await link.count()) await link.click({ noWaitAfter: true }).catch(() => {});
    }
    await page.getByText('cell', { exact: true }).first().hover().catch(() => {});
    await screenshot(page, 'blog-hostile-post.png');
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.locator('article script, article iframe, article svg, article form, article [onerror], article [onload]').count()).toBe(0);
    expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
    expect(problems.filter((p) => !/401|Unauthorized/.test(p))).toEqual([]);
  });

  it('the blog lists published posts; prerendered HTML holds the title and text before any script', async () => {
    await page.goto(`${baseUrl}/blog`);
    await page.getByTestId('post-card').filter({ hasText: 'Welcome to Sunstamp' }).waitFor();
    await screenshot(page, 'blog.png');
    const html = await (await fetch(`${baseUrl}/help/ordering-a-job`)).text();
    expect(html.indexOf('<title>Ordering a job · Sunstamp</title>')).toBeLessThan(html.indexOf('<script type="module"'));
    expect(html).toContain('<meta property="og:title" content="Ordering a job" />');
    // With scripts off, Chromium still shows the page's title and text: they are in the HTML itself.
    const plain = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
    try {
      const ctx = await plain.newContext({ javaScriptEnabled: false });
      const p = await ctx.newPage();
      await p.goto(`${baseUrl}/help/ordering-a-job`);
      expect(await p.title()).toBe('Ordering a job · Sunstamp');
      await p.getByRole('heading', { name: 'Ordering a job', level: 1 }).waitFor();
      await p.getByText('The job moves to Pending Pre-Check', { exact: false }).waitFor();
      await screenshot(p, 'help-article-no-script.png');
    } finally {
      await plain.close();
    }
    const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
    expect(sitemap).toContain(`/help/reading-your-jobs-list-${stamp}</loc>`);
    expect((await fetch(`${baseUrl}/blog/no-such-post-${stamp}`)).status).toBe(404);
  });

  it('the home page shows a sheet of a generated plan set, described for those who cannot see it', async () => {
    await page.goto(`${baseUrl}/`);
    const sheet = page.getByRole('img', { name: /^Sample sheet PV-4 of a generated plan set/ });
    await sheet.scrollIntoViewIfNeeded();
    await expect.poll(() => sheet.evaluate((i) => (i as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBeGreaterThan(1000);
    await page.getByText('Sheet PV-4 of a sample set', { exact: false }).waitFor();
  });

  it('with no keys configured, no page made a request to an analytics or any other outside host, and no consent banner showed', async () => {
    await page.goto(`${baseUrl}/about`);
    await page.getByRole('contentinfo').waitFor();
    expect(await page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);
    expect(await page.getByText('Cookie settings').count()).toBe(0);
    expect(outside).toEqual([]);
  });
});
