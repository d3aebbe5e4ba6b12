// Signing a sealed letter (issue 28: split out of letters.service.ts): with the engineer's P12 sent for
// that signing only, or signed outside Sunstamp and uploaded. Either way the signature is the letter's
// own engineer's act, after the seal, with a certificate registered for that engineer.
import crypto, { X509Certificate } from 'node:crypto';
import { mayWorkOnJob } from '@sunstamp/domain/policies/jobs.policy';
import { maySignAsEngineer } from '@sunstamp/domain/policies/engineers.policy';
import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import { AppError, badRequest, conflict, forbidden, invalidFields, notFound } from '../../platform/errors.ts';
import { getEngineer, readBytes, signingRefusal } from '../engineers/engineers.api.ts';
import type { Principal } from '../../platform/principal.ts';
import { requireAllowed } from '../../platform/access.ts';
import { replaceDeliverableFile } from '../deliverables/deliverables.api.ts';
import { insertFiles } from '../files/files.api.ts';
import { visibleJob } from '../jobs/jobs.api.ts';
import { workRefusal, type Ctx } from './letters-prepare.ts';
import { letterOut } from './letters.service.ts';
import * as repo from './letters.repository.ts';

/* The signing stack (pkijs, asn1js, @signpdf) is loaded when a letter is first signed, not at start-up. */
const signing = () => import('../../platform/signing/pades.ts');

/** Before reading a signing upload's body: 404 for a letter the caller does not see, 403 for another's, 409 when signed. */
export async function assertMaySign(ctx: Ctx, p: Principal, letterId: string) {
  await signableLetter(ctx, p, letterId, false);
}

async function signableLetter(ctx: Ctx, p: Principal, letterId: string, read = true) {
  if (!UUID_RE.test(letterId)) throw notFound();
  const found = await repo.getLetter(ctx.database.db, letterId);
  if (!found) throw notFound();
  // The letter is as visible as its job.
  const r = await visibleJob(ctx.database.db, p, found.l.jobId);
  requireAllowed(mayWorkOnJob(p, r.job), workRefusal);
  const engineer = found.l.engineerId ? await getEngineer(ctx.database.db, found.l.engineerId) : null;
  if (!engineer) throw conflict('The engineer who sealed this letter no longer exists: generate it again.');
  if (!maySignAsEngineer(p, engineer)) throw forbidden(`Only ${engineer.name}, who sealed this letter, signs it (from the account linked on the Engineers page).`);
  if (found.l.signatureStatus === 'signed') throw conflict('This letter is already signed.');
  // The signature covers the sealed letter: seal first (re-saving a signed PDF voids the signature).
  if (found.state === 'draft') throw conflict(`Seal the letter before signing it: ${engineer.name} seals it on the job's Deliverables card, then signs.`);
  const bytes = read ? await readBytes(ctx, found.storageKey) : Buffer.alloc(0);
  return { found, engineer, bytes, job: r.job };
}

async function storeSigned(ctx: Ctx, p: Principal, found: NonNullable<Awaited<ReturnType<typeof repo.getLetter>>>, signed: Uint8Array, signedBy: string) {
  const fileId = crypto.randomUUID();
  const key = `jobs/${found.l.jobId}/${fileId}`;
  await ctx.storage.put(key, signed);
  const now = ctx.clock.now();
  const ok = await ctx.database.db.transaction(async (tx) => {
    await insertFiles(tx, [{ id: fileId, jobId: found.l.jobId, kind: 'internal', category: 'Engineering', name: found.fileName.replace(/\.pdf$/i, '') + ' (signed).pdf', mime: 'application/pdf', size: signed.length, storageKey: key, uploadedById: p.id, uploadedByRole: p.role, createdAt: now }]);
    const signedSha256 = crypto.createHash('sha256').update(signed).digest('hex');
    const marked = await repo.markSigned(tx, found.l.id, { signedFileId: fileId, signedSha256, signedBy, signedAt: now });
    // The signed copy is the deliverable from now on; the code printed on the letter checks its bytes.
    if (marked) await replaceDeliverableFile(tx, found.l.fileId, { id: fileId, name: found.fileName.replace(/\.pdf$/i, '') + ' (signed).pdf', sha256: signedSha256, size: signed.length });
    return marked;
  });
  if (!ok) {
    await ctx.storage.remove(key).catch(() => {});
    throw conflict('This letter is already signed.');
  }
  const [row] = (await repo.lettersOfJob(ctx.database.db, found.l.jobId)).filter((x) => x.l.id === found.l.id);
  return letterOut(row!, p);
}

