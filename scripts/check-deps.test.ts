import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { findViolations } from './check-deps.mjs';

describe('dependency directions (DESIGN.md rules of the house)', () => {
  it('no package imports an app, the web imports no server code', () => {
    expect(findViolations()).toEqual([]);
  });
});
