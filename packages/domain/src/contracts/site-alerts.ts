import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { ZDateFilter, ZId } from './common.ts';

export const SITE_ALERT_SEVERITIES = ['info', 'warning', 'error', 'success'] as const;
export const SITE_ALERT_MESSAGE_MAX = 1000;

/** An alert as its editor writes it: the message, how it looks, when it shows and to whom. */
export const ZSiteAlertBody = z
  .object({
    message: z.string().trim().min(1, 'Write the message.').max(SITE_ALERT_MESSAGE_MAX),
    severity: z.enum(SITE_ALERT_SEVERITIES).default('info'),
    /** ISO date-time with an offset; null or absent: from now on. */
    starts_at: ZDateFilter.nullable().default(null),
    /** ISO date-time with an offset; null or absent: until expired by hand. */
    ends_at: ZDateFilter.nullable().default(null),
    /** Only users of these roles; null or empty: every role. */
    roles: z.array(z.enum(ROLES)).max(ROLES.length).nullable().default(null),
    /** Only users of these companies; null or empty: every company. */
    company_ids: z.array(ZId).max(200).nullable().default(null),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.starts_at && b.ends_at && Date.parse(b.ends_at) <= Date.parse(b.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start.' });
    }
    for (const [key, list] of [['roles', b.roles], ['company_ids', b.company_ids]] as const) {
      if (list && new Set(list).size !== list.length) ctx.addIssue({ code: 'custom', path: [key], message: 'An entry is listed twice.' });
    }
  });
export type SiteAlertBody = z.output<typeof ZSiteAlertBody>;
export type SiteAlertBodyInput = z.input<typeof ZSiteAlertBody>;

export const SITE_ALERT_STATUSES = ['scheduled', 'live', 'expired'] as const;
export type SiteAlertStatus = (typeof SITE_ALERT_STATUSES)[number];

/** An alert as the admin screen lists it. */
export const ZSiteAlertAdmin = z.object({
  id: z.string(),
  message: z.string(),
  severity: z.enum(SITE_ALERT_SEVERITIES),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  roles: z.array(z.enum(ROLES)).nullable(),
  companies: z.array(z.object({ id: z.string(), name: z.string() })).nullable(),
  status: z.enum(SITE_ALERT_STATUSES),
  dismissed_count: z.number().int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SiteAlertAdmin = z.infer<typeof ZSiteAlertAdmin>;

export const ZSiteAlertList = z.array(ZSiteAlertAdmin);
export const ZSiteAlertParams = z.object({ id: z.string().max(100) });
