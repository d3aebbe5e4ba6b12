/**
 * A design the engine will not calculate, with the reason in words an engineer can act on.
 * Thrown by calculateDesign (never a half-filled report): the CLI prints the message and exits 2,
 * an API maps `code` to a 4xx. Distinct from a ZodError (malformed input): the input is valid,
 * but the engine has no rule it trusts for it.
 */
export type RefusalCode =
  | 'electrical-code-not-supported'
  | 'voc-below-table'
  | 'voc-needs-coefficient'
  /** An input the rule needs is not given (the fields are listed in `missing`). */
  | 'inputs-missing'
  /** The Article 220 method asked for does not apply to this service, or its inputs contradict each other. */
  | 'load-calculation-not-applicable'
  /** The equipment described cannot be put together that way (e.g. a DC-coupled battery on micro-inverters). */
  | 'configuration-not-supported'
  /** Service equipment that cannot exist: a main breaker larger than its busbar, a rating not in 240.6(A) (issue 25). */
  | 'service-equipment-invalid';

export class EngineRefusalError extends Error {
  readonly code: RefusalCode;
  /** For 'inputs-missing': the input paths to fill in (e.g. "service.loadCalculation.heatingAndCooling.spaceHeatingUnits"). */
  readonly missing: readonly string[];
  constructor(code: RefusalCode, message: string, missing: readonly string[] = []) {
    super(message);
    this.name = 'EngineRefusalError';
    this.code = code;
    this.missing = missing;
  }
}

export function isEngineRefusal(e: unknown): e is EngineRefusalError {
  return e instanceof EngineRefusalError;
}
