import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import { isInternalStaff, type Role } from '@sunstamp/domain/roles';
import {
  mayManageEngineerCredentials, mayManageEngineers, mayReadEngineers, mayRecordSealAuthorisation, sealAuthorityOf,
} from '@sunstamp/domain/policies/engineers.policy';
import { ZEngineerBody, type Engineer, type ZSealAuthorisationBody } from '@sunstamp/domain/contracts/engineers';
import type { Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import type { StoredFileDownload } from '../../platform/downloads.ts';
import { AppError, notFound, invalidFields } from '../../platform/errors.ts';
import type { SpooledFile } from '../../platform/uploads.ts';
import { requireAllowed } from '../../platform/access.ts';
import * as repo from './engineers.repository.ts';
import { documentDayOf } from '../settings/settings.api.ts';
import { bytesOfStream } from '../../platform/storage.ts';

/*
 * Staff engineer profiles: PE licences per state, disciplines, seal and signature images, signing
 * certificates (public part) and the standing authorisation for an admin to seal in their name.
 * Admin writes profiles, support reads (engineers.policy.ts); the images and certificates are
 * uploaded by an admin or by the engineer's own account. Images are decoded and drawn again as PNG
 * (an SVG sanitised first); the engineer's private key is never stored (letters.service: signing).
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'storage'>;

/** A seal or signature image: small enough to embed in every letter. */
export const MAX_ENGINEER_IMAGE_BYTES = 2 * 1024 * 1024;

const readRefusal = 'Only staff see engineers.';
const writeRefusal = 'Only an admin adds or changes engineers.';

export function engineerOut(e: repo.EngineerWithLicences, certs: repo.CertificateRow[], today: string, p: Principal): Engineer {
  const now = `${today}T23:59:59Z`;
  return {
    id: e.id,
    name: e.name,
    email: e.email,
    user_id: e.userId,
    disciplines: e.disciplines as Discipline[],
    licences: e.licences.map((l) => ({ state: l.state, number: l.number, expires_on: l.expiresOn, expired: l.expiresOn < today })),
    is_active: e.isActive,
    is_demo: e.isDemo,
    has_seal: !!e.sealKey,
    has_signature: !!e.signatureKey,
    seal_url: e.sealKey ? `/api/engineers/${e.id}/seal` : null,
    signature_url: e.signatureKey ? `/api/engineers/${e.id}/signature` : null,
    seal_authorisation: e.sealAuthorisedAt
      ? { granted_at: e.sealAuthorisedAt.toISOString(), granted_by: e.sealAuthorisedByName ?? '', reference: e.sealAuthorisationRef ?? '' }
      : null,
    certificates: certs.filter((c) => c.engineerId === e.id).map((c) => ({
      id: c.id, subject: c.subject, issuer: c.issuer, serial: c.serial, not_before: c.notBefore.toISOString(), not_after: c.notAfter.toISOString(),
      expired: c.notAfter.toISOString() < now, self_signed: c.selfSigned, key_fingerprint: colonHex(c.spkiSha256),
      added_at: c.createdAt.toISOString(), added_by: c.addedByName,
    })),
    may: {
      seal: sealAuthorityOf(p, e).ok,
      manage_credentials: mayManageEngineerCredentials(p, e),
      authorise: mayRecordSealAuthorisation(p, e),
    },
  };
}

const colonHex = (hex: string) => hex.toUpperCase().match(/.{2}/g)!.join(':');

async function answerOne(ctx: Ctx, p: Principal, id: string): Promise<Engineer> {
  const e = (await repo.getEngineer(ctx.database.db, id))!;
  return engineerOut(e, await repo.certificatesOf(ctx.database.db, [id]), await documentDayOf(ctx), p);
}

async function found(ctx: Ctx, id: string) {
  if (!UUID_RE.test(id)) throw notFound();
  const e = await repo.getEngineer(ctx.database.db, id);
  if (!e) throw notFound();
  return e;
}

export async function listEngineers(ctx: Ctx, p: Principal): Promise<Engineer[]> {
  requireAllowed(mayReadEngineers(p.role), readRefusal);
  const today = await documentDayOf(ctx);
  const rows = await repo.listEngineers(ctx.database.db);
  const certs = await repo.certificatesOf(ctx.database.db, rows.map((e) => e.id));
  return rows.map((e) => engineerOut(e, certs, today, p));
}

export async function getEngineer(ctx: Ctx, p: Principal, id: string): Promise<Engineer> {
  requireAllowed(mayReadEngineers(p.role), readRefusal);
  await found(ctx, id);
  return answerOne(ctx, p, id);
}

async function checkedWrite(ctx: Ctx, body: z.output<typeof ZEngineerBody>) {
  if (body.user_id) {
    const u = await repo.userRef(ctx.database.db, body.user_id);
    if (!u || !u.isActive || !isInternalStaff(u.role as Role)) throw invalidFields([{ user_id: 'Choose an active staff account (admin or support).' }]);
  }
  return {
    row: { name: body.name, email: body.email, userId: body.user_id, disciplines: body.disciplines, isActive: body.is_active },
    licences: body.licences.map((l) => ({ state: l.state, number: l.number, expiresOn: l.expires_on })),
  };
}

export async function createEngineer(ctx: Ctx, p: Principal, body: z.output<typeof ZEngineerBody>): Promise<Engineer> {
  requireAllowed(mayManageEngineers(p.role), writeRefusal);
  const w = await checkedWrite(ctx, body);
  const id = await ctx.database.db.transaction((tx) => repo.insertEngineer(tx, w.row, w.licences));
  return answerOne(ctx, p, id);
}

export async function updateEngineer(ctx: Ctx, p: Principal, id: string, body: z.output<typeof ZEngineerBody>): Promise<Engineer> {
  requireAllowed(mayManageEngineers(p.role), writeRefusal);
  await found(ctx, id);
  const w = await checkedWrite(ctx, body);
  await ctx.database.db.transaction((tx) => repo.updateEngineer(tx, id, w.row, w.licences, ctx.clock.now()));
  return answerOne(ctx, p, id);
}

const credentialsRefusal = 'Only an admin or the engineer (from their own account) uploads the seal, signature and certificates.';

/** Before reading an upload's body: the engineer exists and the caller may upload their credentials. */
export async function assertMayUploadImage(ctx: Ctx, p: Principal, id: string) {
  requireAllowed(mayReadEngineers(p.role), readRefusal);
  const e = await found(ctx, id);
  requireAllowed(mayManageEngineerCredentials(p, e), credentialsRefusal);
  return e;
}

/**
 * Stores a seal or signature image and points the profile at it; the old image is removed. PNG,
 * JPEG or SVG in; always a fresh PNG kept (normaliseSealImage), so nothing of the upload but its
 * picture survives.
 */
export async function storeImage(ctx: Ctx, p: Principal, id: string, kind: 'seal' | 'signature', files: SpooledFile[]): Promise<Engineer> {
  const e = await assertMayUploadImage(ctx, p, id);
  if (files.length !== 1) throw invalidFields([{ files: `Send one ${kind} image.` }]);
  const file = files[0]!;
  if (file.size > MAX_ENGINEER_IMAGE_BYTES) throw new AppError(413, `The ${kind} image is larger than 2 MB.`, 'too_large');
  let png: Uint8Array;
  // @napi-rs/canvas (a native module) is loaded at the first upload, not at start-up.
  const { normaliseSealImage, SealImageError } = await import('@sunstamp/planset/seals/seal-image');
  try {
    png = (await normaliseSealImage(new Uint8Array(await fsp.readFile(file.path)), kind === 'signature' ? { minPx: 20 } : {})).png;
  } catch (err) {
    if (err instanceof SealImageError) throw new AppError(415, `"${file.fileName}": ${err.message} The ${kind} is uploaded as a PNG or SVG.`, 'unsupported_media_type');
    throw err;
  }
  const key = `engineers/${id}/${kind}-${crypto.randomUUID()}.png`;
  await ctx.storage.put(key, png);
  await repo.setImage(ctx.database.db, id, kind, key, 'image/png', ctx.clock.now());
  const old = kind === 'seal' ? e.sealKey : e.signatureKey;
  if (old) await ctx.storage.remove(old).catch(() => {});
  return answerOne(ctx, p, id);
}

/**
 * Records or revokes the engineer's standing authorisation for an admin to seal in their name. The
 * engineer records it from their own account; an admin records it only citing the engineer's written
 * authorisation (`reference`), so the audit says where it is kept. Either may revoke it.
 */
export async function setSealAuthorisation(ctx: Ctx, p: Principal, id: string, body: z.output<typeof ZSealAuthorisationBody>): Promise<Engineer> {
  requireAllowed(mayReadEngineers(p.role), readRefusal);
  const e = await found(ctx, id);
  requireAllowed(mayRecordSealAuthorisation(p, e), 'Only the engineer (from their own account) or an admin records the authorisation to seal in the engineer\'s name.');
  const own = e.userId === p.id;
  if (body.granted && !own && body.reference.length < 5) {
    throw invalidFields([{ reference: `Say where ${e.name}'s written authorisation is kept (for example "Signed letter of 2026-03-02, HR file").` }]);
  }
  const now = ctx.clock.now();
  await repo.setSealAuthorisation(ctx.database.db, id, body.granted
    ? { at: now, byId: p.id, byName: await repo.userName(ctx.database.db, p.id), reference: body.reference || 'Recorded by the engineer from their own account' }
    : null, now);
  return answerOne(ctx, p, id);
}

export async function openImage(ctx: Ctx, p: Principal, id: string, kind: 'seal' | 'signature'): Promise<StoredFileDownload> {
  requireAllowed(mayReadEngineers(p.role), readRefusal);
  const e = await found(ctx, id);
  const key = kind === 'seal' ? e.sealKey : e.signatureKey;
  const mime = kind === 'seal' ? e.sealMime : e.signatureMime;
  if (!key || !mime) throw notFound(`This engineer has no ${kind} image yet.`);
  const bytes = await readBytes(ctx, key);
  return { name: `${kind}.${mime === 'image/png' ? 'png' : 'jpg'}`, mime, size: bytes.length, stream: streamOf(bytes) };
}


export async function readBytes(ctx: Pick<AppContext, 'storage'>, key: string): Promise<Buffer> {
  return bytesOfStream(await ctx.storage.read(key));
}

const streamOf = (b: Buffer): Readable => Readable.from([b]);
