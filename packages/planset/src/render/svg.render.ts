import { SHEET_H, SHEET_W, type ImageTable, type Sheet } from '../draw/drawing.model.ts';
import { sniffImage } from '../images.ts';

/*
 * SVG back end: the same drawing model as one SVG string per sheet, for the browser preview and the
 * snapshot tests. Text carries its check id (data-check) so the preview can link a number to its
 * engineering check. Numbers are rounded to 0.01 pt to keep snapshots stable.
 */

const n = (v: number) => (Math.round(v * 100) / 100).toString();
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function style(p: { stroke?: string; fill?: string; lineWidth?: number; dash?: [number, number] }, isLine = false): string {
  const parts = [`stroke="${p.stroke ?? '#000'}"`, `stroke-width="${n(p.lineWidth ?? 0.75)}"`, `fill="${isLine ? 'none' : (p.fill ?? 'none')}"`];
  if (p.dash) parts.push(`stroke-dasharray="${p.dash[0]} ${p.dash[1]}"`);
  return parts.join(' ');
}

export function renderSheetSvg(sheet: Sheet, images: ImageTable, family: string, opts: { embedImages?: boolean } = {}): string {
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SHEET_W} ${SHEET_H}" width="17in" height="11in" data-sheet="${esc(sheet.number)}">`,
    `<rect x="0" y="0" width="${SHEET_W}" height="${SHEET_H}" fill="#fff"/>`,
  ];
  for (const p of sheet.prims) {
    const l = `class="${p.layer}"`;
    switch (p.kind) {
      case 'line':
        out.push(`<line ${l} x1="${n(p.x1)}" y1="${n(p.y1)}" x2="${n(p.x2)}" y2="${n(p.y2)}" ${style(p, true)}/>`);
        break;
      case 'poly': {
        const pts = p.points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
        out.push(`<${p.closed ? 'polygon' : 'polyline'} ${l} points="${pts}" ${style(p, !p.closed && !p.fill)}/>`);
        break;
      }
      case 'rect':
        out.push(`<rect ${l} x="${n(p.x)}" y="${n(p.y)}" width="${n(p.w)}" height="${n(p.h)}" ${style(p)}/>`);
        break;
      case 'circle':
        out.push(`<circle ${l} cx="${n(p.cx)}" cy="${n(p.cy)}" r="${n(p.r)}" ${style(p)}/>`);
        break;
      case 'text': {
        const rot = p.rotate ? ` transform="rotate(${n(-p.rotate)} ${n(p.x)} ${n(p.y)})"` : '';
        const chk = p.checkId ? ` data-check="${esc(p.checkId)}"` : '';
        out.push(`<text ${l} x="${n(p.x)}" y="${n(p.y)}" font-size="${n(p.size)}"${p.bold ? ' font-weight="bold"' : ''} fill="${p.fill ?? '#000'}"${rot}${chk}>${esc(p.text)}</text>`);
        break;
      }
      case 'image': {
        const bytes = images[p.ref];
        const href = opts.embedImages !== false && bytes
          ? `data:${sniffImage(bytes)?.mime ?? 'image/png'};base64,${Buffer.from(bytes).toString('base64')}`
          : `#${esc(p.ref)}`;
        out.push(`<image ${l} x="${n(p.x)}" y="${n(p.y)}" width="${n(p.w)}" height="${n(p.h)}" preserveAspectRatio="xMidYMid meet" href="${href}"/>`);
        break;
      }
    }
  }
  out.push('</svg>');
  // Font family once, on the root, so each text element stays short.
  out[0] = out[0]!.replace('<svg ', `<svg font-family="${esc(family)}, DejaVu Sans, sans-serif" `);
  return out.join('\n');
}
