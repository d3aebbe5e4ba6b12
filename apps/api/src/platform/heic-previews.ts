import type { Readable } from 'node:stream';
import { bytesOfStream, type Storage } from './storage.ts';
import { HeicPreviewError, HeicPreviewPool, type HeicPoolOptions } from './heic-preview.pool.ts';

/** What the preview route serves while a HEIC preview is being made, or when it cannot be. */
function placeholderSvg(text: string) {
  return Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 320 240">' +
    '<rect width="320" height="240" fill="#eceff1"/>' +
    `<text x="160" y="126" font-family="sans-serif" font-size="16" fill="#546e7a" text-anchor="middle">${text}</text></svg>`,
  );
}
export const PREVIEW_PENDING_SVG = placeholderSvg('Preparing preview…');
export const PREVIEW_UNAVAILABLE_SVG = placeholderSvg('No preview available');


export type PreviewAnswer =
  | { state: 'ready'; mime: 'image/jpeg'; stream: Readable }
  | { state: 'pending' | 'unavailable'; mime: 'image/svg+xml'; body: Buffer };

/**
 * HEIC/HEIF previews made off the request path: an upload stores the original and queues its
 * preview on the worker pool; the preview route serves the JPEG once it exists and a placeholder
 * until then. A preview lost to a restart (or made on another instance) is queued again by the
 * first request that finds it missing, so nothing depends on the process that took the upload.
 */
export class HeicPreviews {
  private readonly pool: HeicPreviewPool;
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Previews that cannot be made (undecodable, too large), bounded: past it the memory starts over. */
  private readonly failed = new Set<string>();

  constructor(private readonly storage: Storage, options: HeicPoolOptions = {}) {
    this.pool = new HeicPreviewPool(options);
  }

  /** Queues the preview of `sourceKey` into `previewKey` unless it is already queued. */
  schedule(sourceKey: string, previewKey: string) {
    if (this.inFlight.has(previewKey) || this.failed.has(previewKey)) return;
    const job = (async () => {
      const input = await bytesOfStream(await this.storage.read(sourceKey));
      const jpeg = await this.pool.toJpeg(input);
      await this.storage.put(previewKey, jpeg);
    })()
      .catch((e: unknown) => {
        // Busy or closed: the next request for the preview queues it again. The rest is final.
        if (e instanceof HeicPreviewError && (e.reason === 'busy' || e.reason === 'closed')) return;
        if (this.failed.size >= 10_000) this.failed.clear();
        this.failed.add(previewKey);
      })
      .finally(() => this.inFlight.delete(previewKey));
    this.inFlight.set(previewKey, job);
  }

  /** The preview if it is ready; otherwise a placeholder, queueing the preview when nothing is making it. */
  async open(sourceKey: string, previewKey: string): Promise<PreviewAnswer> {
    if (!this.inFlight.has(previewKey)) {
      const stream = await this.storage.read(previewKey).catch(() => null);
      if (stream) return { state: 'ready', mime: 'image/jpeg', stream };
    }
    if (this.failed.has(previewKey)) return { state: 'unavailable', mime: 'image/svg+xml', body: PREVIEW_UNAVAILABLE_SVG };
    this.schedule(sourceKey, previewKey);
    return { state: 'pending', mime: 'image/svg+xml', body: PREVIEW_PENDING_SVG };
  }

  /** Waits until every queued preview is made or given up (tests, shutdown). */
  async settle() {
    while (this.inFlight.size) await Promise.all([...this.inFlight.values()]);
  }

  get pending() {
    return this.pool.pending;
  }

  async close() {
    await this.pool.close();
    await this.settle();
  }
}
