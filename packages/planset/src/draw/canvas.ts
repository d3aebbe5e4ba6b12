import type { Layer, Prim, Style, TextPrim } from './drawing.model.ts';
import type { TextMeasure } from './text.measure.ts';

/*
 * A small builder over the drawing model: every text it places is measured; text that cannot fit
 * its box at the sheet's least text size throws DrawingOverflow instead of overflowing or flowing
 * to a new page (pdfkit's silent extra pages, research/planset.md §3.2).
 */

export class DrawingOverflow extends Error {
  constructor(readonly where: string, message: string) {
    super(`${where}: ${message}`);
    this.name = 'DrawingOverflow';
  }
}

export interface TextOpts {
  size?: number;
  bold?: boolean;
  align?: 'left' | 'center' | 'right';
  layer?: Layer;
  fill?: string;
  checkId?: string;
  /** Shrink to this width (down to the least size), else throw. */
  maxWidth?: number;
  rotate?: number;
  where?: string;
}

export interface BoxOpts extends TextOpts {
  lineGap?: number;
}

export class Canvas {
  readonly prims: Prim[] = [];
  layer: Layer = 'G-ANNO';
  constructor(readonly m: TextMeasure, readonly minSize: number, readonly name: string) {}

  /** The body text size of a sheet: at least the AHJ minimum. */
  sz(size: number): number {
    return Math.max(size, this.minSize);
  }

  line(x1: number, y1: number, x2: number, y2: number, style: Style = {}, layer = this.layer): void {
    this.prims.push({ kind: 'line', layer, x1, y1, x2, y2, lineWidth: 0.75, stroke: '#000', ...style });
  }
  poly(points: [number, number][], closed: boolean, style: Style = {}, layer = this.layer): void {
    this.prims.push({ kind: 'poly', layer, points, closed, lineWidth: 0.75, stroke: '#000', ...style });
  }
  rect(x: number, y: number, w: number, h: number, style: Style = {}, layer = this.layer): void {
    this.prims.push({ kind: 'rect', layer, x, y, w, h, lineWidth: 0.75, stroke: '#000', ...style });
  }
  circle(cx: number, cy: number, r: number, style: Style = {}, layer = this.layer): void {
    this.prims.push({ kind: 'circle', layer, cx, cy, r, lineWidth: 0.75, stroke: '#000', ...style });
  }
  image(ref: string, x: number, y: number, w: number, h: number, layer: Layer = 'G-IMG'): void {
    this.prims.push({ kind: 'image', layer, ref, x, y, w, h });
  }

  /** One line of text; returns its primitive. (x, y) = anchor point on the baseline. */
  text(str: string, x: number, y: number, o: TextOpts = {}): TextPrim {
    // one line of text: control characters (a pasted line break) print as spaces
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    str = str.replace(/[\u0000-\u001f\u007f]/g, ' ');
    let size = this.sz(o.size ?? this.minSize);
    const bold = o.bold ?? false;
    let width = this.m.width(str, size, bold);
    if (o.maxWidth !== undefined && width > o.maxWidth) {
      const fit = (size * o.maxWidth) / width;
      if (fit < this.minSize) {
        throw new DrawingOverflow(o.where ?? this.name, `"${str.slice(0, 60)}" needs ${width.toFixed(0)} pt at ${size} pt, has ${o.maxWidth.toFixed(0)} pt`);
      }
      size = Math.floor(fit * 10) / 10;
      width = this.m.width(str, size, bold);
    }
    const align = o.align ?? 'left';
    const left = align === 'left' ? x : align === 'center' ? x - width / 2 : x - width;
    const p: TextPrim = { kind: 'text', layer: o.layer ?? this.layer, text: str, x: left, y, size, bold, width };
    if (o.fill) p.fill = o.fill;
    if (o.checkId) p.checkId = o.checkId;
    if (o.rotate) p.rotate = o.rotate;
    this.prims.push(p);
    return p;
  }

  /** Line height for a size. */
  lh(size: number, gap = 0.22): number {
    return size * (1 + gap);
  }

  /**
   * Wrapped text in a box (top-left x, y, width w, most height h). Returns the height used. Throws
   * DrawingOverflow when the text does not fit in h at the size given.
   */
  para(str: string, x: number, y: number, w: number, h: number, o: BoxOpts = {}): number {
    const size = this.sz(o.size ?? this.minSize);
    const bold = o.bold ?? false;
    const lines = this.m.wrap(str, size, w, bold);
    const lh = this.lh(size, o.lineGap);
    const need = lines.length * lh;
    if (need > h + 0.01) {
      throw new DrawingOverflow(o.where ?? this.name, `text "${str.slice(0, 50)}…" needs ${need.toFixed(0)} pt of height, has ${h.toFixed(0)} pt`);
    }
    const cap = this.m.capHeight * size;
    lines.forEach((ln, i) => {
      const ax = o.align === 'center' ? x + w / 2 : o.align === 'right' ? x + w : x;
      this.text(ln, ax, y + cap + i * lh + (lh - size) / 2, { ...o, size, bold, maxWidth: undefined });
    });
    return need;
  }

  /** Height a wrapped text needs. */
  paraHeight(str: string, w: number, o: BoxOpts = {}): number {
    const size = this.sz(o.size ?? this.minSize);
    return this.m.wrap(str, size, w, o.bold ?? false).length * this.lh(size, o.lineGap);
  }

