import { describe, expect, it } from 'vitest';
import { checkStructuralSpan, slopedSpanLength } from './structural-span.rules.ts';

describe('structural span check', () => {
  it('divides summed spans by cos(pitch)', () => {
    expect(slopedSpanLength([168], 0)).toBe(168);
    expect(slopedSpanLength([100, 68], 60)).toBeCloseTo(336, 9);
    expect(slopedSpanLength([168], 26)).toBeCloseTo(186.917, 3);
    expect(slopedSpanLength([168], 90)).toBeNaN();
    expect(slopedSpanLength([0], 20)).toBeNaN();
  });
  it.each([
    // 168 in at 26° is 186.9 in sloped; 2 portrait modules need 130, 3 need 195
    [{ beamSpans: [168], pitchDegrees: 26, modulesOnRafter: 2, orientation: 'Portrait' }, true, 130, 'ok'],
    [{ beamSpans: [168], pitchDegrees: 26, modulesOnRafter: 3, orientation: 'Portrait' }, false, 195, 'too_short'],
    [{ beamSpans: [168], pitchDegrees: 26, modulesOnRafter: 4, orientation: 'Landscape' }, true, 156, 'ok'],
    [{ beamSpans: [168], pitchDegrees: 26, modulesOnRafter: 5, orientation: 'Landscape' }, false, 195, 'too_short'],
    [{ beamSpans: [168], pitchDegrees: 26, modulesOnRafter: null, orientation: 'Portrait' }, true, 0, 'no_modules'],
    [{ beamSpans: [], pitchDegrees: 26, modulesOnRafter: 1, orientation: 'Portrait' }, false, 65, 'invalid_input'],
  ] as const)('%o', (input, ok, limitIn, reason) => {
    const r = checkStructuralSpan({ ...input, beamSpans: [...input.beamSpans] });
    expect(r.ok).toBe(ok);
    expect(r.limitIn).toBe(limitIn);
    expect(r.reason).toBe(reason);
  });
  it('takes the limit as a parameter', () => {
    const input = { beamSpans: [168], pitchDegrees: 26, modulesOnRafter: 3, orientation: 'Portrait' as const };
    expect(checkStructuralSpan(input, { Portrait: 60, Landscape: 39 }).ok).toBe(true);
    expect(checkStructuralSpan(input, { Portrait: 63, Landscape: 39 }).ok).toBe(false);
  });
});
