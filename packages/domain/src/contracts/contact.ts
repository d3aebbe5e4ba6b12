import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { ZPage, ZPageQuery } from './common.ts';

/**
 * POST /contact (public): the Contact us form. `website` is a honeypot: a field people never see
 * (hidden from sight and from assistive technology) that form-filling robots fill in.
 */
export const ZContactBody = z.object({
  name: z.string().trim().min(1, 'Write your name.').max(200),
  company: z.string().trim().max(200).default(''),
  email: ZEmail,
  message: z.string().trim().min(1, 'Write your message.').max(5000),
  website: z.string().max(500).optional(),
});
export type ContactBody = z.output<typeof ZContactBody>;
export type ContactBodyInput = z.input<typeof ZContactBody>;

export const ZContactMessage = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type ContactMessage = z.infer<typeof ZContactMessage>;
export const ZContactMessageList = ZPage(ZContactMessage);
export type ContactMessageList = z.infer<typeof ZContactMessageList>;

export const ZDemoRequest = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  message: z.string().nullable(),
  created_at: z.string(),
});
export type DemoRequest = z.infer<typeof ZDemoRequest>;
export const ZDemoRequestList = ZPage(ZDemoRequest);
export type DemoRequestList = z.infer<typeof ZDemoRequestList>;

/** GET /contact-messages and /demo-requests: newest first, paged. */
export const ZInboundQuery = ZPageQuery;

/** At most this many messages per sender address per hour, and this many from everyone per hour. */
export const CONTACT_PER_ADDRESS_PER_HOUR = 5;
export const CONTACT_TOTAL_PER_HOUR = 200;
/**
 * At most this many contact messages are mailed to staff an hour, from everyone together (issue 29:
 * 40 addresses sent 40 mails). Past it a message is stored (the back office lists it) and staff get
 * one notice that more are waiting there, not a mail each.
 */
export const CONTACT_MAILS_PER_HOUR = 20;
