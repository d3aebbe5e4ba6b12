/*
 * The drawing model: what every sheet is before a back end turns it into PDF or SVG. Paper space in
 * PDF points on an ANSI B sheet (17 × 11 in = 1224 × 792 pt), origin top-left, y down (like pdfkit
 * and SVG). Text is already measured with the sheet font (text.measure.ts), so the lint can check
 * sizes, overlaps and the frame on the model itself and the back ends never wrap or flow text.
 */

export const SHEET_W = 1224;
export const SHEET_H = 792;

/** AIA/NCS-style layers: G- general, A- architectural, S- structural, E- electrical. */
export const LAYERS = [
  'G-BORD', 'G-TTLB', 'G-ANNO', 'G-NOTE', 'G-STMP', 'G-IMG',
  'A-SITE', 'A-ROOF', 'A-ROOF-SETBACK', 'A-ROOF-OBST',
  'S-FRAM', 'S-ATTACH', 'S-DETL',
  'E-PV-MODULE', 'E-EQPM', 'E-COND', 'E-SLD', 'E-LABL',
] as const;
export type Layer = (typeof LAYERS)[number];

export interface Style {
  stroke?: string;
  fill?: string;
  /** Points. */
  lineWidth?: number;
  dash?: [number, number];
}

export interface LinePrim extends Style { kind: 'line'; layer: Layer; x1: number; y1: number; x2: number; y2: number }
export interface PolyPrim extends Style { kind: 'poly'; layer: Layer; points: [number, number][]; closed: boolean }
export interface RectPrim extends Style { kind: 'rect'; layer: Layer; x: number; y: number; w: number; h: number }
export interface CirclePrim extends Style { kind: 'circle'; layer: Layer; cx: number; cy: number; r: number }
export interface TextPrim {
  kind: 'text';
  layer: Layer;
  text: string;
  /** Left end of the baseline after alignment (x is where the text starts). */
  x: number;
  /** Baseline. */
  y: number;
  size: number;
  bold: boolean;
  /** Measured advance width, points. */
  width: number;
  fill?: string;
  /** Rotation in degrees about (x, y), counter-clockwise as read on the sheet; lint treats rotated text by its bounding box. */
  rotate?: number;
  /** The engineering check this value came from (the preview links it). */
  checkId?: string;
}
export interface ImagePrim { kind: 'image'; layer: Layer; ref: string; x: number; y: number; w: number; h: number }

export type Prim = LinePrim | PolyPrim | RectPrim | CirclePrim | TextPrim | ImagePrim;

export type SheetKey = 'pv1' | 'pv2' | 'pv3' | 'pv4' | 'threeline' | 'ess' | 'calc' | 'calc2' | 'pv5' | 'pv5a' | 'labels';

export interface Sheet {
  key: SheetKey;
  /** Printed sheet number after the page-naming variant, e.g. "PV-1", "E-1". */
  number: string;
  title: string;
  prims: Prim[];
  /** Inner frame: nothing may leave it. */
  frame: { x: number; y: number; w: number; h: number };
}

/** Images a sheet refers to, by ref (PNG or JPEG bytes). */
export type ImageTable = Record<string, Uint8Array>;
