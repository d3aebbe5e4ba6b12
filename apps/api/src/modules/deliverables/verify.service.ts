import crypto from 'node:crypto';
import { deliverableKindLabel } from '@sunstamp/domain/constants/deliverables.constants';
import type { Verification, VerificationCheck } from '@sunstamp/domain/contracts/deliverables';
import { formatVerificationCode, isVerificationCode, normaliseVerificationCode } from '@sunstamp/domain/jobs/deliverables.rules';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import { isClientRole, isInternalStaff } from '@sunstamp/domain/roles';
import type { Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import { notFound, tooManyRequests } from '../../platform/errors.ts';
import { calendarDayIn } from '@sunstamp/domain/format/document-day.format';
import { documentTimeZone } from '../settings/settings.api.ts';
import * as repo from './deliverables.repository.ts';

/**
 * Public verification of a sealed document: anyone with the code printed on it (an AHJ plan
 * reviewer) reads the document's kind, who sealed it, the licence, the date, the SHA-256 and the
 * job's city and state, and may hash the PDF they hold against it. The street address is not
 * answered to the public (a home owner's address is not for anyone holding a code): a signed-in
 * member of the job's company, or staff, also reads the job and its address. Only a document that
 * is sealed answers; one not yet released says so. Codes carry 100 random bits and lookups are
 * limited per address, so codes cannot be guessed.
 */

type Ctx = Pick<AppContext, 'database' | 'rateLimits'>;

const NOT_FOUND = 'No sealed document has this code. Check the code printed beside the seal.';
const SLOW_DOWN = 'Too many verification requests from your address. Please wait a minute and try again.';

async function recordOf(ctx: Ctx, rawCode: string) {
  const code = normaliseVerificationCode(rawCode);
  if (!isVerificationCode(code)) throw notFound(NOT_FOUND);
  const row = await repo.getVerification(ctx.database.db, code);
  if (!row) throw notFound(NOT_FOUND);
  // A withdrawn document answers that it was withdrawn, whatever became of its file since.
  if (row.v.withdrawnAt) return row;
  // Otherwise a document answers only while it is sealed (or released sealed): never a draft.
  if (row.state !== 'sealed' && row.state !== 'released') throw notFound(NOT_FOUND);
  return row;
}

/** What the record says of the document's standing, in the reviewer's words (days in the firm's time zone). */
function statusTextOf(row: NonNullable<Awaited<ReturnType<typeof repo.getVerification>>>, zone: string): string {
  const v = row.v;
  const day = (d: Date) => calendarDayIn(d, zone);
  if (v.withdrawnAt) {
    return `Withdrawn by the engineering firm on ${day(v.withdrawnAt)}: this document is no longer valid and must not be accepted. Ask the applicant for the current sealed document.`;
  }
  return row.state === 'released'
    ? `Sealed and released to the client on ${day(row.releasedAt ?? v.sealedAt)}.`
    : 'Sealed, not yet released to the client: the engineering firm has not issued this document yet.';
}

export async function verifyCode(ctx: Ctx, address: string, rawCode: string, viewer: Principal | null): Promise<Verification> {
  if (!ctx.rateLimits.verifyLookups.take(address)) throw tooManyRequests(SLOW_DOWN);
  const row = await recordOf(ctx, rawCode);
  const v = row.v;
  const seals = await repo.sealsOfCode(ctx.database.db, v.code);
  const released = !v.withdrawnAt && row.state === 'released';
  const insider = !!viewer && (isInternalStaff(viewer.role) || (isClientRole(viewer.role) && viewer.companyIds.includes(row.companyId)));
  return {
    code: formatVerificationCode(v.code),
    document: deliverableKindLabel(v.documentKind),
    engineer_name: v.engineerName,
    licence_state: v.licenceState,
    licence_number: v.licenceNumber,
    seals: seals.map((x) => ({
      discipline: x.discipline as Discipline, engineer_name: x.engineerName, licence_state: x.licenceState, licence_number: x.licenceNumber,
      sealed_at: x.createdAt.toISOString(), sealed_on: x.printedOn,
    })),
    location: v.location || [row.city?.trim(), row.jobState].filter(Boolean).join(', '),
    sealed_at: v.sealedAt.toISOString(),
    // A record without its seal rows (none is expected) answers the UTC day, what seals printed before the firm's zone.
    sealed_on: seals.length ? [...new Set(seals.map((x) => x.printedOn))] : [calendarDayIn(v.sealedAt, 'UTC')],
    sha256: v.sha256,
    released,
    withdrawn_at: v.withdrawnAt?.toISOString() ?? null,
    status_text: statusTextOf(row, await documentTimeZone(ctx.database.db)),
    job: insider ? { id: v.jobId, name: row.jobName, address: v.jobAddress } : null,
  };
}

/** Before reading an uploaded PDF: the address's allowance and the code (404 before a byte is read). */
export async function beginCheck(ctx: Ctx, address: string, rawCode: string) {
  if (!ctx.rateLimits.verifyChecks.take(address)) throw tooManyRequests(SLOW_DOWN);
  return (await recordOf(ctx, rawCode)).v;
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