  /**
   * Numbered notes in a box; returns height used. Each note wraps under its number. Throws when they
   * do not fit.
   */
  notes(items: string[], x: number, y: number, w: number, h: number, o: BoxOpts & { numbered?: boolean; checkIds?: (string | undefined)[] } = {}): number {
    const size = this.sz(o.size ?? this.minSize);
    const numbered = o.numbered ?? true;
    const indent = numbered ? this.m.width(`${items.length}.`, size) + 4 : 0;
    let cy = y;
    for (let i = 0; i < items.length; i++) {
      const hh = this.paraHeight(items[i]!, w - indent, { ...o, size });
      if (cy + hh > y + h + 0.01) {
        throw new DrawingOverflow(o.where ?? this.name, `${items.length} notes need more than ${h.toFixed(0)} pt of height (stopped at note ${i + 1})`);
      }
      if (numbered) this.text(`${i + 1}.`, x, cy + this.m.capHeight * size + (this.lh(size) - size) / 2, { size });
      this.para(items[i]!, x + indent, cy, w - indent, hh, { ...o, size, checkId: o.checkIds ? o.checkIds[i] : o.checkId });
      cy += hh + size * 0.25;
    }
    return cy - y;
  }

  notesHeight(items: string[], w: number, o: BoxOpts & { numbered?: boolean } = {}): number {
    const size = this.sz(o.size ?? this.minSize);
    const indent = (o.numbered ?? true) ? this.m.width(`${items.length}.`, size) + 4 : 0;
    return items.reduce((s, it) => s + this.paraHeight(it, w - indent, { ...o, size }) + size * 0.25, 0);
  }

  /**
   * A titled panel: a box with a bold heading band. Returns the content area below the heading.
   */
  panel(title: string, x: number, y: number, w: number, h: number, size = 9): { x: number; y: number; w: number; h: number } {
    const s = this.sz(size);
    const band = s * 1.8;
    this.rect(x, y, w, h, { lineWidth: 1 }, 'G-BORD');
    this.rect(x, y, w, band, { fill: '#e8edf3', lineWidth: 1 }, 'G-BORD');
    this.text(title, x + 5, y + band / 2 + this.m.capHeight * s / 2, { size: s, bold: true, maxWidth: w - 10 });
    return { x: x + 5, y: y + band + 4, w: w - 10, h: h - band - 8 };
  }

  /**
   * The lines of one table cell: the text on one line (shrunk to fit, down to the least size), or,
   * when even the least size cannot hold it, wrapped at the table's size onto as many lines as it
   * needs (a long revision note, a truss name, a roof material).
   */
  private cellLines(cell: string, width: number, size: number, bold: boolean): { lines: string[]; size: number } {
    const room = width - 4;
    const w = this.m.width(cell, size, bold);
    if (w <= room) return { lines: [cell], size };
    const fit = Math.floor(((size * room) / w) * 10) / 10;
    if (fit >= this.minSize) return { lines: [cell], size: fit };
    return { lines: this.m.wrap(cell, size, room, bold), size };
  }

  /** Height of a row whose tallest cell has n lines. */
  private rowHeight(size: number, n: number): number {
    return size * 1.7 + (n - 1) * this.lh(size);
  }

  /** The height table() will use for these rows (a row grows by a line for each wrapped line). */
  tableHeight(headers: string[], rows: string[][], widths: number[], o: { size?: number } = {}): number {
    const size = this.sz(o.size ?? this.minSize);
    const rowH = (r: string[], bold: boolean) => this.rowHeight(size, Math.max(1, ...r.map((cell, i) => this.cellLines(cell, widths[i]!, size, bold).lines.length)));
    return rowH(headers, true) + rows.reduce((h, r) => h + rowH(r, false), 0);
  }

  /**
   * A table with fixed column widths. A cell is one line, shrunk to fit down to the least size;
   * what cannot fit even so wraps onto more lines and its row grows (tableHeight tells by how
   * much). Returns the height used.
   */
  table(headers: string[], rows: string[][], x: number, y: number, widths: number[], o: { size?: number; where?: string; checkIds?: (string | undefined)[][] } = {}): number {
    const size = this.sz(o.size ?? this.minSize);
    const total = widths.reduce((a, b) => a + b, 0);
    const drawRow = (r: string[], ry: number, bold: boolean, ids?: (string | undefined)[]): number => {
      const cells = r.map((cell, i) => this.cellLines(cell, widths[i]!, size, bold));
      const rh = this.rowHeight(size, Math.max(1, ...cells.map((k) => k.lines.length)));
      if (bold) this.rect(x, ry, total, rh, { fill: '#e8edf3', lineWidth: 0.75 }, 'G-BORD');
      else this.rect(x, ry, total, rh, { lineWidth: 0.5 }, 'G-BORD');
      let cx = x;
      cells.forEach((k, i) => {
        const lh = this.lh(k.size);
        const block = k.size * 1.7 + (k.lines.length - 1) * lh;
        const top = ry + (rh - block) / 2;
        const cap = this.m.capHeight * k.size;
        k.lines.forEach((ln, j) => {
          this.text(ln, cx + widths[i]! / 2, top + k.size * 0.85 + cap / 2 + j * lh, {
            size: k.size, bold, align: 'center', maxWidth: widths[i]! - 4, where: o.where, checkId: ids?.[i],
          });
        });
        cx += widths[i]!;
      });
      return rh;
    };
    let ry = y + drawRow(headers, y, true);
    rows.forEach((r, ri) => { ry += drawRow(r, ry, false, o.checkIds?.[ri]); });
    let cx = x;
    for (const w of widths.slice(0, -1)) {
      cx += w;
      this.line(cx, y, cx, ry, { lineWidth: 0.5 }, 'G-BORD');
    }
    return ry - y;
  }
}
