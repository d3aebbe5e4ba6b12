import type { Orientation } from '../constants/options.constants.ts';
import { degreesToRadians } from '../format/pitch.format.ts';

/**
 * Structural span check (spec §5: "summed beam spans divided by the cosine of the pitch are
 * compared against a module-count-based limit"; the limit is not shown).
 *
 * Rule chosen: the beam spans are horizontal projections, so their sum over cos(pitch) is the
 * sloped length of the rafter. The modules said to sit on one rafter (num_panels_on_rafter)
 * need at least `count × inchesPerModule` of it, inchesPerModule being a module's along-slope
 * length for the array's orientation. If the rafter is shorter, the spans, pitch or module count
 * were entered wrong, and the check fails. inchesPerModule is a requirement value staff can
 * change; the defaults are 65 in portrait and 39 in landscape, the short end of 60-cell
 * residential modules (≈1650 × 992 mm), so only impossible layouts are flagged.
 */
export type SpanLimit = Readonly<Record<Orientation, number>>;

export const DEFAULT_SPAN_LIMIT_INCHES_PER_MODULE: SpanLimit = Object.freeze({ Portrait: 65, Landscape: 39 });

export interface SpanCheckInput {
  /** Horizontal spans between supports, inches (the array's beam_span). */
  beamSpans: readonly number[];
  /** Roof pitch in degrees. */
  pitchDegrees: number;
  /** Modules along one rafter; null or 0 means nothing to check. */
  modulesOnRafter: number | null;
  orientation: Orientation;
}

export interface SpanCheckResult {
  ok: boolean;
  /** Sum of spans over cos(pitch), inches; NaN when the input cannot be measured. */
  slopedLengthIn: number;
  /** Length the modules need, inches. */
  limitIn: number;
  reason: 'ok' | 'too_short' | 'invalid_input' | 'no_modules';
}

export function slopedSpanLength(beamSpans: readonly number[], pitchDegrees: number): number {
  if (!(pitchDegrees >= 0 && pitchDegrees < 90) || beamSpans.some((s) => !(s > 0) || !Number.isFinite(s))) {
    return Number.NaN;
  }
  const sum = beamSpans.reduce((a, b) => a + b, 0);
  return sum / Math.cos(degreesToRadians(pitchDegrees));
}

export function checkStructuralSpan(
  input: SpanCheckInput,
  inchesPerModule: SpanLimit = DEFAULT_SPAN_LIMIT_INCHES_PER_MODULE,
): SpanCheckResult {
  const sloped = slopedSpanLength(input.beamSpans, input.pitchDegrees);
  const n = input.modulesOnRafter ?? 0;
  const limitIn = n * inchesPerModule[input.orientation];
  if (n <= 0) return { ok: true, slopedLengthIn: sloped, limitIn: 0, reason: 'no_modules' };
  if (input.beamSpans.length === 0 || Number.isNaN(sloped)) {
    return { ok: false, slopedLengthIn: sloped, limitIn, reason: 'invalid_input' };
  }
  const ok = sloped >= limitIn;
  return { ok, slopedLengthIn: sloped, limitIn, reason: ok ? 'ok' : 'too_short' };
}
