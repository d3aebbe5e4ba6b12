import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, boolean } from 'drizzle-orm/pg-core';
import { users } from './people.schema.ts';
import { jobs } from './jobs.schema.ts';
import { jobFiles } from './files.schema.ts';
import { engineers } from './letters.schema.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A signing certificate registered for an engineer: the public part only. Signing refuses a
 * certificate whose public key is not one of the signing engineer's (422); the key is never kept.
 */
export const engineerCertificates = pgTable('engineer_certificates', {
  id: uuid('id').primaryKey().defaultRandom(),
  engineerId: uuid('engineer_id').notNull().references(() => engineers.id, { onDelete: 'cascade' }),
  /** The certificate, PEM. */
  pem: text('pem').notNull(),
  subject: text('subject').notNull(),
  issuer: text('issuer').notNull(),
  serial: text('serial').notNull(),
  notBefore: ts('not_before').notNull(),
  notAfter: ts('not_after').notNull(),
  selfSigned: boolean('self_signed').notNull(),
  /** SHA-256 (hex) of the DER SubjectPublicKeyInfo: what a signing key is matched by. */
  spkiSha256: text('spki_sha256').notNull(),
  addedById: uuid('added_by_id').references(() => users.id, { onDelete: 'set null' }),
  addedByName: text('added_by_name'),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [uniqueIndex('engineer_certificates_engineer_key_uq').on(t.engineerId, t.spkiSha256)]);

/**
 * The audit of seals: one row per seal applied to a document (who applied it, as which engineer,
 * the licence used, the hashes before and after, the pages that show it, when). Kept when the
 * engineer or the acting user is deleted (names copied); removed with the job.
 */
export const documentSeals = pgTable('document_seals', {
  id: uuid('id').primaryKey().defaultRandom(),
  jobId: uuid('job_id').notNull().references(() => jobs.id, { onDelete: 'cascade' }),
  fileId: uuid('file_id').references(() => jobFiles.id, { onDelete: 'set null' }),
  documentKind: text('document_kind').notNull(),
  discipline: text('discipline').notNull(),
  engineerId: uuid('engineer_id').references(() => engineers.id, { onDelete: 'set null' }),
  engineerName: text('engineer_name').notNull(),
  licenceState: text('licence_state').notNull(),
  licenceNumber: text('licence_number').notNull(),
  licenceExpiresOn: text('licence_expires_on').notNull(),
  sealedById: uuid('sealed_by_id').references(() => users.id, { onDelete: 'set null' }),
  sealedByName: text('sealed_by_name').notNull(),
  sealedByRole: text('sealed_by_role').notNull(),
  /** An admin applied it on the engineer's standing authorisation (not the engineer's own account). */
  onAuthorisation: boolean('on_authorisation').notNull(),
  code: text('code').notNull(),
  /** The 1-based pages that show this seal, as the check of the produced PDF found them. */
  pages: integer('pages').array().notNull(),
  /**
   * A structural seal over pages that state rail values not the maker's (an assumed rail class or
   * cantilever ratio): those pages, which the engineer of record accepted by sealing (empty otherwise).
   */
  acceptedAssumedPages: integer('accepted_assumed_pages').array().notNull().default(sql`'{}'::integer[]`),
  /** SHA-256 of the bytes sealed and of the bytes produced. */
  sourceSha256: text('source_sha256').notNull(),
  sha256: text('sha256').notNull(),
  /** The draft's bytes, kept: what the engineer sealed can always be compared. */
  sourceStorageKey: text('source_storage_key').notNull(),
  /** The day printed beside the seal (YYYY-MM-DD, the firm's calendar day; migration 0031). */
  printedOn: text('printed_on').notNull(),
  createdAt: ts('created_at').notNull(),
}, (t) => [
  index('document_seals_file_idx').on(t.fileId, t.createdAt), index('document_seals_job_idx').on(t.jobId, t.createdAt),
  // The public lookup reads a code's seals (migration 0030).
  index('document_seals_code_idx').on(t.code),
]);
