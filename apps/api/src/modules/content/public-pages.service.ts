import { CONTENT_PAGES, HOME_PAGE, LISTING_PAGES } from '@sunstamp/domain/site/public-pages.data';
import { brandMarkSvg } from '@sunstamp/domain/site/brand-mark';
import { LOGIN_PAGE, PASSWORD_CHOOSE_PAGE, PASSWORD_RESET_PAGE, REQUEST_DEMO_PAGE, VERIFY_PAGE } from '@sunstamp/domain/site/login-page.data';
import { CONTENT_SLUGS, SITE_NAV, type ContentSlug } from '@sunstamp/domain/site/public-pages.routes';
import type { RuntimeConfig } from '@sunstamp/domain/observability/observability.rules';
import type { AppContext } from '../../context.ts';
import { textOfHtml } from '../../platform/markdown.ts';
import * as repo from './content.repository.ts';

/*
 * Prerendered public pages. The SPA is one index.html; for the open routes of spec §2 the server
 * answers that same file with the page's own <title>, meta description, canonical link, Open Graph
 * and Twitter tags, JSON-LD for posts and articles, and the page's text inside #root, so a crawler
 * or a link preview reads the page without running any script, and React then renders over it
 * (the same words: not cloaking). Posts change after the build, so this happens per request, from
 * the database, through the same published-only query as the API.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'config'>;

export type PublicPageHead = {
  status: 200 | 404;
  title: string;
  description: string;
  /** Path of the canonical URL. */
  path: string;
  type: 'website' | 'article';
  image?: string;
  publishedAt?: string;
  modifiedAt?: string;
  /** Safe HTML shown inside #root before the app starts. */
  bodyHtml: string;
  jsonLd?: Record<string, unknown>;
};

const SITE = 'Sunstamp';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const cut = (s: string, n: number) => (s.length <= n ? s : `${s.slice(0, n - 1).replace(/\s+\S*$/, '')}…`);
const paragraphs = (body: string) => body.split(/\n\s*\n/).map((p) => `<p>${esc(p.trim())}</p>`).join('');

/**
 * The banner at the top of the open pages as the app draws it (ContentHero): the `pre-*` classes
 * are styled by the web's prerender.css to the app's sizes, so the page's largest text is on screen
 * before any script runs and the app's render replaces it without a jump (or a later, larger paint).
 */
const heroHtml = (title: string, lead?: string, extra = '') =>
  `<section class="pre-hero"><div class="pre-wrap"><h1>${esc(title)}</h1>${lead ? `<p>${esc(lead)}</p>` : ''}${extra}</div></section>`;

/**
 * The public layout's top bar at its height, so the app's bar takes its place without moving the
 * page: the brand (mark and name) where the app draws it, after the room of the menu button the
 * app shows under 1200 px (a button needs the app, so only its room is drawn); from 1200 px the
 * site's links, the page's own marked as the app's NavLink marks it; the theme button's room; and
 * the sign-in and request-a-demo buttons at the right. The same children as the app's toolbar.
 */
const barHtml = (path: string) => {
  const nav = SITE_NAV.map((n) => (path === n.to || path.startsWith(`${n.to}/`)
    ? `<a class="pre-nav-active" aria-current="page" href="${n.to}">${esc(n.label)}</a>`
    : `<a href="${n.to}">${esc(n.label)}</a>`)).join('');
  return `<header class="pre-bar"><div class="pre-wrap"><span class="pre-bar-menu"></span><a class="pre-brand" href="/">${brandMarkSvg(26)}<span>Sunstamp</span></a>`
    + `<nav class="pre-bar-nav" aria-label="Site">${nav}</nav>`
    + '<span class="pre-bar-fill"></span><span class="pre-bar-toggle"></span><a class="pre-bar-end" href="/login">Sign in</a><a class="pre-bar-demo" href="/request-demo">Request a demo</a></div></header>';
};

