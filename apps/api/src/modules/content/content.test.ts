import fs from 'node:fs';
import { CONTENT_PAGES, HOME_PAGE, LISTING_PAGES } from '@sunstamp/domain/site/public-pages.data';
import { CONTENT_SLUGS } from '@sunstamp/domain/site/public-pages.routes';
import { LOGIN_PAGE, PASSWORD_CHOOSE_PAGE, PASSWORD_RESET_PAGE, REQUEST_DEMO_PAGE, VERIFY_PAGE } from '@sunstamp/domain/site/login-page.data';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorEnvelope } from '@sunstamp/domain/contracts/common';
import { SEED_HELP_ARTICLES, SEED_POSTS } from '../../db/seed/content.seed.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/test-app.ts';
import { EXE, PDF, PNG, postMultipart } from '../../test/upload-fixtures.ts';

const escHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

let t: TestApp;
let dist: string;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  // A built web app's index.html, so the prerendered public pages are served.
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sunstamp-dist-'));
  fs.copyFileSync(path.resolve('apps/web/index.html'), path.join(dist, 'index.html'));
  t = await createTestApp({ webDist: dist });
}, 60_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const as = (email: string) => t.tokenOf(email);
async function create(body: Record<string, unknown>, email: string = DEMO.admin) {
  return t.request('POST', '/api/content/items', { token: await as(email), body });
}
const expectEnvelope = (res: { statusCode: number; data: unknown }, status: number) => {
  expect(res.statusCode).toBe(status);
  expect(ZErrorEnvelope.safeParse(res.data).success).toBe(true);
};

describe('public reads', () => {
  it('lists the seeded help articles and blog posts and shows one by slug', async () => {
    // The seeded content exactly: a database of its own, since the other tests publish posts, before or after this one.
    const shared = t;
    t = await createTestApp({ webDist: dist });
    try {
      const help = await t.request('GET', '/api/content/help');
      expect(help.statusCode).toBe(200);
      expect(help.data.map((a: { slug: string }) => a.slug).sort()).toEqual(SEED_HELP_ARTICLES.map((a) => a.slug).sort());
      const posts = await t.request('GET', '/api/content/posts');
      expect(posts.data.map((p: { slug: string }) => p.slug)).toEqual([...SEED_POSTS].sort((a, b) => a.daysAgo - b.daysAgo).map((p) => p.slug));
      const one = await t.request('GET', '/api/content/help/ordering-a-job');
      expect(one.statusCode).toBe(200);
      expect(one.data).toMatchObject({ title: 'Ordering a job', category: 'Ordering a job' });
      expect(one.data.body_md).toContain('Pending Pre-Check');
      expect(one.data.body_html).toBeUndefined();
      expectEnvelope(await t.request('GET', '/api/content/help/no-such-article'), 404);
      expectEnvelope(await t.request('GET', '/api/content/posts/ordering-a-job'), 404);
    } finally {
      await t.close();
      t = shared;
    }
  });

  it('searches help by every word, case-insensitive, and filters by category', async () => {
    const slugs = async (q: string) => (await t.request('GET', `/api/content/help?${q}`)).data.map((a: { slug: string }) => a.slug);
    expect(await slugs('q=SAVE%20AND%20SEND%20answer')).toEqual(['answering-questions']);
    expect(await slugs('q=revision')).toContain('requesting-a-revision');
    expect(await slugs('q=100%25')).toEqual([]);
    expect(await slugs('category=Messaging')).toEqual(['messaging']);
    expect(await slugs('q=zzzz-nothing')).toEqual([]);
    expectEnvelope(await t.request('GET', '/api/content/help?category=Nope'), 400);
    expectEnvelope(await t.request('GET', `/api/content/help?q=${'x'.repeat(201)}`), 400);
  });

  it('never shows a draft or a scheduled item: lists, slug, search, sitemap and prerendered page', async () => {
    const draft = await create({ kind: 'help', title: 'Secret draft zebra', category: 'Messaging', body_md: 'zebra' });
    const later = new Date(t.clock.now().getTime() + 2 * DAY).toISOString();
    const scheduled = await create({ kind: 'post', title: 'Scheduled zebra', status: 'published', published_at: later, body_md: 'zebra' });
    expect(draft.data.state).toBe('draft');
    expect(scheduled.data.state).toBe('scheduled');
    expect((await t.request('GET', '/api/content/help?q=zebra')).data).toEqual([]);
    expect((await t.request('GET', '/api/content/posts')).data.map((p: { slug: string }) => p.slug)).not.toContain('scheduled-zebra');
    expect((await t.request('GET', '/api/content/help/secret-draft-zebra')).statusCode).toBe(404);
    expect((await t.request('GET', '/api/content/posts/scheduled-zebra')).statusCode).toBe(404);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).not.toContain('zebra');
    expect((await t.app.inject({ method: 'GET', url: '/blog/scheduled-zebra' })).statusCode).toBe(404);
    // Its date comes: it is public without anyone touching it.
    t.clock.advance(3 * DAY);
    expect((await t.request('GET', '/api/content/posts/scheduled-zebra')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body).toContain('/blog/scheduled-zebra');
  });
});

