import {
  CONTACT_MAILS_PER_HOUR, CONTACT_PER_ADDRESS_PER_HOUR, CONTACT_TOTAL_PER_HOUR, type ContactBody, type ContactMessageList, type DemoRequestList,
} from '@sunstamp/domain/contracts/contact';
import { mayReadInbound } from '@sunstamp/domain/policies/companies.policy';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import { requireAllowed } from '../../platform/access.ts';
import * as repo from './contact.repository.ts';

/*
 * The public Contact us form and the back office's lists of what arrives from the public site
 * (contact messages, demo requests). A message is stored, then mailed to staff through the queue;
 * a filled honeypot is answered like a success and dropped; each sender address may send a few
 * per hour (the count and the insert are atomic), and everyone together a bounded number; staff
 * get a mail for at most CONTACT_MAILS_PER_HOUR of them an hour, then one notice.
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'mailer' | 'config' | 'log'>;

export const CONTACT_THANKS = 'Thank you! Your message is with our team; we answer on business days.';

export async function sendContactMessage(ctx: Ctx, body: ContactBody, ip: string): Promise<void> {
  if (body.website) {
    ctx.log.info({ ip }, 'contact form: honeypot filled, message dropped');
    return;
  }
  const now = ctx.clock.now();
  const saved = await repo.insertUnderLimit(ctx.database.db, {
    name: body.name, company: body.company, email: body.email, message: body.message, ip, createdAt: now,
  }, { perAddress: CONTACT_PER_ADDRESS_PER_HOUR, total: CONTACT_TOTAL_PER_HOUR, since: new Date(now.getTime() - 3600_000) });
  if ('refused' in saved) {
    throw tooManyRequests(saved.refused === 'address'
      ? 'We have received several messages from you already. Please try again in an hour, or write to us by email.'
      : 'We are receiving many messages right now. Please try again in an hour, or write to us by email.');
  }
  if (saved.place > CONTACT_MAILS_PER_HOUR) {
    // One notice when the cap is passed; the rest wait in the back office (they are stored).
    if (saved.place === CONTACT_MAILS_PER_HOUR + 1) {
      ctx.log.warn({ ip }, 'contact form: more messages than are mailed in an hour');
      await ctx.mailer.send({
        to: ctx.config.staffNotifyEmail,
        subject: 'Contact form: more messages than usual',
        text: `More than ${CONTACT_MAILS_PER_HOUR} messages arrived through the Contact us form within an hour. ` +
          'Further ones this hour are not mailed one by one: read them in the back office (Contact messages).\n',
      });
    }
    return;
  }
  await ctx.mailer.send({
    to: ctx.config.staffNotifyEmail,
    subject: `Contact form: ${body.name}${body.company ? ` (${body.company})` : ''}`.slice(0, 200),
    text: `${body.name} <${body.email}>${body.company ? ` of ${body.company}` : ''} wrote through the Contact us form:\n\n${body.message}\n\nAnswer by replying to this mail; it is also in the back office.\n`,
    headers: { 'Reply-To': body.email },
  });
}

export async function listContactMessages(ctx: Pick<AppContext, 'database'>, p: Principal, q: { page: number; page_size: number }): Promise<ContactMessageList> {
  requireAllowed(mayReadInbound(p.role), 'Only staff read what arrives from the public site.');
  const { rows, count } = await repo.listContactMessages(ctx.database.db, q.page, q.page_size);
  return {
    count, page: q.page, page_size: q.page_size,
    results: rows.map((r) => ({ id: r.id, name: r.name, company: r.company, email: r.email, message: r.message, created_at: r.createdAt.toISOString() })),
  };
}

export async function listDemoRequests(ctx: Pick<AppContext, 'database'>, p: Principal, q: { page: number; page_size: number }): Promise<DemoRequestList> {
  requireAllowed(mayReadInbound(p.role), 'Only staff read what arrives from the public site.');
  const { rows, count } = await repo.listDemoRequests(ctx.database.db, q.page, q.page_size);
  return {
    count, page: q.page, page_size: q.page_size,
    results: rows.map((r) => ({ id: r.id, name: r.name, company: r.company, email: r.email, phone: r.phone, message: r.message, created_at: r.createdAt.toISOString() })),
  };
}
