import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSTALLER, baseUrl, launchBrowser, signIn, type Browser } from './support.ts';

/** The live-event stream in a real browser: a single-use ticket in the URL, never the access token. */
let browser: Browser;
let page: Page;
const seen: Request[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  page = browser.page;
  page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/events')) seen.push(r); });
});
afterAll(async () => {
  await browser?.close();
});

describe('live events', () => {
  it('opens the stream with a ticket it fetched first, and the server accepts it', async () => {
    await page.goto(`${baseUrl}/login`);
    const opened = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events', { timeout: 60_000 });
    await signIn(page, INSTALLER);
    const stream = await opened;
    expect(stream.status()).toBe(200);
    expect(stream.headers()['content-type']).toMatch(/text\/event-stream/);
    const url = new URL(stream.url());
    expect(url.searchParams.get('ticket')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(url.searchParams.has('access_token')).toBe(false);
    const ticketCall = seen.find((r) => new URL(r.url()).pathname === '/api/events/ticket');
    expect(ticketCall?.method()).toBe('POST');
    expect(ticketCall?.headers().authorization).toMatch(/^Bearer /);
    for (const r of seen) expect(r.url()).not.toMatch(/access_token|eyJ/);
    expect(browser.problems).toEqual([]);
  });
});
