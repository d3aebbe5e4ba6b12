import { extensionOf } from './image-types.rules.ts';

/**
 * Magic-byte sniffing for uploads. The server trusts the bytes, not the name or the browser's
 * type: an image must look like an image, and anything executable is refused whatever it is
 * called.
 */
export type SniffedKind =
  | 'jpeg'
  | 'png'
  | 'gif'
  | 'tiff'
  | 'heic'
  | 'heif'
  | 'pdf'
  | 'dwg'
  | 'dxf'
  | 'zip'
  | 'csv'
  | 'text'
  | 'executable'
  | 'unknown';

export interface SniffResult {
  kind: SniffedKind;
  mime: string;
  /** For executables: which format (pe, elf, mach-o, script). */
  detail?: string;
}

const MIME: Record<SniffedKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  tiff: 'image/tiff',
  heic: 'image/heic',
  heif: 'image/heif',
  pdf: 'application/pdf',
  dwg: 'image/vnd.dwg',
  dxf: 'image/vnd.dxf',
  zip: 'application/zip',
  csv: 'text/csv',
  text: 'text/plain',
  executable: 'application/octet-stream',
  unknown: 'application/octet-stream',
};

const result = (kind: SniffedKind, detail?: string): SniffResult =>
  detail ? { kind, mime: MIME[kind], detail } : { kind, mime: MIME[kind] };

function startsWith(b: Uint8Array, sig: readonly number[], at = 0): boolean {
  if (b.length < at + sig.length) return false;
  return sig.every((v, i) => b[at + i] === v);
}

const ascii = (b: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...b.subarray(from, Math.min(to, b.length)));

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'heif']);

function sniffIsoBmff(b: Uint8Array): SniffResult | null {
  if (b.length < 12 || ascii(b, 4, 8) !== 'ftyp') return null;
  const boxSize = ((b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]) >>> 0;
  const major = ascii(b, 8, 12);
  if (HEIC_BRANDS.has(major)) return result('heic');
  const brands: string[] = [];
  for (let i = 16; i + 4 <= Math.min(boxSize, b.length, 64); i += 4) brands.push(ascii(b, i, i + 4));
  // AVIF also lists mif1; it is not an allowed type, so it must not pass as HEIF.
  if (major === 'avif' || brands.includes('avif')) return null;
  if (brands.some((x) => HEIC_BRANDS.has(x))) return result('heic');
  if (HEIF_BRANDS.has(major) || brands.some((x) => HEIF_BRANDS.has(x))) return result('heif');
  return null;
}

const TEXT_SAMPLE = 8192;

/** Valid UTF-8 (a cut last character allowed) without NULs or most control characters. */
function looksLikeText(b: Uint8Array): boolean {
  const sample = b.subarray(0, TEXT_SAMPLE);
  if (sample.length === 0) return false;
  let controls = 0;
  for (const c of sample) {
    if (c === 0) return false;
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c && c !== 0x1a) controls++;
  }
  if (controls > sample.length / 100) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.length === b.length ? sample : trimPartialUtf8(sample));
    return true;
  } catch {
    return false;
  }
}

function trimPartialUtf8(b: Uint8Array): Uint8Array {
  let end = b.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const c = b[end - i];
    if ((c & 0xc0) === 0x80) continue;
    if (c >= 0xc0) end -= i;
    break;
  }
  return b.subarray(0, end);
}

/** DXF: group code 0 then SECTION (optionally after a 999 comment), line endings either way. */
function looksLikeDxf(text: string): boolean {
  return /^\s*(?:999\r?\n[^\r\n]*\r?\n\s*)?0\r?\nSECTION\r?\n/.test(text.replace(/^\uFEFF/, ''));
}

/**
 * CSV: at least two lines with the same count (≥ 1) of commas outside quotes, the first three
 * non-empty lines agreeing. Prose with commas rarely keeps the count equal.
 */
function looksLikeCsv(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '').slice(0, 4);
  if (text.length >= TEXT_SAMPLE) lines.pop(); // the sample may end mid-line
  if (lines.length < 2) return false;
  const counts = lines.slice(0, 3).map((l) => (l.replace(/"[^"]*"/g, '').match(/,/g) ?? []).length);
  return counts[0] >= 1 && counts.every((c) => c === counts[0]);
}

const MACHO = [
  [0xfe, 0xed, 0xfa, 0xce],
  [0xfe, 0xed, 0xfa, 0xcf],
  [0xce, 0xfa, 0xed, 0xfe],
  [0xcf, 0xfa, 0xed, 0xfe],
  [0xca, 0xfe, 0xba, 0xbe],
] as const;

export function sniffFileType(bytes: Uint8Array): SniffResult {
  const b = bytes;
  // Executables first: a polyglot must never pass as something harmless.
  if (startsWith(b, [0x4d, 0x5a])) return result('executable', 'pe');
  if (startsWith(b, [0x7f, 0x45, 0x4c, 0x46])) return result('executable', 'elf');
  if (MACHO.some((sig) => startsWith(b, sig))) return result('executable', 'mach-o');
  if (startsWith(b, [0x23, 0x21])) return result('executable', 'script');
  if (startsWith(b, [0xef, 0xbb, 0xbf, 0x23, 0x21])) return result('executable', 'script');

  if (startsWith(b, [0xff, 0xd8, 0xff])) return result('jpeg');
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return result('png');
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return result('gif');
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return result('tiff');
  const iso = sniffIsoBmff(b);
  if (iso) return iso;
  // PDF readers accept the header anywhere in the first 1024 bytes; so do we.
  if (ascii(b, 0, 1024).includes('%PDF-')) return result('pdf');
  if (/^AC10\d\d$/.test(ascii(b, 0, 6))) return result('dwg');
  if (ascii(b, 0, 18) === 'AutoCAD Binary DXF') return result('dxf');
  if (startsWith(b, [0x50, 0x4b]) && (startsWith(b, [0x03, 0x04], 2) || startsWith(b, [0x05, 0x06], 2) || startsWith(b, [0x07, 0x08], 2))) {
    return result('zip');
  }
  if (looksLikeText(b)) {
    const text = new TextDecoder('utf-8').decode(b.subarray(0, TEXT_SAMPLE));
    if (looksLikeDxf(text)) return result('dxf');
    if (looksLikeCsv(text)) return result('csv');
    return result('text');
  }
  return result('unknown');
}

export const isExecutable = (bytes: Uint8Array): boolean => sniffFileType(bytes).kind === 'executable';

/** The extensions each sniffed kind may carry. Office files are zips; csv may be .txt too. */
export const EXTENSIONS_BY_KIND: Record<SniffedKind, readonly string[]> = {
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
  gif: ['gif'],
  tiff: ['tif', 'tiff'],
  heic: ['heic', 'heif'],
  heif: ['heif', 'heic'],
  pdf: ['pdf'],
  dwg: ['dwg'],
  dxf: ['dxf'],
  zip: ['zip', 'docx', 'xlsx', 'pptx'],
  csv: ['csv', 'txt'],
  text: ['txt', 'csv', 'dxf'],
  executable: [],
  unknown: [],
};

/** Whether the bytes agree with the file name: refuse a renamed executable or a fake image. */
export function matchesFileName(sniffed: SniffResult, fileName: string): boolean {
  return EXTENSIONS_BY_KIND[sniffed.kind].includes(extensionOf(fileName));
}

export const IMAGE_KINDS: readonly SniffedKind[] = ['jpeg', 'png', 'gif', 'tiff', 'heic', 'heif'];
export const isImageKind = (kind: SniffedKind): boolean => IMAGE_KINDS.includes(kind);
