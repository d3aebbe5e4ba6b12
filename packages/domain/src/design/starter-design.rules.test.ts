import { describe, expect, it } from 'vitest';
import { createJobArray } from '../jobs/job-defaults.schema.ts';
import { ZDesignModel } from './design-model.schema.ts';
import { blockOf, framingTypeOf, starterDesignOf } from './starter-design.rules.ts';

const module = { lengthIn: 67.8, widthIn: 44.65 };

describe('the starter design of a job', () => {
  it('is one south-facing plane per array, side by side, with the array\'s pitch and framing, and valid', () => {
    const d = starterDesignOf({
      revision: 2, module, hasBattery: true, microInverters: false,
      arrays: [createJobArray({ panel_quantity: 12, roof_pitch: 30 }), createJobArray({ panel_quantity: 6, orientation: 'Landscape', frame_shape: 'Fink truss', beam_spacing: 16 })],
    });
    expect(ZDesignModel.parse(d)).toEqual(d);
    expect(d.revision).toBe(2);
    expect(d.roofPlanes.map((p) => [p.id, p.arrayId, p.pitchDeg, p.azimuthDeg, p.framing.type, p.framing.spacingIn])).toEqual([
      ['R1', 'array-1', 30, 180, 'Rafter', 24], ['R2', 'array-2', 26, 180, 'Fink', 16],
    ]);
    expect(d.roofPlanes[1]!.polygon[0]!.x).toBe(d.roofPlanes[0]!.polygon[1]!.x);
    expect(d.modules).toEqual([]);
    expect(d.equipment.map((e) => e.kind)).toEqual(['utility_meter', 'main_panel', 'ac_disconnect', 'inverter', 'battery']);
  });
  it('names non-standard framing, and a micro-inverter system gets a combiner instead of an inverter', () => {
    expect(framingTypeOf(createJobArray({ nonstandard_framing: true, custom_beam_shape: 'scissor' }))).toBe('Non Standard');
    const d = starterDesignOf({ revision: 0, module, hasBattery: false, microInverters: true, arrays: [] });
    expect(d.roofPlanes).toHaveLength(1);
    expect(d.equipment.map((e) => e.kind)).toContain('combiner');
  });
  it('lays modules out in a wide block', () => {
    expect(blockOf(12)).toEqual({ cols: 6, rows: 2 });
    expect(blockOf(1)).toEqual({ cols: 1, rows: 1 });
    expect(blockOf(0)).toEqual({ cols: 1, rows: 1 });
  });
});
