import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, screenshot, type Browser } from './support.ts';
import { clientAndStaff, clientThread, streamOpened } from './conversation-support.ts';

/**
 * Two people at once, for what moves without a reload: the staff inbox and the jobs list's unread
 * count when a client writes, "… is typing" while staff write, and "Seen by" when staff read.
 */
let client: Browser;
let staff: Browser;
let jobId = '';
const JOB_NAME = `Inbox ${Date.now().toString(36)}`;

const thread = clientThread;
const inboxItem = (p: Page) => p.getByTestId('inbox-item').filter({ hasText: JOB_NAME });

beforeAll(async () => {
  ({ client, staff, jobId } = await clientAndStaff(JOB_NAME));
});
afterAll(async () => {
  await Promise.all([client?.close(), staff?.close()]);
});

describe('inbox, unread counts, typing and read receipts in two browsers', { shuffle: false }, () => {
  it('puts a client\'s new message at the top of the staff inbox, unread, without a reload', async () => {
    const streams = Promise.all([streamOpened(client.page, `/jobs/${jobId}`), streamOpened(staff.page, '/messages')]);
    await staff.page.goto(`${baseUrl}/messages`);
    await staff.page.getByRole('heading', { name: 'Messages' }).waitFor();
    await staff.page.getByRole('link', { name: 'Messages' }).first().waitFor();
    await client.page.goto(`${baseUrl}/jobs/${jobId}`);
    await thread(client.page).waitFor();
    // Both streams open before anything is sent.
    await streams;

    await client.page.getByRole('textbox', { name: 'Message' }).fill('Could you check the rafter spacing on the north roof?');
    await client.page.getByRole('textbox', { name: 'Message' }).press('Enter');

    const item = inboxItem(staff.page);
    await item.waitFor({ timeout: 10_000 });
    // Named by what it shows (WCAG 2.5.3), the unread count in words after it.
    await expect(item.textContent()).resolves.toMatch(/Could you check the rafter spacing.*1unread message/);
    // Unread first: nothing read comes before it.
    const labels = await staff.page.getByTestId('inbox-item').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    const at = labels.findIndex((l) => l.includes(JOB_NAME));
    expect(labels.slice(0, at).every((l) => /unread messages?$/.test(l))).toBe(true);
    await staff.page.getByRole('button', { name: 'Unread', exact: true }).click();
    await inboxItem(staff.page).waitFor();
    await screenshot(staff.page, 'inbox-1-staff-unread.png');
    await staff.page.getByRole('button', { name: 'All', exact: true }).click();
  });

  it('shows the unread count in the staff jobs list, and it updates live', async () => {
    await staff.page.goto(`${baseUrl}/jobs`);
    await staff.page.getByRole('textbox', { name: 'Search jobs' }).fill(JOB_NAME);
    const row = staff.page.getByRole('row').filter({ hasText: JOB_NAME });
    await row.getByTestId('unread-messages-chip').filter({ hasText: '1' }).waitFor({ timeout: 10_000 });
    await client.page.getByRole('textbox', { name: 'Message' }).fill('And the attic photos are uploaded.');
    await client.page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await row.getByTestId('unread-messages-chip').filter({ hasText: '2' }).waitFor({ timeout: 10_000 });
    await screenshot(staff.page, 'inbox-2-staff-jobs-unread.png');
  });

  it('shows "… is typing" to the client while staff write, and "Seen by" moves when staff read', async () => {
    // The client's screen shows no "Seen by" yet: nobody else has read its messages.
    await expect(client.page.getByTestId('seen-by').count()).resolves.toBe(0);
    await staff.page.getByRole('row').filter({ hasText: JOB_NAME }).getByText(JOB_NAME).click();
    await staff.page.waitForURL((u) => u.pathname === `/jobs/${jobId}`);
    await thread(staff.page).getByText('And the attic photos are uploaded.').waitFor();

    // Staff open the thread: it is read, and the client's screen says so without a reload.
    await client.page.getByTestId('seen-by').filter({ hasText: /^Seen by / }).waitFor({ timeout: 10_000 });

    await staff.page.getByRole('textbox', { name: 'Message' }).pressSequentially('Checking the ', { delay: 30 });
    const typing = client.page.getByTestId('typing-line').filter({ hasText: /is typing…$/ });
    await typing.waitFor({ timeout: 10_000 });
    await screenshot(client.page, 'inbox-3-client-typing-seen.png');
    await staff.page.getByRole('textbox', { name: 'Message' }).pressSequentially('rafters now.');
    await staff.page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await thread(client.page).getByText('Checking the rafters now.').waitFor({ timeout: 10_000 });
    // Their message arrived: no longer typing.
    await client.page.getByTestId('typing-line').filter({ hasText: /is typing/ }).waitFor({ state: 'detached', timeout: 10_000 })
      .catch(async () => expect(await client.page.getByTestId('typing-line').textContent()).not.toMatch(/is typing/));

    // The staff inbox now has it read.
    await staff.page.goto(`${baseUrl}/messages`);
    const item = inboxItem(staff.page);
    await item.waitFor();
    await expect(item.textContent()).resolves.not.toMatch(/unread message/);
    await staff.page.getByRole('button', { name: 'Unread', exact: true }).click();
    await staff.page.waitForTimeout(500);
    await expect(inboxItem(staff.page).count()).resolves.toBe(0);
  });

  it('gives the client an inbox too, from the navigation', async () => {
    await client.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click()
      .catch(async () => client.page.goto(`${baseUrl}/messages`));
    await client.page.waitForURL((u) => u.pathname === '/messages');
    const item = inboxItem(client.page);
    await item.waitFor();
    // The reply came while the client's thread was on screen: read there, so not unread here.
    const text = await item.textContent();
    expect(text).toMatch(/^Inbox \S+.*: Checking the rafters now\./);
    expect(text).not.toMatch(/unread message/);
    await screenshot(client.page, 'inbox-4-client-inbox.png');
    await item.click();
    await client.page.waitForURL((u) => u.pathname === `/jobs/${jobId}`);
    expect(client.problems).toEqual([]);
    expect(staff.problems).toEqual([]);
  });
});
