import { describe, expect, it } from 'vitest';
import { emptyRow, linesOf, moduleCountWarning, rowProblems, rowsOf, shownKinds, withModuleCount } from './equipment-lines.rules.ts';

const MOD = { id: '11111111-1111-4111-8111-111111111111', manufacturer: 'REC', model: 'Alpha Pure 405' };
const flags = { needs_optimizer: false, needs_battery_info: false, needs_mci: true, needs_structural_cad: true, needs_ground_mount: false };

describe('equipment step rules', () => {
  it('round-trips stored lines: catalogue models, Other text, empty kinds', () => {
    const rows = rowsOf([
      { kind: 'module', equipment_id: MOD.id, custom_model: '', quantity: 20, equipment: { ...MOD, type: null, is_active: true } },
      { kind: 'mci', equipment_id: null, custom_model: 'Acme RSD-1', quantity: 7, equipment: null },
    ]);
    expect(rows.find((r) => r.kind === 'inverter')).toEqual(emptyRow('inverter'));
    expect(linesOf(rows)).toEqual([
      { kind: 'module', equipment_id: MOD.id, custom_model: '', quantity: 20 },
      { kind: 'mci', equipment_id: null, custom_model: 'Acme RSD-1', quantity: 7 },
    ]);
  });
  it('shows rows by the CAD form flags, and any row that holds a model', () => {
    expect(shownKinds(flags, [])).toEqual(['module', 'inverter', 'mci', 'racking']);
    const rows = [{ ...emptyRow('battery'), other: true, custom_model: 'X' }];
    expect(shownKinds({ ...flags, needs_mci: false, needs_structural_cad: false }, rows)).toEqual(['module', 'inverter', 'battery']);
  });
  it('fills the module count from the arrays and warns when it disagrees', () => {
    const arrays = [{ panel_quantity: 12 }, { panel_quantity: 8 }];
    const rows = withModuleCount([{ ...emptyRow('module'), equipment: MOD }], arrays);
    expect(rows[0]!.quantity).toBe(20);
    expect(moduleCountWarning(rows, arrays)).toBeNull();
    expect(moduleCountWarning([{ ...rows[0]!, quantity: 24 }], arrays)).toMatch(/hold 20 panels, but the module count is 24/);
  });
  it('asks for the Other text and a quantity', () => {
    const rows = [{ ...emptyRow('inverter'), other: true }, { ...emptyRow('module'), equipment: MOD }];
    expect(rowProblems(rows, ['module', 'inverter'])).toEqual({ inverter: 'Type the manufacturer and model.', module: 'Enter how many.' });
    expect(rowProblems(rows, ['module'])).toEqual({ module: 'Enter how many.' });
  });
});
