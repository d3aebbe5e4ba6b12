import {
  ERROR_ARGS_SEPARATOR,
  NO_RESPONSE_MESSAGE,
  NO_RESPONSE_STATUS,
  UNKNOWN_ERROR_MESSAGE,
} from '@sunstamp/domain/constants/messages.constants';

/**
 * Why a call failed: an HTTP error answer, no answer at all, no access token for an
 * authenticated call, or a session the server no longer accepts.
 */
export type ApiErrorKind = 'http' | 'network' | 'no-token' | 'session-ended';

export class ApiError extends Error {
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** The parsed error answer, when there was one. */
  readonly body: unknown;
  /** Already handled (silent logout): callers and toasts should not report it again. */
  readonly silent: boolean;

  constructor(init: { status: number; message: string; kind?: ApiErrorKind; body?: unknown; silent?: boolean }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.kind = init.kind ?? 'http';
    this.body = init.body;
    this.silent = init.silent ?? false;
  }

  /** Field messages from the envelope's args ({field: message} items), for forms. */
  get fieldErrors(): Record<string, string> {
    return extractFieldErrors(this.body);
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

export const networkError = () =>
  new ApiError({ status: NO_RESPONSE_STATUS, message: NO_RESPONSE_MESSAGE, kind: 'network' });

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** "current_password" → "current password"; "firstName" → "first name". */
export function humaniseField(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.\-]+/g, ' ')
    .trim()
    .toLowerCase();
}

function capitaliseFirst(s: string) {
  return s ? s.charAt(0).toUpperCase() + s.slice(1) : s;
}

/**
 * One {field: message} pair as text. The server writes whole sentences for people ("This link is
 * invalid or has expired. Request a new one."): those stand alone, as do messages that already
 * name their field. A terse validator message gets its field in front ("First name: Too small…").
 */
export function formatFieldPair(field: string, message: string): string {
  const text = message.trim();
  const name = humaniseField(field);
  const sentence = /^[A-Z]/.test(text) && /[.!?]$/.test(text);
  if (!name || name === 'body' || sentence || text.toLowerCase().includes(name)) return text;
  return `${capitaliseFirst(name)}: ${text}`;
}

function argText(arg: unknown): string[] {
  if (typeof arg === 'string') return arg.trim() ? [arg] : [];
  if (isRecord(arg)) {
    return Object.entries(arg).flatMap(([k, v]) => {
      const text = Array.isArray(v) ? v.filter((x) => typeof x === 'string').join(' ') : typeof v === 'string' ? v : '';
      return text.trim() ? [formatFieldPair(k, text)] : [];
    });
  }
  return [];
}

/**
 * The server's message by the rule of spec §8: the args list (strings, or {field: message}
 * pairs) joined with " -- "; else the message field; else the first item of a list answer.
 * Undefined when the answer carries none of these.
 */
export function extractServerMessage(body: unknown): string | undefined {
  if (isRecord(body)) {
    if (Array.isArray(body.args)) {
      const parts = body.args.flatMap(argText);
      if (parts.length) return parts.join(ERROR_ARGS_SEPARATOR);
    }
    if (typeof body.message === 'string' && body.message.trim()) return body.message;
    return undefined;
  }
  if (Array.isArray(body) && body.length) {
    const first = argText(body[0]);
    return first.length ? first.join(ERROR_ARGS_SEPARATOR) : undefined;
  }
  if (typeof body === 'string' && body.trim() && body.length < 500) return body;
  return undefined;
}

/** The message to show for an error answer; the catalogue's unknown-error text when there is none. */
export function messageForErrorBody(body: unknown): string {
  return extractServerMessage(body) ?? UNKNOWN_ERROR_MESSAGE;
}

/** {field: message} items of the envelope's args, merged (later items win). */
export function extractFieldErrors(body: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isRecord(body) || !Array.isArray(body.args)) return out;
  for (const arg of body.args) {
    if (!isRecord(arg)) continue;
    for (const [k, v] of Object.entries(arg)) {
      if (typeof v === 'string' && v.trim()) out[k] = v;
    }
  }
  return out;
}

/** The text to show for anything a call may throw. */
export function errorMessageOf(error: unknown): string {
  if (isApiError(error)) return error.message;
  return UNKNOWN_ERROR_MESSAGE;
}
