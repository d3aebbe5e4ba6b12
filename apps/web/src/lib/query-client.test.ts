import { describe, expect, it } from 'vitest';
import { ApiError, networkError } from './api-error.ts';
import { shouldRetry, shouldToastError } from './query-client.ts';

describe('query defaults', () => {
  it('toasts failures except silent ones, opted-out ones and aborts', () => {
    expect(shouldToastError(new ApiError({ status: 400, message: 'x' }))).toBe(true);
    expect(shouldToastError(new Error('boom'))).toBe(true);
    expect(shouldToastError(new ApiError({ status: 401, message: 'x', silent: true }))).toBe(false);
    expect(shouldToastError(new ApiError({ status: 400, message: 'x' }), { silentError: true })).toBe(false);
    expect(shouldToastError(Object.assign(new Error('aborted'), { name: 'AbortError' }))).toBe(false);
  });
  it('retries only no-response and 5xx failures, at most twice', () => {
    expect(shouldRetry(0, networkError())).toBe(true);
    expect(shouldRetry(1, new ApiError({ status: 503, message: 'x' }))).toBe(true);
    expect(shouldRetry(2, networkError())).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 404, message: 'x' }))).toBe(false);
    expect(shouldRetry(0, new Error('x'))).toBe(false);
  });
});
