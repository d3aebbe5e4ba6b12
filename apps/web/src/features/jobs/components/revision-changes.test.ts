import { describe, expect, it } from 'vitest';
import { changeLabel } from './revision-changes.tsx';

describe('changeLabel', () => {
  it('names array, CAD form and plain fields for people', () => {
    expect(changeLabel('arrays.0.panel_quantity')).toBe('Array 1 · panel quantity');
    expect(changeLabel('arrays.2')).toBe('Array 3');
    expect(changeLabel('cad_intake.module_count')).toBe('CAD intake · module count');
    expect(changeLabel('services_requested')).toBe('services requested');
  });
});
