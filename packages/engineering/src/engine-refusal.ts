/**
 * A design the engine will not calculate, with the reason in words an engineer can act on.
 * Thrown by calculateDesign (never a half-filled report): the CLI prints the message and exits 2,
 * an API maps `code` to a 4xx. Distinct from a ZodError (malformed input): the input is valid,
 * but the engine has no rule it trusts for it.
 */
export type RefusalCode =
  | 'electrical-code-not-supported'
  | 'asce-edition-not-supported'
  | 'voc-below-table'
  | 'voc-needs-coefficient';

export class EngineRefusalError extends Error {
  readonly code: RefusalCode;
  constructor(code: RefusalCode, message: string) {
    super(message);
    this.name = 'EngineRefusalError';
    this.code = code;
  }
}

export function isEngineRefusal(e: unknown): e is EngineRefusalError {
  return e instanceof EngineRefusalError;
}