/** An open page: the bar, the hero, then its body in the page's column. */
const pageHtml = (path: string, title: string, lead: string | undefined, body: string) =>
  `${barHtml(path)}<main class="pre pre-page">${heroHtml(title, lead)}<div class="pre-wrap pre-body">${body}</div></main>`;

function staticPage(slug: ContentSlug): PublicPageHead {
  const p = CONTENT_PAGES[slug];
  return {
    status: 200, title: p.title, description: p.description, path: `/${slug}`, type: 'website',
    bodyHtml: pageHtml(`/${slug}`, p.title, p.lead, p.sections.map((s) => `<h2>${esc(s.heading)}</h2>${paragraphs(s.body)}`).join('')),
  };
}

/**
 * The home page as the app draws it (hero, services, steps, the sample sheet's words), so its
 * heading is on screen before any script runs; the `pre-*` classes are styled by the web's
 * prerender.css to the app's sizes, so the app's render replaces it without a jump.
 */
function homePage(): PublicPageHead {
  const h = HOME_PAGE;
  const actions = '<p class="pre-actions"><a class="pre-btn" href="/request-demo">Request a demo</a> <a class="pre-btn pre-btn-outline" href="/login">Sign in</a></p>';
  const bodyHtml = barHtml('/') + '<main class="pre pre-home">'
    + heroHtml(h.hero.title, h.hero.lead, actions)
    + `<div class="pre-wrap"><h2>${esc(h.servicesHeading)}</h2><ul class="pre-cards">`
    + h.services.map((s) => `<li><a href="${esc(s.to)}"><h3>${esc(s.title)}</h3></a><p>${esc(s.text)}</p></li>`).join('')
    + `</ul><h2>${esc(h.stepsHeading)}</h2><ol class="pre-cards">`
    + h.steps.map((s) => `<li><h3>${esc(s.title)}</h3><p>${esc(s.text)}</p></li>`).join('')
    + `</ol><h2>${esc(h.receive.heading)}</h2><p>${esc(h.receive.text)}</p></div></main>`;
  return { status: 200, title: h.title, description: h.description, path: '/', type: 'website', bodyHtml };
}

type PageWords = { title: string; description: string; lead: string };

/**
 * A page of the sign-in layout (sign in, request a demo, password reset): its heading and lead in
 * the layout's card (the form needs the app, which draws it over this). The layout centres the card
 * in the window, so the card is drawn as tall as the app's card with its form (`formHeight`: the
 * height under the card's padding, measured in Chromium at 390 and 1280 px wide), or the heading
 * would jump up when the app takes over. A form that grows makes that jump come back, nothing worse.
 */
function cardPage(path: string, w: PageWords, formHeight: number): PublicPageHead {
  return {
    status: 200, title: w.title, description: w.description, path, type: 'website',
    bodyHtml: `<div class="pre-auth">${AUTH_BAR_HTML}<main class="pre pre-login"><div class="pre-card" style="--pre-card-body: ${formHeight}px"><h1>${esc(w.title)}</h1><p>${esc(w.lead)}</p></div></main></div>`,
  };
}

/** The sign-in layout's header, its brand where the app draws it (the theme button needs the app and comes with it). */
const AUTH_BAR_HTML = `<header class="pre pre-auth-bar"><a href="/home" aria-label="Sunstamp home">${brandMarkSvg(28)}<span>Sunstamp</span></a></header>`;

/**
 * The public check of a sealed document (an AHJ reviewer arrives from the code beside the seal,
 * often on a phone): the bar, the heading and the lead in the page's narrow column. A code in the
 * path is not a page of its own for a search engine: the canonical link is /verify, and what the
 * code names is never put in the HTML (the app looks it up).
 */
function verifyPage(): PublicPageHead {
  return {
    status: 200, title: VERIFY_PAGE.title, description: VERIFY_PAGE.description, path: '/verify', type: 'website',
    bodyHtml: `${barHtml('/verify')}<main class="pre pre-narrow"><h1>${esc(VERIFY_PAGE.title)}</h1><p>${esc(VERIFY_PAGE.lead)}</p></main>`,
  };
}

