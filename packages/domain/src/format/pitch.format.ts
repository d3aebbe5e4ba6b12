/**
 * Roof pitch conversions (spec §5). Pitch is stored in degrees; "a factor of pi" is the multiple
 * of π that gives radians (45° ↔ 0.25). Rise is inches per 12 inches of run (6/12 ≈ 26.57°).
 */

export const degreesToPiFactor = (degrees: number): number => degrees / 180;
export const piFactorToDegrees = (factor: number): number => factor * 180;
export const degreesToRadians = (degrees: number): number => (degrees * Math.PI) / 180;
export const radiansToDegrees = (radians: number): number => (radians * 180) / Math.PI;

/** rise/12 → degrees, e.g. 6 → 26.565…; `run` defaults to 12. */
export function riseToDegrees(rise: number, run = 12): number {
  return radiansToDegrees(Math.atan2(rise, run));
}

/** degrees → rise per 12 of run, e.g. 45 → 12. */
export function degreesToRise(degrees: number, run = 12): number {
  return Math.tan(degreesToRadians(degrees)) * run;
}
