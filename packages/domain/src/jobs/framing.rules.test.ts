import { describe, expect, it } from 'vitest';
import { framingOptionsFor, isFramingAllowed } from './framing.rules.ts';

describe('framing options (spec §5)', () => {
  it('offers only the 2x2 truss for a Manufactured Home', () => {
    expect(framingOptionsFor('Manufactured Home')).toEqual(['Pre-Manufactured Truss (2x2)']);
    expect(framingOptionsFor(' manufactured home ')).toEqual(['Pre-Manufactured Truss (2x2)']);
  });
  it('orders the rest trusses, rafters, TJI, without the 2x2 truss and Custom', () => {
    const opts = framingOptionsFor('Single Family Home');
    expect(opts).toEqual([
      'Pre-Manufactured Truss',
      'Pre-Manufactured Truss (2x4)',
      'Pre-Manufactured Truss (2x6)',
      '2x2',
      '2x4',
      '2x6',
      '2x8',
      '2x10',
      '2x12',
      'TJI 110',
      'TJI 210',
      'TJI 230',
      'TJI 360',
      'TJI 560',
    ]);
    expect(opts).not.toContain('Custom');
    expect(opts).not.toContain('Pre-Manufactured Truss (2x2)');
    expect(framingOptionsFor(null)).toEqual(opts);
  });
  it('checks a chosen option', () => {
    expect(isFramingAllowed('Manufactured Home', '2x6')).toBe(false);
    expect(isFramingAllowed('Garage', '2x6')).toBe(true);
  });
});
