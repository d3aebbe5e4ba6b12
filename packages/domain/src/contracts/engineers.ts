import { z } from 'zod';
import { DISCIPLINES } from '../engineers/engineer-licence.rules.ts';

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD.').refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && s >= '1900-01-01' && s <= '2200-12-31', 'Not a valid date.');

export const ZEngineerLicence = z.object({
  state: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'Use the two-letter state code.'),
  number: z.string().trim().min(1, 'Write the licence number.').max(50),
  expires_on: ZIsoDate,
});
export type EngineerLicence = z.infer<typeof ZEngineerLicence>;

/** An engineer as staff write it. */
export const ZEngineerBody = z.object({
  name: z.string().trim().min(1, 'Write the engineer\'s name.').max(200),
  email: z.string().trim().max(320).default(''),
  user_id: z.uuid().nullable().default(null),
  disciplines: z.array(z.enum(DISCIPLINES)).min(1, 'Choose at least one discipline.').max(2),
  licences: z.array(ZEngineerLicence).max(60).default([]),
  is_active: z.boolean().default(true),
}).strict().superRefine((b, ctx) => {
  const states = b.licences.map((l) => l.state);
  states.forEach((s, i) => { if (states.indexOf(s) !== i) ctx.addIssue({ code: 'custom', path: ['licences', i, 'state'], message: `${s} is listed twice.` }); });
  if (new Set(b.disciplines).size !== b.disciplines.length) ctx.addIssue({ code: 'custom', path: ['disciplines'], message: 'A discipline is listed twice.' });
});
export type EngineerBody = z.input<typeof ZEngineerBody>;

/** A signing certificate registered for an engineer: the public part only (the key never reaches Sunstamp to keep). */
export const ZEngineerCertificate = z.object({
  id: z.string(),
  subject: z.string(),
  issuer: z.string(),
  serial: z.string(),
  not_before: z.string(),
  not_after: z.string(),
  expired: z.boolean(),
  self_signed: z.boolean(),
  /** SHA-256 of the certificate's public key (SubjectPublicKeyInfo), as hex pairs. */
  key_fingerprint: z.string(),
  added_at: z.string(),
  added_by: z.string().nullable(),
});
export type EngineerCertificate = z.infer<typeof ZEngineerCertificate>;

/**
 * The engineer's standing authorisation for an admin to apply their seal in their name: recorded by
 * the engineer from their own account, or by an admin citing the engineer's written authorisation.
 */
export const ZSealAuthorisation = z.object({
  granted_at: z.string(),
  granted_by: z.string(),
  reference: z.string(),
});

export const ZSealAuthorisationBody = z.object({
  granted: z.boolean(),
  /** Where the engineer's written authorisation is kept; required when an admin records it. */
  reference: z.string().trim().max(500).default(''),
}).strict();
export type SealAuthorisationBody = z.input<typeof ZSealAuthorisationBody>;

export const ZEngineer = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  user_id: z.string().nullable(),
  disciplines: z.array(z.enum(DISCIPLINES)),
  licences: z.array(ZEngineerLicence.extend({ expired: z.boolean() })),
  is_active: z.boolean(),
  /** The demo workspace's engineer: its seal is marked "DEMO – NOT A VALID SEAL". */
  is_demo: z.boolean(),
  has_seal: z.boolean(),
  has_signature: z.boolean(),
  seal_url: z.string().nullable(),
  signature_url: z.string().nullable(),
  seal_authorisation: ZSealAuthorisation.nullable(),
  certificates: z.array(ZEngineerCertificate),
  /** What the caller may do for this engineer. */
  may: z.object({
    /** Apply this engineer's seal (their own account, or an admin on their standing authorisation). */
    seal: z.boolean(),
    /** Upload the seal, signature image and certificates (an admin, or the engineer's own account). */
    manage_credentials: z.boolean(),
    /** Grant or revoke the standing authorisation. */
    authorise: z.boolean(),
  }),
});
export type Engineer = z.infer<typeof ZEngineer>;
export const ZEngineerList = z.array(ZEngineer);