const notFoundPage = (path: string, what: string): PublicPageHead => ({
  status: 404, title: `${what} not found`, description: `This ${what.toLowerCase()} does not exist or is no longer published.`, path, type: 'website',
  bodyHtml: `<main><h1>${esc(what)} not found</h1><p>It may have moved or been unpublished.</p></main>`,
});

async function listing(ctx: Ctx, kind: 'post' | 'help'): Promise<PublicPageHead> {
  const meta = kind === 'post' ? LISTING_PAGES.blog : LISTING_PAGES.help;
  const base = kind === 'post' ? '/blog' : '/help';
  const rows = await repo.listPublished(ctx.database.db, kind, ctx.clock.now());
  const items = rows.map(({ item }) => `<li><a href="${base}/${esc(item.slug)}">${esc(item.title)}</a>${item.summary ? ` – ${esc(item.summary)}` : ''}</li>`).join('');
  return {
    status: 200, title: meta.title, description: meta.description, path: base, type: 'website',
    bodyHtml: pageHtml(base, meta.title, meta.lead, `<ul>${items}</ul>`),
  };
}

async function item(ctx: Ctx, kind: 'post' | 'help', slug: string): Promise<PublicPageHead> {
  const base = kind === 'post' ? '/blog' : '/help';
  const [row] = await repo.listPublished(ctx.database.db, kind, ctx.clock.now(), { slug });
  if (!row) return notFoundPage(`${base}/${slug}`, kind === 'post' ? 'Post' : 'Article');
  const i = row.item;
  const description = cut(i.summary || textOfHtml(i.bodyHtml), 160);
  const image = i.coverId ? `/api/content/covers/${i.coverId}` : undefined;
  const url = `${ctx.config.publicUrl}${base}/${i.slug}`;
  return {
    status: 200, title: i.title, description, path: `${base}/${i.slug}`, type: 'article', image,
    publishedAt: i.publishedAt!.toISOString(), modifiedAt: i.updatedAt.toISOString(),
    bodyHtml: `<main><article><h1>${esc(i.title)}</h1>${i.bodyHtml}</article></main>`,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': kind === 'post' ? 'BlogPosting' : 'Article',
      headline: i.title, description, url, mainEntityOfPage: url,
      datePublished: i.publishedAt!.toISOString(), dateModified: i.updatedAt.toISOString(),
      ...(image ? { image: `${ctx.config.publicUrl}${image}` } : {}),
      publisher: { '@type': 'Organization', name: SITE },
    },
  };
}

const SLUG_SEGMENT = /^[a-z0-9-]{1,200}$/;

/** The head and text of an open page, or null for a path that is not one (the app's own pages). */
export async function publicPageHead(ctx: Ctx, pathname: string): Promise<PublicPageHead | null> {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/' || path === '/home') return homePage();
  if (path === '/login') return cardPage(path, LOGIN_PAGE, 386);
  if (path === '/request-demo') return cardPage(path, REQUEST_DEMO_PAGE, 646);
  if (path === '/password-reset') return cardPage(path, PASSWORD_RESET_PAGE, 294);
  // A mail's link: its uid and token are never written into the HTML, and the canonical link is the reset page's.
  if (/^\/password-reset\/[^/]+\/[^/]+$/.test(path)) return cardPage('/password-reset', PASSWORD_CHOOSE_PAGE, 413);
  if (path === '/verify' || /^\/verify\/[^/]+$/.test(path)) return verifyPage();
  if (path === '/contact-us') {
    const m = LISTING_PAGES['contact-us'];
    return { status: 200, title: m.title, description: m.description, path, type: 'website', bodyHtml: pageHtml(path, m.title, m.lead, '') };
  }
  const slug = path.slice(1);
  if ((CONTENT_SLUGS as readonly string[]).includes(slug)) return staticPage(slug as ContentSlug);
  if (path === '/blog') return listing(ctx, 'post');
  if (path === '/help') return listing(ctx, 'help');
  const m = /^\/(blog|help)\/([^/]+)$/.exec(path);
  if (m) {
    const kind = m[1] === 'blog' ? 'post' : 'help';
    let seg: string;
    try { seg = decodeURIComponent(m[2]!); } catch { seg = ''; }
    return SLUG_SEGMENT.test(seg) ? item(ctx, kind, seg) : notFoundPage(path, kind === 'post' ? 'Post' : 'Article');
  }
  return null;
}

