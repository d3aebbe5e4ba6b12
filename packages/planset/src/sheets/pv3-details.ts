import { Canvas, DrawingOverflow } from '../draw/canvas.ts';
import { attachmentOf, check, roofMaterialName } from '../planset.model.ts';
import type { AttachmentKind } from '@sunstamp/domain/design/attachment-type.rules';
import { type SheetContext } from './sheet-context.ts';
import { TRUSS_WEBS } from './truss-shapes.data.ts';

/* PV-3's drawn details: the attachment detail, the framing sketch and the elevation detail. */

/** Inches as a drafting fraction when it is a sixteenth (0.3125 → 5/16), else a decimal. */
export function inchFraction(v: number): string {
  const n = Math.round(v * 16);
  if (Math.abs(n / 16 - v) > 1e-6) return String(Math.round(v * 100) / 100);
  const whole = Math.floor(n / 16);
  let num = n % 16;
  let den = 16;
  while (num && num % 2 === 0) { num /= 2; den /= 2; }
  return num === 0 ? String(whole) : `${whole ? whole + ' ' : ''}${num}/${den}`;
}
export const fmt = (v: number | string | boolean) => (typeof v === 'number' ? String(Math.round(v * 100) / 100) : String(v));

export function lagOf(ctx: SheetContext, arrayId: string): { d: number; p: number } {
  const c = check(ctx.input.report, `structural.array.${arrayId}.lag-withdrawal`);
  const d = c?.inputs.find((i) => i.name === 'D')?.value;
  const p = c?.inputs.find((i) => i.name === 'p')?.value;
  const r = ctx.input.equipment.racking;
  return { d: typeof d === 'number' ? d : r.lagDiameterIn, p: typeof p === 'number' ? p : r.lagEmbedmentIn };
}

/** How far above the deck the attachment's leader meets the drawn part, pt. */
export const LEADER_AT: Partial<Record<AttachmentKind, number>> = { 'tile-hook': 26, 'seam-clamp': 30, ballast: 12 };

/** What the detail says under the attachment: how the roofing is kept watertight. */
export function sealingOf(kind: AttachmentKind, flashing: string): string {
  switch (kind) {
    case 'flashed-lag': case 'deck-mount': return `FLASHING: ${flashing}`;
    case 'tile-hook': return 'TILE NOTCHED OVER HOOK, UNDERLAYMENT SEALED AT EACH LAG';
    case 'tile-replacement': return 'TILE REPLACED BY FLASHED REPLACEMENT TILE AROUND THE STANDOFF';
    case 'metal-bracket': return 'BRACKET FASTENERS WITH SEALING WASHERS, BUTYL TAPE UNDER BRACKET';
    case 'membrane-mount': return 'MEMBRANE FLASHING BOOT WELDED / ADHERED PER ROOFING MAKER';
    case 'seam-clamp': return 'NO ROOF PENETRATION: CLAMP SET SCREWS ON THE SEAM PER MANUFACTURER';
    case 'ballast': return 'NO ROOF PENETRATION: PROTECTION MAT UNDER EACH BALLAST TRAY';
  }
}

