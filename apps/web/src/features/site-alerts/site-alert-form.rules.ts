import { z } from 'zod';
import { SITE_ALERT_MESSAGE_MAX, SITE_ALERT_SEVERITIES, type SiteAlertAdmin, type SiteAlertBodyInput } from '@sunstamp/domain/contracts/site-alerts';
import { ROLES, ROLE_LABELS, type Role } from '@sunstamp/domain/roles';

/** The dialog's values: date-times as the browser's local `datetime-local` text ('' = none). */
export const ZSiteAlertForm = z
  .object({
    message: z.string().trim().min(1, 'Write the message.').max(SITE_ALERT_MESSAGE_MAX),
    severity: z.enum(SITE_ALERT_SEVERITIES),
    starts_at: z.string(),
    ends_at: z.string(),
    roles: z.array(z.enum(ROLES)),
    company_ids: z.array(z.string()),
  })
  .superRefine((v, ctx) => {
    for (const key of ['starts_at', 'ends_at'] as const) {
      if (v[key] && Number.isNaN(Date.parse(v[key]))) ctx.addIssue({ code: 'custom', path: [key], message: 'Enter a date and time.' });
    }
    if (v.starts_at && v.ends_at && Date.parse(v.ends_at) <= Date.parse(v.starts_at)) {
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start.' });
    }
  });
export type SiteAlertForm = z.infer<typeof ZSiteAlertForm>;

/** `datetime-local` text for an ISO instant, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export const formOf = (a: SiteAlertAdmin | null): SiteAlertForm => ({
  message: a?.message ?? '',
  severity: a?.severity ?? 'info',
  starts_at: toLocalInput(a?.starts_at ?? null),
  ends_at: toLocalInput(a?.ends_at ?? null),
  roles: a?.roles ?? [],
  company_ids: a?.companies?.map((c) => c.id) ?? [],
});

/** The request body: local date-times as instants, empty audiences as "everyone". */
export const bodyOf = (f: SiteAlertForm): SiteAlertBodyInput => ({
  message: f.message.trim(),
  severity: f.severity,
  starts_at: f.starts_at ? new Date(f.starts_at).toISOString() : null,
  ends_at: f.ends_at ? new Date(f.ends_at).toISOString() : null,
  roles: f.roles.length ? f.roles : null,
  company_ids: f.company_ids.length ? f.company_ids : null,
});

/** Who an alert is for, in words: "Everyone", "Admin, Support", "Acme Solar (Company user)". */
export function audienceText(a: Pick<SiteAlertAdmin, 'roles' | 'companies'>): string {
  const roles = a.roles?.map((r: Role) => ROLE_LABELS[r]).join(', ');
  const companies = a.companies?.map((c) => c.name).join(', ');
  if (roles && companies) return `${companies} (${roles})`;
  return roles || companies || 'Everyone';
}
