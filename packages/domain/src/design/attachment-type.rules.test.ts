import { describe, expect, it } from 'vitest';
import { attachmentFor, roofFamilyOf } from './attachment-type.rules.ts';

describe('the attachment follows the roofing and the job\'s choice', () => {
  it.each([
    ['asphalt_shingle', 'flashed_l_foot', 'flashed-lag', true],
    ['concrete_tile', 'tile_hook', 'tile-hook', true],
    ['clay_tile', 'tile_replacement', 'tile-replacement', true],
    ['standing_seam_24ga', 'standing_seam_clamp', 'seam-clamp', false],
    ['corrugated_26ga', 'metal_roof_bracket', 'metal-bracket', true],
    ['tpo_membrane', 'ballasted', 'ballast', false],
    ['tpo_membrane', 'membrane_mount', 'membrane-mount', true],
  ])('%s + %s → %s', (roof, ct, kind, intoFraming) => {
    const r = attachmentFor(roof, ct);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.attachment.kind).toBe(kind);
      expect(r.attachment.intoFraming).toBe(intoFraming);
      // the printed name is the attachment, never a rail
      expect(r.attachment.name).not.toMatch(/XR|RAIL|SOLARMOUNT/i);
    }
  });

  it('no choice: the roofing\'s usual attachment', () => {
    expect(attachmentFor('concrete_tile', null)).toMatchObject({ ok: true, attachment: { kind: 'tile-hook' } });
    expect(attachmentFor('standing_seam_22ga', '')).toMatchObject({ ok: true, attachment: { kind: 'seam-clamp', penetrating: false } });
    expect(attachmentFor('Asphalt shingle', null)).toMatchObject({ ok: true, attachment: { kind: 'flashed-lag' } });
  });

  it('refuses a choice that does not fit the roofing, naming what fits', () => {
    const r = attachmentFor('concrete_tile', 'flashed_l_foot');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/does not fit a Concrete Tile roof: use tile hook or tile replacement flashing/);
    expect(attachmentFor('standing_seam_24ga', 'flashed_l_foot').ok).toBe(false);
    expect(attachmentFor('tpo_membrane', 'flashed_l_foot').ok).toBe(false);
    expect(attachmentFor('asphalt_shingle', 'ground_mount_post').ok).toBe(false);
  });

  it('"other" prints the job\'s own description', () => {
    expect(attachmentFor('asphalt_shingle', 'other', 'Quick Mount QBase')).toMatchObject({ ok: true, attachment: { name: 'QUICK MOUNT QBASE' } });
    expect(attachmentFor('asphalt_shingle', 'other', '').ok).toBe(false);
  });

  it('roof families', () => {
    expect(roofFamilyOf('standing_seam_26ga')).toBe('standing-seam');
    expect(roofFamilyOf('trapezoidal_29ga')).toBe('metal');
    expect(roofFamilyOf('TPO / Single-Ply Membrane')).toBe('membrane');
  });
});

describe('a custom attachment', () => {
  it('is marked custom so the sheet says it is sealed per its maker, not by the usual flashing', () => {
    expect(attachmentFor('asphalt_shingle', 'other', 'Roof Tech RT-Mini')).toMatchObject({ ok: true, attachment: { custom: true } });
    expect(attachmentFor('asphalt_shingle', 'flashed_l_foot')).not.toMatchObject({ ok: true, attachment: { custom: true } });
  });
});