/**
 * Signs a sealed letter with the engineer's P12, sent for this signing only; neither the key nor the
 * passphrase is kept. The certificate must be one registered for the letter's engineer (its public
 * key), and with SIGNING_TRUST_DIR it must chain to a trusted CA: otherwise 422, before any signing.
 */
export async function signLetter(ctx: Ctx, p: Principal, letterId: string, p12: Uint8Array | null, passphrase: string | null) {
  const { found, engineer, bytes } = await signableLetter(ctx, p, letterId);
  if (!p12 || p12.length === 0) throw invalidFields([{ files: 'Send the certificate file (.p12 or .pfx).' }]);
  if (passphrase === null) throw invalidFields([{ passphrase: 'Send the certificate\'s passphrase.' }]);
  const now = ctx.clock.now();
  let signed: Uint8Array;
  const { openSigner, signPdfWith, SigningError } = await signing();
  try {
    const signer = openSigner(p12, passphrase);
    const chain = signer.chain.filter((c) => c.fingerprint256 !== signer.certificate.fingerprint256);
    const refusal = await signingRefusal(ctx, engineer, signer.certificate, chain, now);
    if (refusal) throw new AppError(422, refusal, 'unprocessable');
    signed = await signPdfWith(bytes, signer, {
      reason: `Sealed and signed by ${engineer.name}, P.E. (${engineer.licences.map((l) => `${l.state} ${l.number}`).join(', ')})`,
      name: engineer.name, location: 'Sunstamp', contactInfo: engineer.email, signingTime: now,
    });
  } catch (e) {
    if (e instanceof SigningError) throw badRequest(e.message, [{ files: e.message }]);
    throw e;
  }
  return storeSigned(ctx, p, found, signed, engineer.name);
}

/** Takes a letter signed outside Sunstamp: the signature must verify over the whole file, and the file must begin with the exact bytes generated. */
export async function acceptSignedLetter(ctx: Ctx, p: Principal, letterId: string, signed: Uint8Array | null) {
  const { found, engineer, bytes } = await signableLetter(ctx, p, letterId);
  if (!signed || signed.length === 0) throw invalidFields([{ files: 'Send the signed PDF.' }]);
  const check = await (await signing()).verifyOutsideSignature(bytes, signed);
  if (!check.valid) throw new AppError(422, `The signature does not verify: ${check.problem ?? 'unknown reason'}`, 'unprocessable');
  if (!check.coversWholeFile) throw new AppError(422, 'The signature does not cover the whole file: something was added after signing.', 'unprocessable');
  if (!check.startsWithGenerated) throw new AppError(422, 'The signed file does not begin with the sealed letter Sunstamp made: it was changed before signing. Sign the downloaded letter as it is.', 'unprocessable');
  if (!check.certificates.signer) throw new AppError(422, 'The signature carries no certificate: the signer cannot be checked.', 'unprocessable');
  const leaf = new X509Certificate(Buffer.from(check.certificates.signer));
  const chain = check.certificates.all.map((c) => new X509Certificate(Buffer.from(c))).filter((c) => c.fingerprint256 !== leaf.fingerprint256);
  const refusal = await signingRefusal(ctx, engineer, leaf, chain, ctx.clock.now());
  if (refusal) throw new AppError(422, refusal, 'unprocessable');
  return storeSigned(ctx, p, found, signed, check.signer?.commonName || engineer.name);
}