/** index.html with the page's head and text put in (the file's own <title> and description replaced). */
export function renderIndexHtml(template: string, page: PublicPageHead, publicUrl: string): string {
  const title = page.path === '/' ? page.title : `${page.title} · ${SITE}`;
  const url = `${publicUrl}${page.path === '/' ? '/' : page.path}`;
  const tags = [
    `<title>${esc(title)}</title>`,
    `<meta name="description" content="${esc(page.description)}" />`,
    `<link rel="canonical" href="${esc(url)}" />`,
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:type" content="${page.type}" />`,
    `<meta property="og:title" content="${esc(page.title)}" />`,
    `<meta property="og:description" content="${esc(page.description)}" />`,
    `<meta property="og:url" content="${esc(url)}" />`,
    ...(page.image ? [`<meta property="og:image" content="${esc(publicUrl + page.image)}" />`] : []),
    ...(page.publishedAt ? [`<meta property="article:published_time" content="${page.publishedAt}" />`] : []),
    ...(page.modifiedAt ? [`<meta property="article:modified_time" content="${page.modifiedAt}" />`] : []),
    `<meta name="twitter:card" content="${page.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${esc(page.title)}" />`,
    `<meta name="twitter:description" content="${esc(page.description)}" />`,
    ...(page.status === 404 ? ['<meta name="robots" content="noindex" />'] : []),
    // JSON in a script of type application/json-ld never runs; "<" is escaped so no text can close the element.
    ...(page.jsonLd ? [`<script type="application/ld+json">${JSON.stringify(page.jsonLd).replace(/</g, '\\u003c')}</script>`] : []),
  ].join('\n    ');
  return template
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    // Right after the charset, ahead of the stylesheet and script tags the build puts in the head.
    .replace(/(<meta charset="[^"]*"\s*\/?>)/i, `$1\n    ${tags}`)
    .replace('<div id="root"></div>', `<div id="root">${page.bodyHtml}</div>`);
}

/**
 * index.html with the public part of the observability settings as JSON (a script of type
 * application/json never runs, so the CSP's script-src 'self' holds): one build serves every
 * deployment. "<" is escaped so no value can close the element.
 */
export function withRuntimeConfig(html: string, config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return html.replace('</head>', `  <script type="application/json" id="sunstamp-config">${json}</script>\n  </head>`);
}

/** sitemaps.org: the open pages and every published post and article with its last change. */
export async function sitemapXml(ctx: Ctx): Promise<string> {
  const now = ctx.clock.now();
  const base = ctx.config.publicUrl;
  const urls: { loc: string; lastmod?: string }[] = [
    { loc: '/' }, ...CONTENT_SLUGS.map((s) => ({ loc: `/${s}` })), { loc: '/blog' }, { loc: '/help' }, { loc: '/contact-us' }, { loc: '/request-demo' }, { loc: '/verify' },
  ];
  for (const kind of ['post', 'help'] as const) {
    for (const { item: i } of await repo.listPublished(ctx.database.db, kind, now)) {
      urls.push({ loc: `${kind === 'post' ? '/blog' : '/help'}/${i.slug}`, lastmod: i.updatedAt.toISOString() });
    }
  }
  const body = urls
    .map((u) => `  <url><loc>${esc(base + u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ''}</url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** The API and the signed-in app are not for crawlers; the open pages are, and the sitemap lists them. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    ...['/jobs', '/analytics', '/requirements', '/users', '/companies', '/reference', '/ahjs', '/utilities', '/equipment', '/site-alerts', '/content', '/back-office', '/profile', '/onboarding', '/login', '/password-reset', '/verify-email']
      .map((p) => `Disallow: ${p}`),
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
