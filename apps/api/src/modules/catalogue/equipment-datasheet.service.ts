import { UUID_RE } from '@sunstamp/domain/constants/ids.constants';
import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Principal } from '../../platform/principal.ts';
import type { StoredFileDownload } from '../../platform/downloads.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { cleanFileName } from '../../platform/uploads.ts';
import { requireCatalogueEdit } from '../../platform/access.ts';
import * as repo from './equipment-datasheet.repository.ts';

/*
 * An equipment model's datasheet: the manufacturer's PDF, stored once in the catalogue and merged
 * into every plan set that names the model as its cut sheet. Staff who edit equipment upload it
 * (the body is the PDF itself); everyone signed in may read it, like the rest of the catalogue.
 */

type Ctx = Pick<AppContext, 'database' | 'storage' | 'clock'>;

export type DatasheetAnswer = { equipment_id: string; name: string; size: number };

export async function putDatasheet(ctx: Ctx, p: Principal, id: string, name: string | undefined, body: Buffer): Promise<DatasheetAnswer> {
  requireCatalogueEdit(p, 'equipment');
  const item = UUID_RE.test(id) ? await repo.getItem(ctx.database.db, id) : undefined;
  if (!item) throw notFound();
  if (body.byteLength === 0 || body.subarray(0, 5).toString('latin1') !== '%PDF-') throw badRequest('A datasheet must be a PDF file.', [{ body: 'The content is not a PDF.' }]);
  const fileName = cleanFileName(name?.trim() || `${item.manufacturer} ${item.model} datasheet.pdf`);
  const key = `equipment/${item.id}/${crypto.randomUUID()}.pdf`;
  await ctx.storage.put(key, new Uint8Array(body));
  const previous = await repo.setDatasheet(ctx.database.db, item.id, { key, name: fileName.toLowerCase().endsWith('.pdf') ? fileName : `${fileName}.pdf`, size: body.byteLength, at: ctx.clock.now(), by: p.id });
  if (previous) await ctx.storage.remove(previous).catch(() => undefined);
  return { equipment_id: item.id, name: fileName, size: body.byteLength };
}

export async function openDatasheet(ctx: Ctx, id: string): Promise<StoredFileDownload> {
  const item = UUID_RE.test(id) ? await repo.getItem(ctx.database.db, id) : undefined;
  if (!item?.datasheetKey) throw notFound();
  try {
    return { name: item.datasheetName ?? 'datasheet.pdf', mime: 'application/pdf', size: item.datasheetSize ?? 0, stream: await ctx.storage.read(item.datasheetKey) };
  } catch {
    throw notFound('The file\'s content is missing from storage.');
  }
}
