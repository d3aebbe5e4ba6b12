import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app.ts';

// Small files whose first bytes are all the content check (domain/files/sniff.rules.ts) reads.
/** A whole 1×1 PNG. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
/** The start of a JPEG. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100, 1)]);
/** A minimal PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
export const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(40, 0)]);
/** Programs: a Windows (PE) and a Linux (ELF) executable's signature. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
export const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(200, 1)]);

/** One part of a multipart body: a text field or a file. */
export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

/** A file part, in the `files` field unless named otherwise. */
export const file = (filename: string, content: Buffer, name = 'files'): Part => ({ name, filename, content });

/** A multipart/form-data body and its content type. */
export function multipart(parts: Part[]) {
  const boundary = `----sunstamp${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('value' in p) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(p.content, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * POSTs a multipart body to the test app, signed in as `as` (anonymous without it) and with a
 * CSRF token unless `csrf: false`; `data` is the parsed answer (the raw body when it is not JSON).
 */
export async function postMultipart(
  t: TestApp, url: string, parts: Part[], o: { as?: string; csrf?: boolean } = {},
): Promise<LightMyRequestResponse & { data: any }> {
  const { payload, contentType } = multipart(parts);
  const headers: Record<string, string> = { 'content-type': contentType };
  const token = o.as ? await t.tokenOf(o.as) : undefined;
  if (token) headers.authorization = `Bearer ${token}`;
  if (o.csrf !== false) headers['x-csrftoken'] = await t.csrfFor(token);
  const res = await t.app.inject({ method: 'POST', url, payload, headers });
  let data: any;
  try { data = res.json(); } catch { data = res.body; }
  return Object.assign(res, { data });
}
