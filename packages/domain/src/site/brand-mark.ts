/**
 * The sun mark's drawing (a 64-unit square), shared by the web's SunMark and the server's
 * prerendered sign-in header, so the mark a page shows before its scripts run is the app's own.
 */
export const BRAND_MARK = {
  viewBox: '0 0 64 64',
  tile: { rx: 14, fill: '#14365d' },
  sun: { cx: 32, cy: 32, r: 11, fill: '#f6a821' },
  rays: { stroke: '#f6a821', strokeWidth: 4, d: 'M32 8v7M32 49v7M8 32h7M49 32h7M15 15l5 5M44 44l5 5M15 49l5-5M44 20l5-5' },
} as const;

/** The mark as SVG markup, for HTML written by the server. */
export function brandMarkSvg(size: number): string {
  const { viewBox, tile, sun, rays } = BRAND_MARK;
  return `<svg width="${size}" height="${size}" viewBox="${viewBox}" aria-hidden="true" focusable="false">`
    + `<rect width="64" height="64" rx="${tile.rx}" fill="${tile.fill}"/>`
    + `<circle cx="${sun.cx}" cy="${sun.cy}" r="${sun.r}" fill="${sun.fill}"/>`
    + `<g stroke="${rays.stroke}" stroke-width="${rays.strokeWidth}" stroke-linecap="round"><path d="${rays.d}"/></g></svg>`;
}
