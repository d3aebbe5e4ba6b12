import { describe, expect, it } from 'vitest';
import {
  CAD_INTAKE_DEFAULTS,
  CAD_INTAKE_FIELDS,
  compassFace,
  createCadIntake,
  isCadIntakeFieldShown,
  parseRoofFaces,
  visibleCadIntakeFields,
  ZCadIntake,
} from './cad-intake.schema.ts';

const groupsShown = (v: ReturnType<typeof createCadIntake>) => [...new Set(visibleCadIntakeFields(v).map((d) => d.group))];

describe('CAD intake form (spec §3)', () => {
  it('defaults: structural on, the other groups off, beam spacing 24', () => {
    expect(CAD_INTAKE_DEFAULTS.needs_structural_cad).toBe(true);
    expect(CAD_INTAKE_DEFAULTS.needs_ground_mount).toBe(false);
    expect(CAD_INTAKE_DEFAULTS.needs_battery_info).toBe(false);
    expect(CAD_INTAKE_DEFAULTS.needs_optimizer).toBe(false);
    expect(CAD_INTAKE_DEFAULTS.needs_mci).toBe(false);
    expect(CAD_INTAKE_DEFAULTS.beam_spacing).toBe(24);
    expect(ZCadIntake.parse(CAD_INTAKE_DEFAULTS)).toEqual(CAD_INTAKE_DEFAULTS);
  });

  it('lists every non-custom schema field once', () => {
    const names = CAD_INTAKE_FIELDS.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    const schemaKeys = Object.keys(CAD_INTAKE_DEFAULTS).filter((k) => !k.startsWith('custom_'));
    expect([...names].sort()).toEqual(schemaKeys.sort());
    for (const d of CAD_INTAKE_FIELDS) if (d.custom) expect(d.custom in CAD_INTAKE_DEFAULTS).toBe(true);
  });

  it('shows each group when its flag is on', () => {
    expect(groupsShown(createCadIntake())).toEqual(['general', 'structural']);
    expect(groupsShown(createCadIntake({ needs_structural_cad: false }))).toEqual(['general']);
    expect(
      groupsShown(
        createCadIntake({ needs_optimizer: true, needs_mci: true, needs_battery_info: true, needs_ground_mount: true, existing_solar: true }),
      ),
    ).toEqual(['general', 'optimizer', 'mci', 'battery', 'structural', 'ground_mount', 'existing_solar']);
  });

  it('shows MPU and subpanel details only when asked', () => {
    const v = createCadIntake();
    expect(isCadIntakeFieldShown('mpu_model_number', v)).toBe(false);
    expect(isCadIntakeFieldShown('mpu_model_number', { ...v, mpu_required: true })).toBe(true);
    expect(isCadIntakeFieldShown('subpanel_ocpd_rating', { ...v, subpanel_routed: true })).toBe(true);
  });

  it('needs custom text for Other/Custom, only in shown groups', () => {
    const r = ZCadIntake.safeParse(createCadIntake({ inverter_type: 'Other', utility: 'Other' }));
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['custom_inverter_type', 'custom_utility']);
    expect(ZCadIntake.safeParse(createCadIntake({ inverter_type: 'Other', custom_inverter_type: 'Hoymiles HMS' })).success).toBe(true);
    // the optimizer group is off, so its Other does not block
    expect(ZCadIntake.safeParse(createCadIntake({ optimizer_type: 'Other' })).success).toBe(true);
    expect(ZCadIntake.safeParse(createCadIntake({ needs_optimizer: true, optimizer_type: 'Other' })).success).toBe(false);
    expect(ZCadIntake.safeParse(createCadIntake({ beam_shape: 'Custom' })).success).toBe(false);
    expect(isCadIntakeFieldShown('custom_beam_shape', createCadIntake({ beam_shape: 'Custom' }))).toBe(true);
    expect(isCadIntakeFieldShown('custom_beam_shape', createCadIntake())).toBe(false);
  });
});

describe('existing solar: rapid-shutdown type and roof faces (issue 25, finding 6)', () => {
  it('reads the faces as compass directions, in words or letters, and names a word it cannot read', () => {
    expect(parseRoofFaces('S, W')).toEqual({ ok: true, faces: ['S', 'W'] });
    expect(parseRoofFaces('south and west faces')).toEqual({ ok: true, faces: ['S', 'W'] });
    expect(parseRoofFaces('South-West; se')).toEqual({ ok: true, faces: ['SW', 'SE'] });
    expect(parseRoofFaces('s s')).toEqual({ ok: true, faces: ['S'] });
    expect(parseRoofFaces('front')).toEqual({ ok: false, word: 'FRONT' });
    expect(parseRoofFaces('')).toEqual({ ok: true, faces: [] });
  });

  it('the compass face of a plane is the nearest of eight to its azimuth', () => {
    expect([0, 22, 23, 180, 200, 250, 337, 338, 359].map(compassFace)).toEqual(['N', 'N', 'NE', 'S', 'S', 'W', 'NW', 'N', 'N']);
  });

  it('the intake shows both fields with existing solar and refuses an unreadable face there only', () => {
    const on = createCadIntake({ existing_solar: true, existing_rsd_type: 'conductor-level only (2014)', existing_array_faces: 'roof' });
    expect(visibleCadIntakeFields(on).map((d) => d.name)).toEqual(expect.arrayContaining(['existing_rsd_type', 'existing_array_faces']));
    const r = ZCadIntake.safeParse({ ...on, existing_array_faces: 'S, up' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['existing_array_faces']);
    expect(ZCadIntake.safeParse({ ...on, existing_array_faces: 'S, W' }).success).toBe(true);
    expect(ZCadIntake.safeParse({ ...on, existing_solar: false, existing_array_faces: 'S, up' }).success).toBe(true);
    expect(ZCadIntake.safeParse({ ...on, existing_rsd_type: 'rapid' }).success).toBe(false);
  });
});
