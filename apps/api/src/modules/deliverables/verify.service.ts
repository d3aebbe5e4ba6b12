import crypto from 'node:crypto';
import { deliverableKindLabel } from '@sunstamp/domain/constants/deliverables.constants';
import type { Verification, VerificationCheck } from '@sunstamp/domain/contracts/deliverables';
import { formatVerificationCode, isVerificationCode, normaliseVerificationCode } from '@sunstamp/domain/jobs/deliverables.rules';
import type { AppContext } from '../../context.ts';
import { notFound, tooManyRequests } from '../../platform/errors.ts';
import * as repo from './deliverables.repository.ts';

/**
 * Public verification of a sealed document: anyone with the code printed on it (an AHJ plan
 * reviewer) reads who sealed it, the licence, the job's address, the date and the document's
 * SHA-256, and may hash the PDF they hold against it. Nothing else of the tenant is answered.
 * Codes carry 100 random bits and lookups are limited per address, so codes cannot be guessed.
 */

type Ctx = Pick<AppContext, 'database' | 'rateLimits'>;

const NOT_FOUND = 'No sealed document has this code. Check the code printed beside the seal.';
const SLOW_DOWN = 'Too many verification requests from your address. Please wait a minute and try again.';

async function recordOf(ctx: Ctx, rawCode: string) {
  const code = normaliseVerificationCode(rawCode);
  if (!isVerificationCode(code)) throw notFound(NOT_FOUND);
  const row = await repo.getVerification(ctx.database.db, code);
  if (!row) throw notFound(NOT_FOUND);
  return row.v;
}

export async function verifyCode(ctx: Ctx, address: string, rawCode: string): Promise<Verification> {
  if (!ctx.rateLimits.verifyLookups.take(address)) throw tooManyRequests(SLOW_DOWN);
  const v = await recordOf(ctx, rawCode);
  return {
    code: formatVerificationCode(v.code),
    document: deliverableKindLabel(v.documentKind),
    engineer_name: v.engineerName,
    licence_state: v.licenceState,
    licence_number: v.licenceNumber,
    job_address: v.jobAddress,
    sealed_at: v.sealedAt.toISOString(),
    sha256: v.sha256,
  };
}

/** Before reading an uploaded PDF: the address's allowance and the code (404 before a byte is read). */
export async function beginCheck(ctx: Ctx, address: string, rawCode: string) {
  if (!ctx.rateLimits.verifyChecks.take(address)) throw tooManyRequests(SLOW_DOWN);
  return recordOf(ctx, rawCode);
}

/** Hashes the uploaded bytes as they stream in and compares them with the sealed document's hash. */
export async function checkBytes(expected: { sha256: string }, bytes: AsyncIterable<Buffer>): Promise<VerificationCheck> {
  const h = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of bytes) {
    h.update(chunk);
    size += chunk.length;
  }
  const sha256 = h.digest('hex');
  return { matches: sha256 === expected.sha256, sha256, expected_sha256: expected.sha256, size };
}
