/** File sizes in decimal (kB, MB; 1000) or binary (KiB, MiB; 1024) units (spec §9). */

export type FileSizeSystem = 'decimal' | 'binary';

const UNITS: Record<FileSizeSystem, { base: number; units: string[] }> = {
  decimal: { base: 1000, units: ['B', 'kB', 'MB', 'GB', 'TB', 'PB'] },
  binary: { base: 1024, units: ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'] },
};

/**
 * "1.5 MB", "999 B", "1 KiB". Up to `decimals` fraction digits (default 1), trailing zeros
 * dropped; bytes are always whole. A value that rounds up to the base moves to the next unit
 * (999 999 B is "1 MB", not "1000 kB").
 */
export function formatFileSize(
  bytes: number,
  system: FileSizeSystem = 'decimal',
  decimals = 1,
): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  const { base, units } = UNITS[system];
  if (bytes < base) return `${Math.round(bytes)} B`;
  let i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(base)));
  let value = bytes / base ** i;
  const factor = 10 ** decimals;
  let rounded = Math.round(value * factor) / factor;
  if (rounded >= base && i < units.length - 1) {
    i += 1;
    value = bytes / base ** i;
    rounded = Math.round(value * factor) / factor;
  }
  return `${rounded} ${units[i]}`;
}
