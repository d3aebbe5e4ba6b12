import type { Page } from 'playwright-core';
import { ownCompany } from './company-support.ts';
import { SUPPORT, launchBrowser, signInAs, type Browser } from './support.ts';

/*
 * What the conversation specs share: a client (a user of the spec's own company) and staff
 * (support) in two browsers at once, signed in, and a submitted job of the client's to talk about.
 */

/** Offline noise only: map tiles cannot load without a network. */
export const offlineNoise = (m: { text(): string }) => /tile|Failed to load resource/i.test(m.text());

/** Makes and submits a job through the API as the signed-in page's user. */
export async function createSubmittedJob(p: Page, name: string): Promise<string> {
  return p.evaluate(async (jobName) => {
    const access = localStorage.getItem('accessToken')!;
    const auth = { authorization: `Bearer ${access}` };
    const { csrfToken } = (await (await fetch('/api/auth/csrf/', { headers: auth })).json()) as { csrfToken: string };
    const headers = { ...auth, 'x-csrftoken': csrfToken, 'content-type': 'application/json' };
    const job = (await (await fetch('/api/jobs', {
      method: 'PUT', headers, body: JSON.stringify({ name: jobName, client_street_address: '12 Elm St', services_requested: ['structural_roof_letter'] }),
    })).json()) as { id: string };
    await fetch(`/api/jobs/${job.id}/submit`, { method: 'POST', headers, body: '{}' });
    return job.id;
  }, name);
}

/** The job page's client thread. */
export const clientThread = (p: Page) => p.getByRole('log', { name: /Client messages/ });

/**
 * Client and staff signed in side by side, and the client's new submitted job. The client is a user
 * of a company made for the spec: its bell counts only what this spec sends it (the demo installer's
 * bell also rang for the conversation specs running beside it, and a "one more unread" check failed).
 */
export async function clientAndStaff(jobName: string): Promise<{ client: Browser; staff: Browser; jobId: string; clientEmail: string }> {
  const [client, staff, company] = await Promise.all([launchBrowser({ ignore: offlineNoise }), launchBrowser({ ignore: offlineNoise }), ownCompany('Conversation')]);
  await Promise.all([signInAs(client.page, company.user), signInAs(staff.page, SUPPORT)]);
  return { client, staff, jobId: await createSubmittedJob(client.page, jobName), clientEmail: company.user };
}

/**
 * Resolves when the live event stream of the page at `path` has opened (the server subscribes it
 * before it answers the headers): register before the navigation to `path`, await before sending
 * what the other screen must see live. A stream of the page before the navigation does not count.
 */
export const streamOpened = (p: Page, path: string) =>
  p.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200 && new URL(p.url()).pathname === path, { timeout: 30_000 });
