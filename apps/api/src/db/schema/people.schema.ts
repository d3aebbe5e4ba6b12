import { sql } from 'drizzle-orm';
import {
  boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  isInternal: boolean('is_internal').notNull().default(false),
  phoneNumber: text('phone_number'),
  email: text('email'),
  address: text('address'),
  /** The staff member clients of this company reach first (rae_support_contact). */
  supportContactId: uuid('support_contact_id'),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('companies_name_uq').on(sql`lower(${t.name})`)]);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull(),
  passwordHash: text('password_hash'),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  phoneNumber: text('phone_number'),
  role: text('role', { enum: ['admin', 'support', 'contractor', 'user_admin', 'user'] }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  verifiedEmail: boolean('verified_email').notNull().default(false),
  needsOnboarding: boolean('needs_onboarding').notNull().default(true),
  needsPassword: boolean('needs_password').notNull().default(false),
  jobNotificationsEnabled: boolean('job_notifications_enabled').notNull().default(true),
  messageNotificationsEnabled: boolean('message_notifications_enabled').notNull().default(true),
  lastLogin: timestamp('last_login', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('users_email_uq').on(t.email), index('users_role_idx').on(t.role)]);

export const userCompanies = pgTable('user_companies', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  companyId: uuid('company_id').notNull().references(() => companies.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.userId, t.companyId] }), index('user_companies_company_idx').on(t.companyId)]);

export const groups = pgTable('groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const groupMembers = pgTable('group_members', {
  groupId: uuid('group_id').notNull().references(() => groups.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.groupId, t.userId] })]);

export const states = pgTable('states', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  abbreviation: text('abbreviation').notNull(),
  country: text('country', { enum: ['US', 'CA'] }).notNull().default('US'),
}, (t) => [uniqueIndex('states_abbr_uq').on(t.country, t.abbreviation)]);

/**
 * Banners on every signed-in page, written by admins. Shown from `starts_at` (null: at once) until
 * `ends_at` (null: until expired) to the users the audience names: `roles` and `company_ids` each
 * narrow it when set (a user must match both), null for everyone.
 */
export const siteAlerts = pgTable('site_alerts', {
  id: uuid('id').primaryKey().defaultRandom(),
  message: text('message').notNull(),
  severity: text('severity', { enum: ['info', 'warning', 'error', 'success'] }).notNull().default('info'),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
  roles: text('roles').array(),
  companyIds: uuid('company_ids').array(),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who closed which alert: it stays closed for that person on every device. */
export const siteAlertDismissals = pgTable('site_alert_dismissals', {
  alertId: uuid('alert_id').notNull().references(() => siteAlerts.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.alertId, t.userId] })]);

/** Per-user, per-month counters of spec §4: completed jobs and revisions. */
export const userMonthStats = pgTable('user_month_stats', {
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  month: text('month').notNull(),
  jobsCompleted: integer('jobs_completed').notNull().default(0),
  revisions: integer('revisions').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.userId, t.month] })]);

/** A shift opens at sign-in when none is open and closes at sign-out (see docs/architecture.md). */
export const userShifts = pgTable('user_shifts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
}, (t) => [index('user_shifts_user_idx').on(t.userId, t.startedAt)]);
