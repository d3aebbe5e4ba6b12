/*
 * Schematic web patterns of the spec's truss types for the PV-3 framing sketch, in units of the
 * span (x 0…1) and the rise (y 0…1, up). Top chords and the bottom chord are drawn for all; these
 * are the webs. Schematic only: the sketch names the type, it is not a truss design.
 */
type Seg = [number, number, number, number];
const mirror = (s: Seg[]): Seg[] => [...s, ...s.map(([a, b, c, d]): Seg => [1 - a, b, 1 - c, d])];

export const TRUSS_WEBS: Record<string, Seg[]> = {
  Rafter: [],
  'Non Standard': [],
  Kingpost: [[0.5, 0, 0.5, 1]],
  'Collar Tie': [[0.25, 0.5, 0.75, 0.5]],
  Purlin: mirror([[0.25, 0.5, 0.25, 0], [0.25, 0.5, 0.5, 0]]),
  'Simple Fink': mirror([[1 / 3, 0, 0.25, 0.5], [1 / 3, 0, 0.5, 1]]),
  Queen: mirror([[1 / 3, 0, 1 / 3, 2 / 3], [1 / 3, 0, 0.5, 1]]),
  Fink: mirror([[1 / 3, 0, 1 / 6, 1 / 3], [1 / 3, 0, 1 / 3, 2 / 3], [1 / 3, 0, 0.5, 1]]),
  'Modified Queen': mirror([[0.25, 0, 0.25, 0.5], [0.25, 0, 0.5, 1], [0.125, 0, 0.125, 0.25]]),
  Howe: [[0.5, 0, 0.5, 1], ...mirror([[0.25, 0, 0.25, 0.5], [0.25, 0.5, 0.5, 0]])],
  'Double Howe': [[0.5, 0, 0.5, 1], ...mirror([[1 / 6, 0, 1 / 6, 1 / 3], [1 / 3, 0, 1 / 3, 2 / 3], [1 / 6, 1 / 3, 1 / 3, 0], [1 / 3, 2 / 3, 0.5, 0]])],
  Fan: mirror([[1 / 3, 0, 1 / 6, 1 / 3], [1 / 3, 0, 1 / 3, 2 / 3], [1 / 3, 0, 0.5, 1], [0.5, 0, 0.5, 1]]),
  'Double Fink': mirror([[0.2, 0, 0.1, 0.2], [0.2, 0, 0.3, 0.6], [0.4, 0, 0.3, 0.6], [0.4, 0, 0.5, 1]]),
};