describe('the editors', () => {
  it('admin writes posts and articles; support writes help only; nobody else writes or lists', async () => {
    expect((await create({ kind: 'post', title: 'Admin post' })).statusCode).toBe(201);
    expect((await create({ kind: 'help', title: 'Support article', category: 'Getting started' }, DEMO.support)).statusCode).toBe(201);
    expectEnvelope(await create({ kind: 'post', title: 'Support post' }, DEMO.support), 403);
    for (const who of [DEMO.contractor, DEMO.acmeOwner, DEMO.acmeUser, DEMO.brightOwner]) {
      expectEnvelope(await create({ kind: 'help', title: 'No', category: 'Getting started' }, who), 403);
      expectEnvelope(await t.request('GET', '/api/content/items?kind=help', { token: await as(who) }), 403);
    }
    expectEnvelope(await t.request('GET', '/api/content/items?kind=help'), 401);
    expectEnvelope(await t.request('GET', '/api/content/items?kind=post', { token: await as(DEMO.support) }), 403);
    const helpList = await t.request('GET', '/api/content/items?kind=help', { token: await as(DEMO.support) });
    expect(helpList.statusCode).toBe(200);
    expect(helpList.data.some((i: { title: string; state: string }) => i.title === 'Support article' && i.state === 'draft')).toBe(true);
    // Support may not open, change or delete a post by id either.
    const post = (await t.request('GET', '/api/content/items?kind=post', { token: await as(DEMO.admin) })).data[0];
    const support = await as(DEMO.support);
    expectEnvelope(await t.request('GET', `/api/content/items/${post.id}`, { token: support }), 403);
    expectEnvelope(await t.request('PUT', `/api/content/items/${post.id}`, { token: support, body: { title: 'x' } }), 403);
    expectEnvelope(await t.request('DELETE', `/api/content/items/${post.id}`, { token: support }), 403);
  });

  it('makes the slug from the title, publishes now when no date is given, and keeps every earlier version', async () => {
    const made = await create({ kind: 'help', title: 'Uploading files: the basics', category: 'Ordering a job', body_md: 'First text.' });
    expect(made.statusCode).toBe(201);
    expect(made.data).toMatchObject({ slug: 'uploading-files-the-basics', status: 'draft', state: 'draft', published_at: null, revision_count: 0, author: expect.any(String) });
    const token = await as(DEMO.admin);
    const id = made.data.id;
    const put = (body: Record<string, unknown>) => t.request('PUT', `/api/content/items/${id}`, { token, body });
    t.clock.advance(60_000);
    const published = await put({ title: 'Uploading files', slug: 'uploading-files', category: 'Ordering a job', body_md: 'Second text.', status: 'published' });
    expect(published.statusCode).toBe(200);
    expect(published.data).toMatchObject({ slug: 'uploading-files', state: 'published', revision_count: 1 });
    expect(Date.parse(published.data.published_at)).toBe(t.clock.now().getTime());
    // Saving the same text adds no revision; the publish date stays.
    const same = await put({ title: 'Uploading files', slug: 'uploading-files', category: 'Ordering a job', body_md: 'Second text.', status: 'published' });
    expect(same.data.revision_count).toBe(1);
    expect(same.data.published_at).toBe(published.data.published_at);
    t.clock.advance(60_000);
    await put({ title: 'Uploading files', slug: 'uploading-files', category: 'Ordering a job', body_md: 'Third text.', status: 'published' });
    const revs = await t.request('GET', `/api/content/items/${id}/revisions`, { token });
    expect(revs.statusCode).toBe(200);
    expect(revs.data.map((r: { body_md: string }) => r.body_md)).toEqual(['Second text.', 'First text.']);
    expect(revs.data[0].edited_by).toBeTruthy();
    expect((await t.request('GET', '/api/content/help/uploading-files')).data.body_md).toBe('Third text.');
    // Unpublishing takes it off the public site at once.
    await put({ title: 'Uploading files', slug: 'uploading-files', category: 'Ordering a job', body_md: 'Third text.', status: 'draft' });
    expect((await t.request('GET', '/api/content/help/uploading-files')).statusCode).toBe(404);
    expect((await t.request('DELETE', `/api/content/items/${id}`, { token })).statusCode).toBe(204);
    expectEnvelope(await t.request('GET', `/api/content/items/${id}`, { token }), 404);
    expectEnvelope(await t.request('GET', `/api/content/items/${id}/revisions`, { token }), 404);
  });

  it('refuses bad input with the field named, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'help', title: '', category: 'Messaging' }, 'title'],
      [{ kind: 'help', title: 'x'.repeat(201), category: 'Messaging' }, 'title'],
      [{ kind: 'help', title: 'No category' }, 'category'],
      [{ kind: 'post', title: 'Post with category', category: 'Messaging' }, 'category'],
      [{ kind: 'help', title: 'Bad category', category: 'Gossip' }, 'category'],
      [{ kind: 'help', title: 'Bad slug', slug: 'Not A Slug', category: 'Messaging' }, 'slug'],
      [{ kind: 'help', title: 'Bad slug', slug: 'trailing-', category: 'Messaging' }, 'slug'],
      [{ kind: 'help', title: 'Taken', slug: 'ordering-a-job', category: 'Messaging' }, 'slug'],
      [{ kind: 'help', title: '!!!', category: 'Messaging' }, 'slug'],
      [{ kind: 'help', title: 'Huge', category: 'Messaging', body_md: 'x'.repeat(100_001) }, 'body_md'],
      [{ kind: 'help', title: 'Bad date', category: 'Messaging', published_at: '0000-01-01' }, 'published_at'],
      [{ kind: 'help', title: 'Bad status', category: 'Messaging', status: 'live' }, 'status'],
      [{ kind: 'page', title: 'Bad kind' }, 'kind'],
      [{ kind: 'help', title: 'Extra', category: 'Messaging', author_id: 'me' }, ''],
    ];
    for (const [body, field] of cases) {
      const res = await create(body);
      expectEnvelope(res, 400);
      if (field) expect(JSON.stringify(res.data.args), JSON.stringify(body).slice(0, 80)).toContain(field);
    }
    const token = await as(DEMO.admin);
    expectEnvelope(await t.request('GET', '/api/content/items?kind=page', { token }), 400);
    expectEnvelope(await t.request('GET', '/api/content/items', { token }), 400);
    for (const id of ['nope', '00000000-0000-0000-0000-000000000000']) {
      expectEnvelope(await t.request('GET', `/api/content/items/${id}`, { token }), 404);
      expectEnvelope(await t.request('PUT', `/api/content/items/${id}`, { token, body: { title: 'x' } }), 404);
      expectEnvelope(await t.request('DELETE', `/api/content/items/${id}`, { token }), 404);
    }
    expectEnvelope(await t.request('POST', '/api/content/items', { token, raw: '{"kind":' }), 400);
  });

  it('stores Markdown as written and keeps script out of the rendered HTML', async () => {
    const hostile = [
      '<script>window.__xss = 1</script>',
      '<img src=x onerror="window.__xss=2">',
      '[click](javascript:window.__xss=3)',
      '![x](data:text/html,<script>window.__xss=4</script>)',
      '<a href="javascript:alert(1)">raw link</a>',
      '<iframe src="javascript:alert(1)"></iframe>',
      '[link](JaVaScRiPt:alert(1))',
      '<svg onload=alert(1)>',
      '| a | b |\n|---|---|\n| <b onmouseover=alert(1)>x</b> | 2 |',
    ].join('\n\n');
    const made = await create({ kind: 'post', title: 'Hostile post', body_md: hostile, status: 'published' });
    expect(made.statusCode).toBe(201);
    expect(made.data.body_md).toBe(hostile);
    const page = await t.app.inject({ method: 'GET', url: '/blog/hostile-post' });
    expect(page.statusCode).toBe(200);
    const root = /<div id="root">([\s\S]*)<\/div>\s*<script/.exec(page.body)?.[1] ?? page.body;
    expect(root).not.toMatch(/<script|<iframe|<svg|onerror=|onload=|onmouseover=|javascript:|data:text/i);
    expect(root).toContain('<table>');
  });

  it('takes one PNG, JPEG or GIF as the cover, serves it to anyone and replaces it', async () => {
    const made = await create({ kind: 'post', title: 'Cover post', status: 'published' });
    const id = made.data.id;
    const up = await postMultipart(t, `/api/content/items/${id}/cover`, [{ name: 'files', filename: 'cover.png', content: PNG }], { as: DEMO.admin });
    expect(up.statusCode).toBe(200);
    expect(up.data.cover_url).toMatch(/^\/api\/content\/covers\/[0-9a-f-]{36}$/);
    const img = await t.app.inject({ method: 'GET', url: up.data.cover_url });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await t.request('GET', '/api/content/posts/cover-post')).data.cover_url).toBe(up.data.cover_url);
    // A new cover replaces the old one, whose URL stops answering.
    const again = await postMultipart(t, `/api/content/items/${id}/cover`, [{ name: 'files', filename: 'cover2.png', content: PNG }], { as: DEMO.admin });
    expect(again.data.cover_url).not.toBe(up.data.cover_url);
    expect((await t.app.inject({ method: 'GET', url: up.data.cover_url })).statusCode).toBe(404);
    // Refused: not an image, a program, two files, no files, not multipart; other roles.
    const bad = async (parts: Parameters<typeof postMultipart>[2], status: number, who: string = DEMO.admin) =>
      expectEnvelope(await postMultipart(t, `/api/content/items/${id}/cover`, parts, { as: who }), status);
    await bad([{ name: 'files', filename: 'doc.pdf', content: PDF }], 415);
    await bad([{ name: 'files', filename: 'cover.png', content: EXE }], 415);
    await bad([{ name: 'files', filename: 'a.png', content: PNG }, { name: 'files', filename: 'b.png', content: PNG }], 400);
    await bad([], 400);
    await bad([{ name: 'files', filename: 'a.png', content: PNG }], 403, DEMO.support);
    await bad([{ name: 'files', filename: 'a.png', content: PNG }], 403, DEMO.acmeUser);
    expectEnvelope(await t.request('POST', `/api/content/items/${id}/cover`, { token: await as(DEMO.admin), body: {} }), 415);
    const removed = await t.request('DELETE', `/api/content/items/${id}/cover`, { token: await as(DEMO.admin) });
    expect(removed.data.cover_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: again.data.cover_url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/content/covers/not-a-uuid' })).statusCode).toBe(404);
  });
});