// eslint-disable-next-line max-lines-per-function -- one detail drawing: the attachment's parts drawn in order on one scaled box
export function attachmentDetail(c: Canvas, ctx: SheetContext, box: { x: number; y: number; w: number; h: number }): void {
  const r = ctx.input.equipment.racking;
  const plane = ctx.input.design.roofPlanes.find((p) => ctx.input.design.modules.some((m) => m.planeId === p.id)) ?? ctx.input.design.roofPlanes[0]!;
  const att = attachmentOf(ctx.input, plane.arrayId);
  const lag = lagOf(ctx, plane.arrayId);
  const cx = box.x + box.w * 0.25;
  const deckY = box.y + box.h * 0.52;
  const roofW = box.w * 0.44;
  c.layer = 'S-DETL';
  // rafter (section)
  c.rect(cx - 12, deckY + 6, 24, 84, { fill: '#f1e3c8', lineWidth: 1 });
  c.line(cx - 12, deckY + 6, cx + 12, deckY + 90, { lineWidth: 0.4, stroke: '#a08050' });
  c.line(cx + 12, deckY + 6, cx - 12, deckY + 90, { lineWidth: 0.4, stroke: '#a08050' });
  // deck
  c.rect(box.x + 16, deckY, roofW, 6, { fill: '#d9d9d9', lineWidth: 0.8 });
  let footTop = deckY - 36;
  switch (att.kind) {
    case 'tile-hook': case 'tile-replacement': {
      // tiles on battens, the hook's base on the deck and its arm over the tile
      // the last tile is cut at the deck's end: a full one ran under the callouts' text (seen on a demo set)
      const deckEnd = box.x + 16 + roofW;
      for (let x = box.x + 16; x < deckEnd - 4; x += 34) {
        const right = Math.min(x + 34, deckEnd);
        c.poly([[x, deckY - 2], [right, deckY - 2], [right, deckY - 14], [x + 4, deckY - 18]], true, { fill: '#b86b4b', lineWidth: 0.6 });
      }
      if (att.kind === 'tile-hook') {
        c.rect(cx - 9, deckY - 3, 18, 3, { fill: '#bfbfbf', lineWidth: 0.6 });
        c.poly([[cx - 2, deckY - 3], [cx - 2, deckY - 24], [cx + 16, deckY - 24], [cx + 16, deckY - 36], [cx + 12, deckY - 36], [cx + 12, deckY - 28], [cx + 2, deckY - 28], [cx + 2, deckY - 3]], true, { fill: '#bfbfbf', lineWidth: 0.8 });
      } else {
        c.rect(cx - 26, deckY - 18, 52, 3, { fill: '#9db3c8', lineWidth: 0.6 });
        c.rect(cx - 3, deckY - 36, 6, 36, { fill: '#bfbfbf', lineWidth: 0.8 });
        c.rect(cx - 10, deckY - 40, 24, 4, { fill: '#bfbfbf', lineWidth: 0.8 });
      }
      break;
    }
    case 'seam-clamp': {
      // metal panel with a standing seam, the clamp on the seam; no penetration
      c.rect(box.x + 16, deckY - 2, roofW, 2, { fill: '#8c9aa6', lineWidth: 0.5 });
      c.rect(cx - 2, deckY - 16, 4, 14, { fill: '#8c9aa6', lineWidth: 0.6 });
      c.rect(cx - 9, deckY - 24, 18, 14, { fill: '#bfbfbf', lineWidth: 0.8 });
      c.rect(cx - 4, deckY - 36, 20, 12, { fill: '#bfbfbf', lineWidth: 0.8 });
      break;
    }
    case 'ballast': {
      c.rect(box.x + 16, deckY - 2, roofW, 2, { fill: '#e6e6e6', lineWidth: 0.5 });
      c.rect(cx - 30, deckY - 6, 60, 4, { fill: '#777', lineWidth: 0.5 });
      for (const dx of [-26, -8, 10]) c.rect(cx + dx, deckY - 18, 16, 12, { fill: '#a6a6a6', lineWidth: 0.6 });
      c.poly([[cx - 30, deckY - 6], [cx - 30, deckY - 40], [cx + 30, deckY - 40], [cx + 30, deckY - 6]], false, { lineWidth: 0.8 });
      footTop = deckY - 40;
      break;
    }
    default: {
      // shingle / membrane / metal panel, flashing and foot
      c.rect(box.x + 16, deckY - 4, roofW, 4, { fill: att.kind === 'membrane-mount' ? '#e6e6e6' : att.kind === 'metal-bracket' ? '#8c9aa6' : '#555', lineWidth: 0.5 });
      c.rect(cx - 30, deckY - 6, 60, 2, { fill: '#9db3c8', lineWidth: 0.6 });
      c.poly([[cx - 10, deckY - 6], [cx - 10, deckY - 40], [cx + 14, deckY - 40], [cx + 14, deckY - 36], [cx - 6, deckY - 36], [cx - 6, deckY - 6]], true, { fill: '#bfbfbf', lineWidth: 0.8 });
    }
  }
  // rail and module
  c.rect(cx - 4, footTop - 22, 22, 18, { fill: '#e0e0e0', lineWidth: 0.9 });
  c.rect(box.x + 22, footTop - 30, box.w * 0.4, 8, { fill: '#1f4e79', lineWidth: 0.6 });
  // lag into the rafter, only where the attachment is fastened into the framing
  if (att.intoFraming) {
    c.line(cx, deckY - 10, cx, deckY + 6 + lag.p * 12, { lineWidth: 2.2 });
    for (let k = 1; k < 8; k++) c.line(cx - 3, deckY + 8 + k * lag.p * 1.4, cx + 3, deckY + 6 + k * lag.p * 1.4, { lineWidth: 0.5 });
  }
  // callouts on the right
  const tx = box.x + box.w * 0.5;
  const ballast = att.kind === 'ballast' ? check(ctx.input.report, `structural.array.${plane.arrayId}.ballast`) : undefined;
  const callouts: [string, number, number][] = [
    [`PV MODULE (${ctx.input.equipment.module.model})`, footTop - 26, footTop - 26],
    [`${att.kind === 'ballast' ? 'RACKING' : 'RAIL'}: ${r.manufacturer} ${r.railModel}`, footTop - 13, footTop - 13],
    [`ATTACHMENT: ${att.name}${r.attachmentModel ? ` (${r.attachmentModel})` : ''}`, deckY - (LEADER_AT[att.kind] ?? 38), deckY - 24],
    [att.custom ? (att.penetrating ? 'PENETRATION SEALED PER THE ATTACHMENT MANUFACTURER\'S INSTRUCTIONS' : 'NO ROOF PENETRATION') : sealingOf(att.kind, r.flashing), deckY - 5, deckY - 10],
    [`${roofMaterialName(plane.material)} ON SHEATHING`, deckY - 2, deckY + 6],
    ...(att.intoFraming ? [[`(1) ${inchFraction(lag.d)}" DIA. LAG SCREW, ${inchFraction(lag.p)}" MIN. EMBEDMENT INTO FRAMING`, deckY + 20, deckY + 24] as [string, number, number]] : []),
    ...(ballast ? [[`BALLAST: ${fmt(ballast.value)} PSF OF ARRAY AREA (${fmt(ballast.limit!.value as number)} PSF REQUIRED)`, deckY - 12, deckY + 20] as [string, number, number]] : []),
    [`FRAMING: ${plane.framing.size} @ ${plane.framing.spacingIn}" O.C.`, deckY + 50, deckY + 44],
  ];
  c.layer = 'G-ANNO';
  // callouts stack downwards, each below the last one's wrapped lines
  const s7 = c.sz(7);
  const lh = c.lh(s7);
  const cw = box.x + box.w - tx - 6;
  let nextY = box.y + 14;
  for (const [t, yTarget, yText] of callouts) {
    const lines = c.m.wrap(t, s7, cw);
    const y = Math.max(yText, nextY);
    c.line(cx + 10, yTarget, tx - 4, y - 3, { lineWidth: 0.4 });
    lines.forEach((ln, i) => c.text(ln, tx, y + i * lh, { size: 7 }));
    nextY = y + lines.length * lh + 2;
  }
  if (nextY > box.y + box.h - 14) throw new DrawingOverflow('PV-3 attachment detail', 'callouts do not fit the detail box');
  const kinds = new Set(ctx.input.design.roofPlanes.filter((p) => ctx.input.design.modules.some((m) => m.planeId === p.id)).map((p) => attachmentOf(ctx.input, p.arrayId).kind));
  c.text(`ATTACHMENT DETAIL${kinds.size > 1 ? ` (ARRAY ${plane.arrayId}; OTHERS IN THE SCHEDULE)` : ''} — NOT TO SCALE`, box.x + 8, box.y + box.h - 8, { size: 7, bold: true });
}

