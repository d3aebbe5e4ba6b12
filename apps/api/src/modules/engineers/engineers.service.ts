import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { isInternalStaff, type Role } from '@sunstamp/domain/roles';
import { mayManageEngineers, mayReadEngineers } from '@sunstamp/domain/policies/engineers.policy';
import { ZEngineerBody, type Engineer } from '@sunstamp/domain/contracts/engineers';
import type { Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../auth/principal.ts';
import type { StoredFileDownload } from '../../platform/downloads.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import type { SpooledFile } from '../../platform/uploads.ts';
import { requireAllowed } from '../access/access.ts';
import { checkUploadType } from '../files/files.service.ts';
import * as repo from './engineers.repository.ts';

/*
 * Staff engineer profiles: PE licences per state, disciplines, seal and signature images. Admin
 * writes, support reads (engineers.policy.ts). The images are stored like job files (sniffed by
 * content, server-made keys); the engineer's private key is never stored (letters.service: signing).
 */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'storage'>;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A seal or signature image: small enough to embed in every letter. */
export const MAX_ENGINEER_IMAGE_BYTES = 2 * 1024 * 1024;

const readRefusal = 'Only staff see engineers.';
const writeRefusal = 'Only an admin adds or changes engineers.';

export function engineerOut(e: repo.EngineerWithLicences, today: string): Engineer {
  return {
    id: e.id,
    name: e.name,
    email: e.email,
    user_id: e.userId,
    disciplines: e.disciplines as Discipline[],
    licences: e.licences.map((l) => ({ state: l.state, number: l.number, expires_on: l.expiresOn, expired: l.expiresOn < today })),
    is_active: e.isActive,
    has_seal: !!e.sealKey,
    has_signature: !!e.signatureKey,
    seal_url: e.sealKey ? `/api/engineers/${e.id}/seal` : null,
    signature_url: e.signatureKey ? `/api/engineers/${e.id}/signature` : null,
  };
}

export const todayOf = (ctx: Pick<AppContext, 'clock'>) => ctx.clock.now().toISOString().slice(0, 10);

async function found(ctx: Ctx, id: string) {
  if (!UUID_RE.test(id)) throw notFound();
  const e = await repo.getEngineer(ctx.database.db, id);
  if (!e) throw notFound();
  return e;
}

export async function listEngineers(ctx: Ctx, p: Principal): Promise<Engineer[]> {
  requireAllowed(mayReadEngineers(p.role), readRefusal);
  const today = todayOf(ctx);
  return (await repo.listEngineers(ctx.database.db)).map((e) => engineerOut(e, today));
}

export async function getEngineer(ctx: Ctx, p: Principal, id: string): Promise<Engineer> {
  requireAllowed(mayReadEngineers(p.role), readRefusal);
  return engineerOut(await found(ctx, id), todayOf(ctx));
}

async function checkedWrite(ctx: Ctx, body: z.output<typeof ZEngineerBody>) {
  if (body.user_id) {
    const u = await repo.userRef(ctx.database.db, body.user_id);
    if (!u || !u.isActive || !isInternalStaff(u.role as Role)) throw badRequest('Some fields are invalid.', [{ user_id: 'Choose an active staff account (admin or support).' }]);
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
  return engineerOut((await repo.getEngineer(ctx.database.db, id))!, todayOf(ctx));
}

export async function updateEngineer(ctx: Ctx, p: Principal, id: string, body: z.output<typeof ZEngineerBody>): Promise<Engineer> {
  requireAllowed(mayManageEngineers(p.role), writeRefusal);
  await found(ctx, id);
  const w = await checkedWrite(ctx, body);
  await ctx.database.db.transaction((tx) => repo.updateEngineer(tx, id, w.row, w.licences, ctx.clock.now()));
  return engineerOut((await repo.getEngineer(ctx.database.db, id))!, todayOf(ctx));
}

/** Before reading an upload's body: the caller may write and the engineer exists. */
export async function assertMayUploadImage(ctx: Ctx, p: Principal, id: string) {
  requireAllowed(mayManageEngineers(p.role), writeRefusal);
  await found(ctx, id);
}

/** Stores a seal or signature image (one PNG or JPEG) and points the profile at it; the old image is removed. */
export async function storeImage(ctx: Ctx, p: Principal, id: string, kind: 'seal' | 'signature', files: SpooledFile[]): Promise<Engineer> {
  requireAllowed(mayManageEngineers(p.role), writeRefusal);
  const e = await found(ctx, id);
  if (files.length !== 1) throw badRequest('Some fields are invalid.', [{ files: `Send one ${kind} image.` }]);
  const file = files[0]!;
  const sniffed = checkUploadType(file);
  if (sniffed.kind !== 'png' && sniffed.kind !== 'jpeg') throw new AppError(415, `"${file.fileName}" is not a PNG or JPEG: the ${kind} is placed on letters as one.`, 'unsupported_media_type');
  if (file.size > MAX_ENGINEER_IMAGE_BYTES) throw new AppError(413, `The ${kind} image is larger than 2 MB.`, 'too_large');
  const key = `engineers/${id}/${kind}-${crypto.randomUUID()}`;
  await ctx.storage.putFile(key, file.path);
  await repo.setImage(ctx.database.db, id, kind, key, sniffed.mime, ctx.clock.now());
  const old = kind === 'seal' ? e.sealKey : e.signatureKey;
  if (old) await ctx.storage.remove(old).catch(() => {});
  return engineerOut((await repo.getEngineer(ctx.database.db, id))!, todayOf(ctx));
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

async function streamToBuffer(s: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.isBuffer(c) ? c : Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks);
}

export async function readBytes(ctx: Pick<AppContext, 'storage'>, key: string): Promise<Buffer> {
  return streamToBuffer(await ctx.storage.read(key));
}

const streamOf = (b: Buffer): Readable => Readable.from([b]);