describe('prerendered public pages, sitemap and robots', () => {
  it('puts the title, description, Open Graph tags and text into the HTML of a post', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/blog/welcome-to-sunstamp' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const html = res.body;
    expect(html).toContain('<title>Welcome to Sunstamp · Sunstamp</title>');
    expect(html).toMatch(/<meta name="description" content="Ordering permit design and engineering in one place/);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:url" content="http://sunstamp.test/blog/welcome-to-sunstamp" />');
    expect(html).toContain('<link rel="canonical" href="http://sunstamp.test/blog/welcome-to-sunstamp" />');
    expect(html).toContain('"@type":"BlogPosting"');
    // The text is there before any script runs.
    expect(html.indexOf('What you can do today')).toBeGreaterThan(0);
    expect(html.indexOf('What you can do today')).toBeLessThan(html.indexOf('<script type="module"'));
  });

  it('prerenders the marketing, legal, listing and help pages, and answers 404 HTML for unknown posts', async () => {
    const terms = await t.app.inject({ method: 'GET', url: '/terms' });
    expect(terms.body).toContain('<title>Terms of service · Sunstamp</title>');
    expect(terms.body).toContain('<h2>10. Liability</h2>');
    const help = await t.app.inject({ method: 'GET', url: '/help' });
    expect(help.body).toContain('href="/help/ordering-a-job"');
    const article = await t.app.inject({ method: 'GET', url: '/help/requirements/' });
    expect(article.statusCode).toBe(200);
    expect(article.body).toContain('"@type":"Article"');
    for (const url of ['/blog/no-such-post', '/help/No%20Such', '/help/%C3%A9t%C3%A9']) {
      const r = await t.app.inject({ method: 'GET', url });
      expect(r.statusCode, url).toBe(404);
      expect(r.headers['content-type']).toContain('text/html');
      expect(r.body).toContain('<meta name="robots" content="noindex" />');
    }
    // The signed-in app's pages are the plain index.html.
    const jobs = await t.app.inject({ method: 'GET', url: '/jobs' });
    expect(jobs.statusCode).toBe(200);
    expect(jobs.body).toContain('<title>Sunstamp</title>');
  });

  it('prerenders the home page and the sign-in page: their heading and words are in #root before any script', async () => {
    for (const url of ['/', '/home']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(res.body)?.[1] ?? '';
      expect(root, url).toContain(`<h1>${HOME_PAGE.hero.title}</h1>`);
      for (const s of HOME_PAGE.services) expect(root).toContain(`<h3>${s.title}</h3>`);
      expect(root).toContain(`<h2>${HOME_PAGE.receive.heading}</h2>`);
      expect(res.body).toContain(`<title>${HOME_PAGE.title}</title>`);
    }
    const login = await t.app.inject({ method: 'GET', url: '/login' });
    expect(login.statusCode).toBe(200);
    const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(login.body)?.[1] ?? '';
    expect(root).toContain(`<h1>${LOGIN_PAGE.title}</h1>`);
    expect(root).toContain(LOGIN_PAGE.lead);
    expect(login.body).toContain('<title>Sign in · Sunstamp</title>');
  });

  it('prerenders the pages whose form needs the app (request a demo, password reset, the seal check): heading and lead in #root, the page\'s own title', async () => {
    const pages: [string, { title: string; lead: string; description: string }, string, string][] = [
      ['/request-demo', REQUEST_DEMO_PAGE, '<main class="pre pre-login"><div class="pre-card" style="--pre-card-body: ', '/request-demo'],
      ['/password-reset', PASSWORD_RESET_PAGE, '<main class="pre pre-login"><div class="pre-card" style="--pre-card-body: ', '/password-reset'],
      // A mail's link: the same card with its own words, its uid and token nowhere in the HTML.
      ['/password-reset/ZZQ9X/ZZQ9X-token', PASSWORD_CHOOSE_PAGE, '<main class="pre pre-login"><div class="pre-card" style="--pre-card-body: ', '/password-reset'],
      ['/verify', VERIFY_PAGE, '<main class="pre pre-narrow">', '/verify'],
      // A code in the path: the same page, its canonical link /verify, and the code nowhere in the HTML.
      ['/verify/ZZQ9X-<b>-%3Cscript%3E', VERIFY_PAGE, '<main class="pre pre-narrow">', '/verify'],
    ];
    for (const [url, words, wrapper, canonical] of pages) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(res.body)?.[1] ?? '';
      expect(root, url).toContain(wrapper);
      expect(root, url).toContain(`<h1>${escHtml(words.title)}</h1><p>${escHtml(words.lead)}</p>`);
      expect(res.body, url).toContain(`<title>${escHtml(words.title)} · Sunstamp</title>`);
      expect(res.body, url).toContain(`<link rel="canonical" href="http://sunstamp.test${canonical}" />`);
      expect(res.body, url).not.toMatch(/ZZQ9X|<b>|%3Cscript/i);
    }
    // The pages whose words depend on what their link finds stay the plain app.
    for (const url of ['/verify-email/abc', '/unsubscribe?token=abc']) {
      expect((await t.app.inject({ method: 'GET', url })).body, url).toContain('<title>Sunstamp</title>');
    }
  });

  it('prerenders every open page with the hero the app draws (title and lead in the styled banner), so the largest text paints before any script', async () => {
    const hero = (title: string, lead: string) => `<section class="pre-hero"><div class="pre-wrap"><h1>${title}</h1><p>${lead}</p>`;
    const pages: [string, string, string][] = [
      ['/help', LISTING_PAGES.help.title, LISTING_PAGES.help.lead],
      ['/blog', LISTING_PAGES.blog.title, LISTING_PAGES.blog.lead],
      ['/contact-us', LISTING_PAGES['contact-us'].title, LISTING_PAGES['contact-us'].lead],
      ...CONTENT_SLUGS.map((s): [string, string, string] => [`/${s}`, CONTENT_PAGES[s].title, CONTENT_PAGES[s].lead]),
    ];
    for (const [url, title, lead] of pages) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      const root = /<div id="root">([\s\S]*?)<\/div>\s*<script/.exec(res.body)?.[1] ?? '';
      expect(root, url).toContain('<main class="pre pre-page">');
      expect(root, url).toContain(hero(escHtml(title), escHtml(lead)));
    }
    // The listing keeps its items under the hero.
    const help = await t.app.inject({ method: 'GET', url: '/help' });
    expect(help.body).toContain('<a href="/help/ordering-a-job">');
  });

  it('serves sitemap.xml with every published page and robots.txt pointing at it', async () => {
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toContain('application/xml');
    for (const loc of ['/terms', '/help/ordering-a-job', '/blog/welcome-to-sunstamp', '/permit-design', '/request-demo', '/verify']) {
      expect(sitemap.body).toContain(`<loc>http://sunstamp.test${loc}</loc>`);
    }
    expect(sitemap.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    const robots = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Disallow: /api/');
    expect(robots.body).toContain('Sitemap: http://sunstamp.test/sitemap.xml');
  });
});