export function framingSketch(c: Canvas, ctx: SheetContext, box: { x: number; y: number; w: number; h: number }): void {
  const plane = ctx.input.design.roofPlanes[0]!;
  const f = plane.framing;
  const span = f.spansIn.reduce((a, b) => a + b, 0) * 2;
  const rise = (span / 2) * Math.tan((plane.pitchDeg * Math.PI) / 180);
  const w = box.w - 40;
  const scale = Math.min(w / span, (box.h - 60) / rise);
  const x0 = box.x + (box.w - span * scale) / 2;
  const y0 = box.y + box.h - 34;
  const P = (u: number, v: number): [number, number] => [x0 + u * span * scale, y0 - v * rise * scale];
  c.layer = 'S-FRAM';
  c.poly([P(0, 0), P(0.5, 1), P(1, 0)], false, { lineWidth: 1.6 });
  c.line(...P(0, 0), ...P(1, 0), { lineWidth: 1.2 });
  if (f.type === 'Non Standard' && f.trussBuilderCoords?.length) {
    const xs = f.trussBuilderCoords.map((p) => p.x);
    const ys = f.trussBuilderCoords.map((p) => p.y);
    const [mx, my] = [Math.max(...xs, 1), Math.max(...ys, 1)];
    c.poly(f.trussBuilderCoords.map((p) => P(p.x / mx, p.y / my)), false, { lineWidth: 0.8 });
  }
  for (const [a, b, cc, d] of TRUSS_WEBS[f.type] ?? []) c.line(...P(a, b), ...P(cc, d), { lineWidth: 0.8 });
  c.layer = 'G-ANNO';
  c.text(`${f.type.toUpperCase()} FRAMING — ${f.size} @ ${f.spacingIn}" O.C., ${plane.pitchDeg}° PITCH`, box.x + box.w / 2, box.y + 14, { size: 7, bold: true, align: 'center', maxWidth: box.w - 8 });
  c.text(`SPANS ${f.spansIn.map((s) => `${s}"`).join(' + ')} (HORIZONTAL) EACH SIDE`, box.x + box.w / 2, y0 + 14, { size: 7, align: 'center', maxWidth: box.w - 8 });
  // Planes framed or pitched otherwise (Nguyen: 168" at 26.6° and 144" at 18.4°) are in the schedule: the sketch says whose it is.
  const d = ctx.input.design;
  const framings = new Set(d.roofPlanes.filter((p) => d.modules.some((m) => m.planeId === p.id))
    .map((p) => JSON.stringify([p.framing.type, p.framing.size, p.framing.spacingIn, p.framing.spansIn, p.pitchDeg])));
  c.text(`SCHEMATIC${framings.size > 1 ? ` (${plane.name.toUpperCase()}; OTHERS IN THE SCHEDULE)` : ''} — NOT TO SCALE`, box.x + 8, box.y + box.h - 8, { size: 7, bold: true });
}

export function elevationDetail(c: Canvas, ctx: SheetContext, box: { x: number; y: number; w: number; h: number }): void {
  if (ctx.images['elevation-detail']) {
    c.image('elevation-detail', box.x + 4, box.y + 4, box.w - 8, box.h - 20);
    c.text('ELEVATION DETAIL (PROVIDED)', box.x + 8, box.y + box.h - 6, { size: 7, bold: true });
    return;
  }
  const plane = ctx.input.design.roofPlanes[0]!;
  const gx = box.x + 20;
  const gy = box.y + box.h - 26;
  const wallH = 60;
  // the half-span drawn: a fifth of the box, less where a steep roof would rise past the heading
  const tan = Math.tan((plane.pitchDeg * Math.PI) / 180);
  const run = Math.min(box.w * 0.2, (box.h - 26 - wallH - 30) / Math.max(tan, 1e-6));
  const rise = run * tan;
  c.layer = 'S-DETL';
  c.line(box.x + 8, gy, box.x + box.w - 8, gy, { lineWidth: 1.2 });
  c.rect(gx, gy - wallH, run * 2, wallH, { lineWidth: 1 });
  c.poly([[gx - 10, gy - wallH], [gx + run, gy - wallH - rise], [gx + run * 2 + 10, gy - wallH]], false, { lineWidth: 1.4 });
  const t = Math.atan2(rise, run);
  const along = (d: number, off: number): [number, number] => [gx + run + d * Math.cos(t) + off * Math.sin(t), gy - wallH - rise + d * Math.sin(t) - off * Math.cos(t)];
  c.poly([along(12, 6), along(run * 0.9, 6), along(run * 0.9, 10), along(12, 10)], true, { fill: '#1f4e79', lineWidth: 0.5 });
  c.layer = 'G-ANNO';
  const tx = gx + run * 2 + 24;
  const stories = ctx.input.job.dynamic.num_stories;
  const notes = [`ROOF PITCH ${plane.pitchDeg}°`, 'MODULES 2"–10" ABOVE ROOF SURFACE', ...(stories ? [`${stories} STOR${stories > 1 ? 'IES' : 'Y'}`] : [])];
  c.notes(notes, tx, box.y + 24, box.x + box.w - tx - 6, box.h - 60, { numbered: false, where: 'PV-3 elevation detail' });
  c.text('ELEVATION DETAIL — NOT TO SCALE', box.x + 8, box.y + 14, { size: 7, bold: true });
}

