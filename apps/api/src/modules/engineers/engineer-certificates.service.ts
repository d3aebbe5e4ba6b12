import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import fsp from 'node:fs/promises';
import type { X509Certificate } from 'node:crypto';
import { mayManageEngineerCredentials, mayReadEngineers } from '@sunstamp/domain/policies/engineers.policy';
import type { Engineer } from '@sunstamp/domain/contracts/engineers';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import { AppError, conflict, notFound, invalidFields } from '../../platform/errors.ts';
import type { SpooledFile } from '../../platform/uploads.ts';
import { CertificateError, factsOf, readCertificates, spkiSha256, TrustStore } from '../../platform/signing/certificates.ts';
import { requireAllowed } from '../../platform/access.ts';
import { engineerOut } from './engineers.service.ts';
import { documentDayOf } from '../settings/settings.api.ts';
import * as repo from './engineers.repository.ts';

/*
 * An engineer's signing certificates: the public part, registered once by an admin or the engineer,
 * so that a signature made with any other key is refused (letters.service.ts signs only with a key
 * whose public key is registered for the letter's engineer). With SIGNING_TRUST_DIR set, a
 * certificate must also chain to one of those CAs (most state boards require a CA-issued one).
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'storage' | 'config'>;

/** A certificate file (PEM or DER, a chain allowed) is a few kilobytes. */
export const MAX_CERTIFICATE_BYTES = 64 * 1024;
const refusal = 'Only an admin or the engineer (from their own account) registers the engineer\'s certificates.';
const unprocessable = (m: string) => new AppError(422, m, 'unprocessable');

async function engineerFor(ctx: Ctx, p: Principal, id: string) {
  requireAllowed(mayReadEngineers(p.role), 'Only staff see engineers.');
  if (!UUID_RE.test(id)) throw notFound();
  const e = await repo.getEngineer(ctx.database.db, id);
  if (!e) throw notFound();
  requireAllowed(mayManageEngineerCredentials(p, e), refusal);
  return e;
}

/** Before reading the upload: the engineer exists and the caller may register for them. */
export async function assertMayRegister(ctx: Ctx, p: Principal, id: string) {
  await engineerFor(ctx, p, id);
}

/** The trust list's verdict on a certificate and the chain sent with it; null when no trust list is configured. */
export function trustProblem(config: Pick<AppContext['config'], 'signingTrustDir'>, leaf: X509Certificate, chain: readonly X509Certificate[], at: Date): string | null {
  if (!config.signingTrustDir) return null;
  const verdict = TrustStore.load(config.signingTrustDir).verify(leaf, chain, at);
  return verdict.ok ? null : `The certificate is not issued by a trusted certification authority: ${verdict.problem}`;
}

/** Registers the certificate (the first in the file; the others are its chain). */
export async function registerCertificate(ctx: Ctx, p: Principal, id: string, files: SpooledFile[]): Promise<Engineer> {
  const e = await engineerFor(ctx, p, id);
  if (files.length !== 1) throw invalidFields([{ files: 'Send one certificate file (.cer, .crt or .pem).' }]);
  const file = files[0]!;
  if (file.size > MAX_CERTIFICATE_BYTES) throw new AppError(413, 'The certificate file is larger than 64 KB: it is not a certificate.', 'too_large');
  let certs: X509Certificate[];
  try {
    certs = readCertificates(new Uint8Array(await fsp.readFile(file.path)));
  } catch (err) {
    if (err instanceof CertificateError) throw unprocessable(err.message);
    throw err;
  }
  const [leaf, ...chain] = certs;
  const now = ctx.clock.now();
  const facts = factsOf(leaf!);
  if (facts.notAfter < now) throw unprocessable(`This certificate expired on ${facts.notAfter.toISOString().slice(0, 10)}.`);
  const distrust = trustProblem(ctx.config, leaf!, chain, now);
  if (distrust) throw unprocessable(distrust);
  const inserted = await repo.insertCertificate(ctx.database.db, {
    engineerId: e.id, pem: facts.pem, subject: facts.subject, issuer: facts.issuer, serial: facts.serial, notBefore: facts.notBefore,
    notAfter: facts.notAfter, selfSigned: facts.selfSigned, spkiSha256: facts.spkiSha256, addedById: p.id,
    addedByName: await repo.userName(ctx.database.db, p.id), createdAt: now,
  });
  if (!inserted) throw conflict(`A certificate with this public key is already registered for ${e.name}.`);
  return engineerOut((await repo.getEngineer(ctx.database.db, id))!, await repo.certificatesOf(ctx.database.db, [id]), await documentDayOf(ctx), p);
}

export async function removeCertificate(ctx: Ctx, p: Principal, id: string, certificateId: string): Promise<void> {
  await engineerFor(ctx, p, id);
  if (!UUID_RE.test(certificateId) || !(await repo.deleteCertificate(ctx.database.db, id, certificateId))) throw notFound();
}

/**
 * Whether `leaf` may sign for the engineer: its public key is one of theirs registered (unexpired),
 * and, with a trust list, it chains to a trusted CA. The refusal in words, or null.
 */
export async function signingRefusal(ctx: Pick<AppContext, 'database' | 'config'>, engineer: { id: string; name: string }, leaf: X509Certificate, chain: readonly X509Certificate[], at: Date): Promise<string | null> {
  const key = spkiSha256(leaf);
  const registered = (await repo.certificatesOf(ctx.database.db, [engineer.id])).find((c) => c.spkiSha256 === key);
  const who = /(?:^|\n)CN=([^\n]*)/.exec(leaf.subject)?.[1] ?? 'this certificate';
  if (!registered) {
    return `The certificate of ${who} is not registered for ${engineer.name}: only a certificate registered on the Engineers page for the engineer who sealed the letter may sign it.`;
  }
  if (registered.notAfter < at) return `${engineer.name}'s registered certificate expired on ${registered.notAfter.toISOString().slice(0, 10)}.`;
  return trustProblem(ctx.config, leaf, chain, at);
}
