import { describe, expect, it } from 'vitest';
import { chunkFailureOf, isChunkLoadError } from './route-error.page.tsx';

describe('isChunkLoadError', () => {
  it('recognises the browsers’ messages for a missing lazy chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/assets/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('chunkFailureOf: a dead network or server is not a new deployment', () => {
  it('is an outage when the browser is offline or the server does not answer', () => {
    expect(chunkFailureOf(false, 'pending')).toBe('outage');
    expect(chunkFailureOf(false, 'ok')).toBe('outage');
    expect(chunkFailureOf(true, 'failed')).toBe('outage');
  });
  it('is an update only once the server answered, and checking until then', () => {
    expect(chunkFailureOf(true, 'ok')).toBe('updated');
    expect(chunkFailureOf(true, 'pending')).toBe('checking');
  });
});
