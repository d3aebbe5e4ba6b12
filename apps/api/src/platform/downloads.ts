import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export type StoredFileDownload = { name: string; mime: string; size: number; stream: Readable };

/** Sends stored bytes as a download under their name: an ASCII fallback name and the UTF-8 one (RFC 6266), never cached. */
export function sendAttachment(reply: FastifyReply, f: StoredFileDownload) {
  const ascii = f.name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return reply
    .header('content-type', f.mime)
    .header('content-length', f.size)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(f.name)}`)
    .header('cache-control', 'private, no-store')
    .send(f.stream);
}
