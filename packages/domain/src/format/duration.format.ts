import { WORKING_DAY_HOURS } from '../constants/limits.constants.ts';

/**
 * Working-time durations (spec §9: a day is 8 hours). Format: "{d}d {h}h {m}m", zero parts left
 * out, minutes rounded; "0m" for nothing, a leading "-" when negative.
 * 17 h → "2d 1h", 8 h → "1d", 0.5 h → "30m", 9.25 h → "1d 1h 15m".
 */
export function formatWorkDuration(hours: number, dayHours = WORKING_DAY_HOURS): string {
  if (!Number.isFinite(hours)) return '';
  const totalMinutes = Math.round(Math.abs(hours) * 60);
  const dayMinutes = dayHours * 60;
  const d = Math.floor(totalMinutes / dayMinutes);
  const h = Math.floor((totalMinutes % dayMinutes) / 60);
  const m = totalMinutes % 60;
  const parts = [d && `${d}d`, h && `${h}h`, m && `${m}m`].filter(Boolean);
  if (parts.length === 0) return '0m';
  return (hours < 0 ? '-' : '') + parts.join(' ');
}

/** Milliseconds in, same format. */
export const formatWorkDurationMs = (ms: number, dayHours = WORKING_DAY_HOURS) =>
  formatWorkDuration(ms / 3_600_000, dayHours);
