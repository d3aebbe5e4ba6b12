import { describe, expect, it } from 'vitest';
import { ZEquipment, type EquipmentKind } from '@sunstamp/domain/catalogue/equipment.schema';
import { SEED_EQUIPMENT } from '@sunstamp/domain/catalogue/equipment.data';
import { EQUIPMENT_KINDS, ZEquipmentBody, ZEquipmentPatch, equipmentDataSchema } from '@sunstamp/domain/contracts/catalogue';
import {
  buildEquipmentData, COMMON_DATA_KEYS, EQUIPMENT_FIELDS, EQUIPMENT_KIND_SINGULAR, equipmentFormData, equipmentFormSchema, otherDataKeys,
} from './equipment-form.rules.ts';
import { bodyResolver, catalogueZodMessage, issueField } from './catalogue-form.rules.ts';

const IDENTITY = new Set(['id', 'kind', 'manufacturer', 'model', 'type', ...COMMON_DATA_KEYS]);

describe('equipment dialog fields', () => {
  it.each(ZEquipment.options.map((s) => [s.shape.kind.value, s] as const))('%s: one input per schema field, no more', (kind, schema) => {
    const schemaKeys = Object.keys(schema.shape).filter((k) => !IDENTITY.has(k)).sort();
    expect(EQUIPMENT_FIELDS[kind as EquipmentKind].map((f) => f.key).sort()).toEqual(schemaKeys);
    expect(EQUIPMENT_KIND_SINGULAR[kind as EquipmentKind]).toBeTruthy();
  });

  it('every seed item survives the dialog unchanged (form → data is the identity when nothing is edited)', () => {
    for (const e of SEED_EQUIPMENT) {
      const { id: _id, kind, manufacturer: _m, model: _mo, type: _t, ...data } = e as unknown as Record<string, unknown> & { kind: EquipmentKind };
      expect(buildEquipmentData(kind, equipmentFormData(kind, data), data), String(e.model)).toEqual(data);
      expect(equipmentDataSchema(kind).safeParse(data).success).toBe(true);
    }
  });

  it('keeps imported keys, writes edits, removes an emptied value, keeps a meaningful null', () => {
    const original = { acPowerW: 7600, mpptMinV: null, weightKg: 30, sam: { c0: -1e-6 }, maxContinuousOutputCurrentDerived: true };
    const form = equipmentFormData('inverter', original);
    expect(form).toMatchObject({ acPowerW: 7600, mpptMinV: null, weightKg: 30, nominalVoltageV: null, notes: '', source: { document: '', url: '' } });
    const out = buildEquipmentData('inverter', { ...form, acPowerW: 7700, weightKg: null, nominalVoltageV: 240, notes: '  Needs 3R box  ' }, original);
    expect(out).toEqual({ acPowerW: 7700, nominalVoltageV: 240, mpptMinV: null, sam: { c0: -1e-6 }, maxContinuousOutputCurrentDerived: true, notes: 'Needs 3R box' });
    expect(otherDataKeys({ kind: 'inverter', data: out })).toEqual(['sam', 'maxContinuousOutputCurrentDerived']);
  });

  it('sends a datasheet only when one of its two inputs is filled; the schema then wants both', () => {
    const form = equipmentFormData('module');
    expect(buildEquipmentData('module', form)).toEqual({});
    const half = buildEquipmentData('module', { ...form, source: { document: 'Datasheet rev 3', url: ' ' } });
    expect(half.source).toEqual({ document: 'Datasheet rev 3', url: '' });
    expect(equipmentDataSchema('module').safeParse(half).success).toBe(false);
  });
});

describe('catalogue form messages', () => {
  it.each([
    [{ code: 'too_small', origin: 'number', minimum: 0, inclusive: false }, 'Must be more than 0.'],
    [{ code: 'too_small', origin: 'number', minimum: 0, inclusive: true }, 'Must be at least 0.'],
    [{ code: 'too_big', origin: 'number', maximum: 0, inclusive: true }, 'Must be zero or negative.'],
    [{ code: 'too_big', origin: 'number', maximum: 300, inclusive: true }, 'Must be at most 300.'],
    [{ code: 'invalid_type', expected: 'int', input: 2.5 }, 'Must be a whole number.'],
    [{ code: 'invalid_type', expected: 'number', input: null }, 'This field is required.'],
    [{ code: 'invalid_format', format: 'url' }, expect.stringMatching(/full web address/)],
  ])('%j → %s', (issue, message) => {
    expect(catalogueZodMessage(issue)).toEqual(message);
  });

  it('names the field of an issue as the form does', () => {
    expect(issueField({ code: 'too_small', path: ['data', 'pmaxW'] })).toBe('data.pmaxW');
    expect(issueField({ code: 'unrecognized_keys', path: ['data'], keys: ['colour'] })).toBe('data.colour');
    expect(issueField({ code: 'custom', path: [] })).toBe('root.server');
  });

  it('the resolver checks the body built from the form with the shared schema and nests the errors', async () => {
    type Form = { manufacturer: string; model: string; data: ReturnType<typeof equipmentFormData> };
    const resolver = bodyResolver(equipmentFormSchema('module'), (v: Form) => ({ manufacturer: v.manufacturer, model: v.model, data: buildEquipmentData('module', v.data) }));
    const opts = { fields: {}, shouldUseNativeValidation: false } as never;
    const bad = await resolver({ manufacturer: '', model: 'X', data: { ...equipmentFormData('module'), pmaxW: -5, tempCoeffVocPctPerC: 0.3, cellCount: 60.5 } }, undefined, opts);
    expect(bad.errors).toMatchObject({
      manufacturer: { message: 'This field is required.' },
      data: { pmaxW: { message: 'Must be more than 0.' }, tempCoeffVocPctPerC: { message: 'Must be zero or negative.' }, cellCount: { message: 'Must be a whole number.' } },
    });
    const good = await resolver({ manufacturer: 'Q', model: 'X', data: { ...equipmentFormData('module'), pmaxW: 405 } }, undefined, opts);
    expect(good.errors).toEqual({});
    expect(good.values).toMatchObject({ manufacturer: 'Q', data: { pmaxW: 405 } });
    expect(ZEquipmentBody.safeParse({ kind: 'module', ...good.values }).success).toBe(true);
    expect(ZEquipmentPatch.safeParse(good.values).success).toBe(true);
  });

  it('labels every kind', () => {
    for (const k of EQUIPMENT_KINDS) expect(EQUIPMENT_FIELDS[k].length).toBeGreaterThan(0);
  });
});
