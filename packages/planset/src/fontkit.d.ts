// fontkit 2 ships no types; the few calls the plan set makes.
declare module 'fontkit' {
  export interface GlyphRun { advanceWidth: number }
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    descent: number;
    capHeight: number;
    layout(text: string, features?: Record<string, boolean> | string[]): GlyphRun;
    hasGlyphForCodePoint(cp: number): boolean;
    glyphForCodePoint(cp: number): { advanceWidth: number; bbox: { minY: number; maxY: number } };
  }
  export function create(buffer: Uint8Array | Buffer): Font;
}
