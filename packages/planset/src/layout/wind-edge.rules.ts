/**
 * ASCE 7-16/7-22 §29.4.4: modules at least 2 h2 from the roof edge, a gable ridge or a hip ridge, h2 the
 * height of the modules' top above the roof. The layout keeps 2 × 6 in. (a flush mount's usual h2, the
 * engine's default); the engine checks the drawn distance against the job's h2.
 */
export const WIND_EDGE_IN = 12;
export const WIND_EDGE_KINDS: ReadonlySet<string> = new Set(['eave', 'rake', 'ridge', 'hip']);
