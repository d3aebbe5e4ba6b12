import { describe, expect, it } from 'vitest';
import { createCadIntake } from './cad-intake.schema.ts';
import { CAD_FIELDS_FROM_EQUIPMENT, arraysWithModuleType, cadIntakeWithEquipment } from './job-equipment.rules.ts';
import { defaultJobIntake, jobIntakeBody } from './job-intake.schema.ts';

describe('cadIntakeWithEquipment: the lines are the one source of the CAD form\'s equipment', () => {
  it('gives a catalogue model\'s type, Other with its text, the counts, and the flags of the lines', () => {
    const cad = cadIntakeWithEquipment(createCadIntake({ module_count: 99, battery_type: 'lfp', battery_count: 2, needs_battery_info: true }), [
      { kind: 'module', custom_model: '', quantity: 20, type: 'mono_perc' },
      { kind: 'inverter', custom_model: 'Hoymiles HMS-2000', quantity: 5, type: null },
      { kind: 'optimizer', custom_model: '', quantity: 20, type: 'dc_optimizer' },
    ]);
    expect(cad).toMatchObject({
      module_type: 'mono_perc', custom_module_type: '', module_count: 20,
      inverter_type: 'Other', custom_inverter_type: 'Hoymiles HMS-2000', inverter_count: 5,
      optimizer_type: 'dc_optimizer', optimizer_count: 20, needs_optimizer: true,
      // No battery line: its fields are cleared; the flag is the client's to turn off.
      battery_type: '', battery_count: null, needs_battery_info: true,
      mci: '', mci_count: null, needs_mci: false,
    });
  });
});

describe('jobIntakeBody', () => {
  it('leaves the equipment fields out of the CAD form it sends (the lines give them)', () => {
    const body = jobIntakeBody(defaultJobIntake());
    for (const k of CAD_FIELDS_FROM_EQUIPMENT) expect(body.cad_intake).not.toHaveProperty(k);
    expect(body.cad_intake).toHaveProperty('cad_notes');
  });
});

describe('arraysWithModuleType (issue 29, item 11: the module model sets the technology)', () => {
  it('sets every array to the model\'s type and says whether anything differed', () => {
    const arrays = [{ module_type: 'poly', panel_quantity: 4 }, { module_type: null, panel_quantity: 2 }];
    expect(arraysWithModuleType(arrays, 'mono_perc')).toEqual({
      arrays: [{ module_type: 'mono_perc', panel_quantity: 4 }, { module_type: 'mono_perc', panel_quantity: 2 }], changed: true,
    });
    expect(arraysWithModuleType([{ module_type: 'mono_perc' }], 'mono_perc')).toEqual({ arrays: [{ module_type: 'mono_perc' }], changed: false });
  });
  it('leaves the arrays as given without a model type (none, Other, or a model without one)', () => {
    expect(arraysWithModuleType([{ module_type: 'poly' }], null)).toEqual({ arrays: [{ module_type: 'poly' }], changed: false });
    expect(arraysWithModuleType([{ module_type: 'poly' }], '')).toEqual({ arrays: [{ module_type: 'poly' }], changed: false });
  });
});
