import { describe, expect, it } from 'vitest';
import { SEED_EQUIPMENT } from '@sunstamp/domain/catalogue/equipment.data';
import { EQUIPMENT_KINDS } from '@sunstamp/domain/contracts/catalogue';
import { EQUIPMENT_KIND_LABELS, keyRating } from './equipment.rules.ts';

describe('equipment key ratings', () => {
  it('labels every kind', () => {
    for (const k of EQUIPMENT_KINDS) expect(EQUIPMENT_KIND_LABELS[k]).toBeTruthy();
  });
  it('gives every seed item a rating', () => {
    for (const e of SEED_EQUIPMENT) {
      const { kind, id: _id, manufacturer: _m, model: _mo, type: _t, ...data } = e as unknown as Record<string, unknown> & { kind: (typeof EQUIPMENT_KINDS)[number] };
      expect(keyRating({ kind, data }), String(e.model)).not.toBe('');
    }
  });
  it('formats figures with units', () => {
    expect(keyRating({ kind: 'module', data: { pmaxW: 425, vocV: 37.9 } })).toBe('425 W · Voc 37.9 V');
    expect(keyRating({ kind: 'ac_disconnect', data: { ampRating: 60, fused: false } })).toBe('60 A · non-fused');
    expect(keyRating({ kind: 'inverter', data: {} })).toBe('');
  });
});
