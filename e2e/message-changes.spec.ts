import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, launchBrowser, screenshot, type Browser } from './support.ts';
import { clientAndStaff, clientThread, offlineNoise, streamOpened } from './conversation-support.ts';

/*
 * One's own message edited and deleted in place while the API allows it, the earlier text shown to
 * staff; an @mention picked from the people who see the thread and shown highlighted on the other
 * screen; and the unsubscribe page of a notification mail's link.
 */
let client: Browser;
let staff: Browser;
let jobId = '';
let clientEmail = '';
const JOB_NAME = `Changes ${Date.now().toString(36)}`;
const thread = clientThread;

beforeAll(async () => {
  ({ client, staff, jobId, clientEmail } = await clientAndStaff(JOB_NAME));
});
afterAll(async () => {
  await Promise.all([client?.close(), staff?.close()]);
});

describe('changing and mentioning in the conversation', { shuffle: false }, () => {
  it('mentions someone picked from the list; the other screen shows the name highlighted', async () => {
    const streams = Promise.all([streamOpened(client.page, `/jobs/${jobId}`), streamOpened(staff.page, `/jobs/${jobId}`)]);
    await Promise.all([client.page.goto(`${baseUrl}/jobs/${jobId}`), staff.page.goto(`${baseUrl}/jobs/${jobId}`)]);
    await Promise.all([thread(client.page).waitFor(), thread(staff.page).waitFor()]);
    await streams;
    const box = client.page.getByRole('textbox', { name: 'Message' });
    await box.click();
    await box.pressSequentially('Hello @sa');
    const list = client.page.getByRole('listbox', { name: 'People to mention' });
    await list.waitFor();
    await expect(list.getByRole('option', { name: /Sam Support/ }).count()).resolves.toBe(1);
    await screenshot(client.page, 'message-changes-1-mention-list.png');
    await box.press('Enter');
    await expect(box.inputValue()).resolves.toBe('Hello @Sam Support ');
    await box.pressSequentially('the panel is 100 A');
    await box.press('Enter');
    const mention = thread(staff.page).getByTestId('mention');
    await mention.first().waitFor({ timeout: 5000 });
    await expect(mention.first().textContent()).resolves.toBe('@Sam Support');
  });

  it('the author edits and deletes in place; staff see "(edited)" and the earlier text', async () => {
    const mine = thread(client.page).getByTestId('message').filter({ hasText: 'the panel is 100 A' });
    await mine.getByRole('button', { name: 'Edit message' }).click();
    const edit = client.page.getByRole('textbox', { name: 'Edit the message' });
    await edit.fill('Hello @Sam Support the panel is 200 A');
    await edit.press('Enter');
    await thread(staff.page).getByText('the panel is 200 A').waitFor({ timeout: 5000 });
    const edited = thread(staff.page).getByRole('button', { name: '(edited)' });
    await edited.waitFor();
    // The client sees "(edited)" as plain text, not the history.
    await thread(client.page).getByText('(edited)').waitFor();
    await expect(thread(client.page).getByRole('button', { name: '(edited)' }).count()).resolves.toBe(0);

    await edited.click();
    const history = staff.page.getByTestId('message-history');
    await history.waitFor();
    await history.getByText('Hello @Sam Support the panel is 100 A').waitFor();
    await screenshot(staff.page, 'message-changes-2-history.png');
    await staff.page.getByRole('button', { name: 'Close' }).click();

    // A second message, deleted: others see "Message deleted".
    const box = client.page.getByRole('textbox', { name: 'Message' });
    await box.fill('Wrong job, sorry');
    await box.press('Enter');
    await thread(staff.page).getByText('Wrong job, sorry').waitFor({ timeout: 5000 });
    await thread(client.page).getByTestId('message').filter({ hasText: 'Wrong job, sorry' }).getByRole('button', { name: 'Delete message' }).click();
    await client.page.getByRole('dialog', { name: 'Delete this message?' }).getByRole('button', { name: 'Delete' }).click();
    await thread(staff.page).getByText('Message deleted').waitFor({ timeout: 5000 });
    await expect(thread(staff.page).getByText('Wrong job, sorry').count()).resolves.toBe(0);
    // Staff never get edit buttons on someone else's message.
    await expect(thread(staff.page).getByRole('button', { name: 'Edit message' }).count()).resolves.toBe(0);
    await screenshot(client.page, 'message-changes-3-client-thread.png');
    await screenshot(staff.page, 'message-changes-4-staff-thread.png');
  });

  it('the unsubscribe page asks, then switches the mail off without sign-in', async () => {
    const secret = fs.readFileSync(path.join(inject('dataDir'), 'auth-secret'), 'utf8').trim();
    const userId = await client.page.evaluate(async () => {
      const access = localStorage.getItem('accessToken')!;
      const me = (await (await fetch('/api/users/me', { headers: { authorization: `Bearer ${access}` } })).json()) as { user?: { id: string }; id?: string };
      return me.user?.id ?? me.id!;
    });
    // The link of a message mail, signed as the server signs it (modules/auth/tokens.ts).
    const mac = crypto.createHmac('sha256', secret).update(`unsubscribe:${userId}.m`).digest('base64url');
    const anon = await launchBrowser({ ignore: offlineNoise });
    try {
      await anon.page.goto(`${baseUrl}/unsubscribe?token=${encodeURIComponent(`${userId}.m.${mac}`)}`);
      // The address masked: its first letter, then dots, then the domain.
      const [local, domain] = clientEmail.split('@') as [string, string];
      const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await anon.page.getByText(new RegExp(`Stop message notifications by mail for ${escape(local[0]!)}•+@${escape(domain)}\\?`)).waitFor();
      await screenshot(anon.page, 'message-changes-5-unsubscribe.png');
      await anon.page.getByRole('button', { name: 'Unsubscribe' }).click();
      await anon.page.getByTestId('unsubscribed').waitFor();
      await screenshot(anon.page, 'message-changes-6-unsubscribed.png');
      await anon.page.goto(`${baseUrl}/unsubscribe?token=forged`);
      await anon.page.getByText('This unsubscribe link is not valid.', { exact: false }).waitFor();
    } finally {
      await anon.close();
    }
  });
});
