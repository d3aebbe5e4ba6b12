import { z } from 'zod';
import type { Engineer, EngineerBody } from '@sunstamp/domain/contracts/engineers';
import { DISCIPLINES, type Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';

export const DISCIPLINE_LABELS: Record<Discipline, string> = { structural: 'Structural', electrical: 'Electrical' };

/** The dialog's values: licences as rows of text, the account as '' for none. */
export const ZEngineerForm = z.object({
  name: z.string().trim().min(1, 'Write the engineer\'s name.').max(200),
  email: z.string().trim().max(320),
  user_id: z.string(),
  disciplines: z.array(z.enum(DISCIPLINES)).min(1, 'Choose at least one discipline.'),
  is_active: z.boolean(),
  licences: z.array(z.object({
    state: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Two letters, e.g. TX.'),
    number: z.string().trim().min(1, 'Write the number.').max(50),
    expires_on: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the date.'),
  })),
}).superRefine((v, ctx) => {
  const states = v.licences.map((l) => l.state.trim().toUpperCase());
  states.forEach((s, i) => { if (s && states.indexOf(s) !== i) ctx.addIssue({ code: 'custom', path: ['licences', i, 'state'], message: `${s} is listed twice.` }); });
});
export type EngineerForm = z.infer<typeof ZEngineerForm>;

export const formOf = (e: Engineer | null): EngineerForm => ({
  name: e?.name ?? '',
  email: e?.email ?? '',
  user_id: e?.user_id ?? '',
  disciplines: e?.disciplines ?? ['structural'],
  is_active: e?.is_active ?? true,
  licences: e?.licences.map((l) => ({ state: l.state, number: l.number, expires_on: l.expires_on })) ?? [{ state: '', number: '', expires_on: '' }],
});

export const bodyOf = (v: EngineerForm): EngineerBody => ({
  name: v.name.trim(),
  email: v.email.trim(),
  user_id: v.user_id || null,
  disciplines: v.disciplines,
  is_active: v.is_active,
  licences: v.licences.map((l) => ({ state: l.state.trim().toUpperCase(), number: l.number.trim(), expires_on: l.expires_on })),
});

/** "TX PE-123456, expires 2027-12-31" or "… expired 2024-01-31". */
export function licenceText(l: Engineer['licences'][number]): string {
  return `${l.state} ${l.number}, ${l.expired ? 'expired' : 'expires'} ${l.expires_on}`;
}
