import { z } from 'zod';
import { ROLES } from '../roles.ts';
import { ZEmail, ZPassword } from './auth.ts';

export const ZRole = z.enum(ROLES);

export const ZCompanyRef = z.object({ id: z.string(), name: z.string() });

export const ZSupportContact = z.object({
  id: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
});

export const ZSiteAlert = z.object({
  id: z.string(),
  message: z.string(),
  severity: z.enum(['info', 'warning', 'error', 'success']),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
});

/** Month stats of spec §3: completed jobs and revisions this month, shift hours. */
export const ZMonthStats = z.object({
  jobs_completed_this_month: z.number().int(),
  revisions_this_month: z.number().int(),
  previous_shift_hours: z.number(),
  current_shift_start: z.string().nullable(),
});

/** The session user of spec §3, plus full_name for the current-user response. */
export const ZSessionUser = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  verifiedEmail: z.boolean(),
  phoneNumber: z.string().nullable(),
  role: ZRole,
  needsOnboarding: z.boolean(),
  needsPassword: z.boolean(),
  jobNotificationsEnabled: z.boolean(),
  messageNotificationsEnabled: z.boolean(),
  companies: z.array(ZCompanyRef),
  rae_support_contact: ZSupportContact.nullable(),
});
export type SessionUser = z.infer<typeof ZSessionUser>;

export const ZMeResponse = z.object({
  user: ZSessionUser,
  site_alerts: z.array(ZSiteAlert),
  companies: z.array(ZCompanyRef),
  month_stats: ZMonthStats,
});
export type MeResponse = z.infer<typeof ZMeResponse>;

export const ZUpdateMeBody = z
  .object({
    firstName: z.string().trim().max(150),
    lastName: z.string().trim().max(150),
    phoneNumber: z.string().trim().max(40).nullable(),
    jobNotificationsEnabled: z.boolean(),
    messageNotificationsEnabled: z.boolean(),
    /** Setting a password: required when needsPassword, otherwise needs current_password. */
    password: ZPassword,
    current_password: z.string().max(256),
  })
  .partial()
  .strict();

export const ACCOUNT_STATUSES = ['active', 'inactive', 'all'] as const;

export const ZUsersQuery = z.object({
  account_status: z.enum(ACCOUNT_STATUSES).default('active'),
  /** JSON list or comma-separated list of company ids. */
  companies: z.string().max(4000).optional(),
  role: z.string().max(200).optional(),
  include_self: z.enum(['true', 'false', '1', '0']).optional(),
  admin_only: z.enum(['true', 'false', '1', '0']).optional(),
  simplify_users: z.enum(['true', 'false', '1', '0']).optional(),
  search: z.string().max(200).optional(),
});

export const ZUserListItem = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: ZRole,
  is_active: z.boolean(),
  verifiedEmail: z.boolean(),
  phoneNumber: z.string().nullable(),
  companies: z.array(ZCompanyRef),
  groups: z.array(z.object({ id: z.string(), name: z.string() })),
  last_login: z.string().nullable(),
  created_at: z.string(),
});
export const ZSimpleUser = z.object({ id: z.string(), full_name: z.string(), email: z.string(), role: ZRole });

export const ZCreateUserBody = z.object({
  email: ZEmail,
  firstName: z.string().trim().max(150).default(''),
  lastName: z.string().trim().max(150).default(''),
  role: ZRole,
  company_ids: z.array(z.string().uuid()).max(50).default([]),
  phoneNumber: z.string().trim().max(40).nullable().optional(),
});
export const ZUpdateUserBody = z
  .object({
    firstName: z.string().trim().max(150),
    lastName: z.string().trim().max(150),
    role: ZRole,
    is_active: z.boolean(),
    company_ids: z.array(z.string().uuid()).max(50),
    phoneNumber: z.string().trim().max(40).nullable(),
  })
  .partial()
  .strict();

export const ZCompany = z.object({
  id: z.string(),
  name: z.string(),
  is_internal: z.boolean(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  user_count: z.number().int(),
  job_count: z.number().int(),
  /** Active jobs submitted and not finished (not a draft, Approved or Cancelled). */
  open_job_count: z.number().int(),
  /** When any of the company's jobs last changed; null without jobs. */
  last_activity_at: z.string().nullable(),
  created_at: z.string(),
});
/** A company as GET /companies lists it: the company and its staff support contact's id. */
export const ZCompanyRow = ZCompany.extend({ support_contact_id: z.string().nullable() });
export const ZCompanyBody = z.object({
  name: z.string().trim().min(1).max(200),
  phone_number: z.string().trim().max(40).nullable().optional(),
  email: z.string().trim().email().max(254).nullable().optional(),
  address: z.string().trim().max(500).nullable().optional(),
});
/** The body of POST /companies (and, every field optional, PUT /companies/{id}): the company and its support contact (staff). */
export const ZCompanyWriteBody = ZCompanyBody.extend({ support_contact_id: z.string().uuid().nullable().optional() });
export const ZCompanyPatch = ZCompanyWriteBody.partial().strict();

export const ZGroup = z.object({
  id: z.string(),
  name: z.string(),
  members: z.array(z.object({ id: z.string(), full_name: z.string() })),
});

export const ZState = z.object({
  id: z.number().int(),
  name: z.string(),
  abbreviation: z.string(),
  country: z.enum(['US', 'CA']),
});

export { ZEmail, ZPassword };
