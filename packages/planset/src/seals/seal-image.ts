import { createCanvas, loadImage } from '@napi-rs/canvas';
import { sniffImage } from '../images.ts';

/*
 * Seal and signature images as engineers upload them (PNG, JPEG or SVG) made safe to keep and to
 * draw: every upload is decoded and drawn again as a fresh PNG, so no metadata, script, external
 * reference or trailing bytes survive. An SVG is first reduced to the drawing elements and
 * attributes a seal needs (sanitiseSvg) — no script, foreign object, image, external link, entity
 * or event handler — then rasterised. Pure (in-memory), no network and no file is ever read.
 */

export class SealImageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealImageError';
  }
}

const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'title', 'desc', 'path', 'circle', 'ellipse', 'rect', 'line', 'polyline', 'polygon', 'text', 'tspan', 'textPath',
  'clipPath', 'mask', 'linearGradient', 'radialGradient', 'stop', 'symbol', 'use', 'pattern', 'marker',
]);
const ATTRIBUTES = new Set([
  'xmlns', 'xmlns:xlink', 'version', 'id', 'class', 'viewBox', 'preserveAspectRatio', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2',
  'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'd', 'points', 'transform', 'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width',
  'stroke-opacity', 'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity',
  'font-family', 'font-size', 'font-weight', 'font-style', 'letter-spacing', 'word-spacing', 'text-anchor', 'dominant-baseline',
  'alignment-baseline', 'baseline-shift', 'dx', 'dy', 'rotate', 'textLength', 'lengthAdjust', 'startOffset', 'method', 'spacing', 'side',
  'offset', 'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod', 'clip-path', 'clip-rule', 'clipPathUnits',
  'mask', 'maskUnits', 'maskContentUnits', 'patternUnits', 'patternContentUnits', 'patternTransform', 'marker-start', 'marker-mid',
  'marker-end', 'markerWidth', 'markerHeight', 'refX', 'refY', 'orient', 'markerUnits', 'href', 'xlink:href', 'style', 'display',
  'visibility', 'color', 'vector-effect', 'shape-rendering', 'text-rendering', 'xml:space',
]);
const TEXT_HOLDERS = new Set(['text', 'tspan', 'textPath', 'title', 'desc']);
const MAX_SVG_BYTES = 1024 * 1024;
const MAX_ELEMENTS = 20_000;

