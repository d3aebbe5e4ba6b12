/** Allowed image types (spec §5): JPEG, JPG, PNG, GIF, TIFF, TIF, HEIC, HEIF. */

export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'tiff', 'tif', 'heic', 'heif'] as const;
export type ImageExtension = (typeof IMAGE_EXTENSIONS)[number];

/** Includes the -sequence variants iPhones send for burst/live photos. */
export const IMAGE_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/tiff',
  'image/heic',
  'image/heif',
  'image/heic-sequence',
  'image/heif-sequence',
] as const;

export const IMAGE_MIME_BY_EXTENSION: Record<ImageExtension, string> = {
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  tiff: 'image/tiff',
  tif: 'image/tiff',
  heic: 'image/heic',
  heif: 'image/heif',
};

/** For <input accept>: extensions too, because browsers often report HEIC with an empty type. */
export const IMAGE_ACCEPT = [...IMAGE_EXTENSIONS.map((e) => `.${e}`), ...IMAGE_MIME_TYPES].join(',');

/** Lower-case extension without the dot, '' when none. */
export function extensionOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function isImageExtension(fileName: string): boolean {
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(fileName));
}

export function isImageMimeType(mime: string | null | undefined): boolean {
  const m = (mime ?? '').split(';')[0].trim().toLowerCase();
  return (IMAGE_MIME_TYPES as readonly string[]).includes(m);
}

/**
 * A file is an allowed image when its extension is allowed and its MIME type, if the browser
 * gave one, is allowed too. An empty or generic type (application/octet-stream) is not held
 * against it: browsers send that for HEIC. The bytes are checked on the server (sniffFileType).
 */
export function isAllowedImage(file: { name: string; type?: string | null }): boolean {
  if (!isImageExtension(file.name)) return false;
  const t = (file.type ?? '').trim().toLowerCase();
  return t === '' || t === 'application/octet-stream' || isImageMimeType(t);
}