const escapeText = (s: string) => s.replace(/&(?!(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

/** A link may only point inside the document (#id), a url() likewise; no script or data URL anywhere. */
function safeValue(name: string, value: string): boolean {
  const v = value.replace(/&#0*58;|&#x0*3a;|&colon;/gi, ':');
  if (/javascript:|vbscript:|data:/i.test(v)) return false;
  if (name === 'style' && /@import|expression\s*\(|\\/i.test(v)) return false;
  if (name === 'href' || name === 'xlink:href') return v.trim().startsWith('#');
  return [...v.matchAll(/url\s*\(\s*['"]?([^)'"]*)/gi)].every((m) => m[1]!.trim().startsWith('#'));
}

/**
 * The SVG reduced to the allow-listed elements and attributes, or a SealImageError. A DOCTYPE or
 * entity declaration is refused outright (entity expansion is how an SVG reads files or explodes).
 */
export function sanitiseSvg(svg: string): string {
  if (svg.length > MAX_SVG_BYTES) throw new SealImageError('The SVG is larger than 1 MB.');
  if (/<!DOCTYPE|<!ENTITY/i.test(svg)) throw new SealImageError('The SVG declares a DOCTYPE or entities: export it again as a plain SVG.');
  const out: string[] = [];
  const open: string[] = [];
  let skipDepth = 0;
  let elements = 0;
  let sawSvg = false;
  const token = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[([\s\S]*?)\]\]>|<\/([A-Za-z][\w:.-]*)\s*>|<([A-Za-z][\w:.-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*(\/?)>|([^<]+)|(<)/g;
  for (const m of svg.matchAll(token)) {
    const [, cdata, close, name, attrs, selfClose, text, stray] = m;
    if (stray) throw new SealImageError('The SVG is not well-formed.');
    if (close !== undefined) {
      if (!open.length || open[open.length - 1] !== close) throw new SealImageError('The SVG is not well-formed.');
      open.pop();
      if (skipDepth) { if (open.length < skipDepth) skipDepth = 0; continue; }
      out.push(`</${close}>`);
      continue;
    }
    if (name !== undefined) {
      if (++elements > MAX_ELEMENTS) throw new SealImageError('The SVG has too many elements for a seal.');
      const allowed = !skipDepth && ELEMENTS.has(name) && (sawSvg || name === 'svg');
      if (name === 'svg') sawSvg = true;
      if (!selfClose) open.push(name);
      if (!allowed) { if (!skipDepth && !selfClose) skipDepth = open.length; continue; }
      const kept: string[] = [];
      for (const a of (attrs ?? '').matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
        const an = a[1]!;
        const value = a[2] ?? a[3] ?? a[4] ?? '';
        if (!ATTRIBUTES.has(an) || /^on/i.test(an) || !safeValue(an, value)) continue;
        kept.push(`${an}="${escapeAttr(value)}"`);
      }
      out.push(`<${name}${kept.length ? ` ${kept.join(' ')}` : ''}${selfClose ? '/' : ''}>`);
      continue;
    }
    if (skipDepth) continue;
    const holder = open[open.length - 1];
    if (cdata !== undefined && holder && TEXT_HOLDERS.has(holder)) out.push(escapeText(cdata));
    else if (text !== undefined && holder && TEXT_HOLDERS.has(holder)) out.push(escapeText(text));
  }
  if (open.length) throw new SealImageError('The SVG is not well-formed.');
  if (!sawSvg) throw new SealImageError('The file is not an SVG image.');
  return out.join('');
}

/** Whether bytes look like an SVG document (text starting with an XML declaration, a comment or <svg). */
export function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 2048)).toString('utf8').replace(/^\uFEFF/, '').trimStart();
  return /^(?:<\?xml[\s\S]*?\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(head);
}

/** Gives an SVG without width/height the size of its viewBox, so it rasterises at its own proportions. */
function sized(svg: string, maxPx: number): { svg: string; width: number; height: number } {
  const root = /<svg\b[^>]*>/.exec(svg)![0];
  const num = (n: string) => { const m = new RegExp(`\\s${n}="([\\d.]+)(?:px)?"`).exec(root); return m ? Number(m[1]) : NaN; };
  const vb = /\sviewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(root);
  let w = num('width');
  let h = num('height');
  if (!(w > 0 && h > 0)) {
    if (!vb) throw new SealImageError('The SVG has neither a size nor a viewBox.');
    w = Number(vb[1]); h = Number(vb[2]);
  }
  if (!(w > 0 && h > 0)) throw new SealImageError('The SVG has no size.');
  const scale = maxPx / Math.max(w, h);
  const width = Math.max(1, Math.round(w * scale));
  const height = Math.max(1, Math.round(h * scale));
  const viewBox = vb ? '' : ` viewBox="0 0 ${w} ${h}"`;
  const fixedRoot = root.replace(/\s(?:width|height)="[^"]*"/g, '').replace(/^<svg/, `<svg width="${width}" height="${height}"${viewBox}`);
  return { svg: svg.replace(root, fixedRoot), width, height };
}

/**
 * Any accepted seal or signature upload as a fresh PNG at most `maxPx` on its longer side (an SVG is
 * drawn at `maxPx`). Refuses anything that is not a PNG, JPEG or SVG, and images too small to read.
 */
export async function normaliseSealImage(bytes: Uint8Array, opts: { maxPx?: number; minPx?: number } = {}): Promise<{ png: Uint8Array; width: number; height: number; source: 'png' | 'jpeg' | 'svg' }> {
  const maxPx = opts.maxPx ?? 900;
  const minPx = opts.minPx ?? 60;
  const sniffed = sniffImage(bytes);
  let input: Buffer;
  let source: 'png' | 'jpeg' | 'svg';
  let target: { width: number; height: number } | null = null;
  if (sniffed) {
    source = sniffed.mime === 'image/png' ? 'png' : 'jpeg';
    if (sniffed.width < minPx || sniffed.height < minPx) throw new SealImageError(`The image is ${sniffed.width} × ${sniffed.height} pixels: at least ${minPx} × ${minPx} are needed for a legible seal.`);
    if (sniffed.width * sniffed.height > 40_000_000) throw new SealImageError('The image has too many pixels.');
    input = Buffer.from(bytes);
  } else if (looksLikeSvg(bytes)) {
    source = 'svg';
    const s = sized(sanitiseSvg(Buffer.from(bytes).toString('utf8').replace(/^\uFEFF/, '')), maxPx);
    input = Buffer.from(s.svg, 'utf8');
    target = { width: s.width, height: s.height };
  } else {
    throw new SealImageError('The file is not a PNG or SVG image.');
  }
  let img;
  try {
    img = await loadImage(input);
  } catch {
    throw new SealImageError(`The ${source.toUpperCase()} image cannot be read.`);
  }
  const w0 = target?.width ?? img.width;
  const h0 = target?.height ?? img.height;
  if (!(w0 > 0 && h0 > 0)) throw new SealImageError(`The ${source.toUpperCase()} image cannot be read.`);
  const scale = Math.min(1, maxPx / Math.max(w0, h0));
  const width = Math.max(1, Math.round(w0 * scale));
  const height = Math.max(1, Math.round(h0 * scale));
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').drawImage(img, 0, 0, width, height);
  const png = new Uint8Array(await canvas.encode('png'));
  return { png, width, height, source };
}

/** The RGBA pixels of a PNG or JPEG (to check what an image shows, e.g. the demo seal's marking). */
export async function imagePixels(bytes: Uint8Array): Promise<{ width: number; height: number; rgba: Uint8ClampedArray }> {
  const img = await loadImage(Buffer.from(bytes));
  const canvas = createCanvas(img.width, img.height);
  const g = canvas.getContext('2d');
  g.drawImage(img, 0, 0);
  return { width: img.width, height: img.height, rgba: g.getImageData(0, 0, img.width, img.height).data };
}
