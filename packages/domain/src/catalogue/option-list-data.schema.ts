import { z } from 'zod';
import { RACKING_BRANDS } from '../constants/options.constants.ts';
import type { OptionListKey } from './option-lists.data.ts';

/*
 * The typed extras ("data") of option-list items that carry engineering values (dead loads,
 * member counts, wire areas, …), described once: the API checks a staff write against the
 * schema built from these fields, the staff screen draws one input per field. A list absent here
 * has no extras and takes any data object. Field keys are the item interfaces' of
 * option-lists.data.ts; option-list-data.schema.test.ts keeps both in step with the seed items.
 */

export type OptionDataChoice = { value: string; label: string };

export type OptionDataField = { key: string; label: string; help?: string } & (
  | {
      type: 'number';
      unit?: string;
      /** null is a meaningful value ("not a metal roof", "depends on size"). */
      nullable?: boolean;
      integer?: boolean;
      /** Lower bound; exclusive unless `minInclusive`. */
      min?: number;
      minInclusive?: boolean;
    }
  | { type: 'boolean' }
  | { type: 'choice'; options: readonly OptionDataChoice[] }
  | { type: 'text' }
);

const choices = (...values: string[]): OptionDataChoice[] =>
  values.map((v) => ({ value: v, label: v.charAt(0).toUpperCase() + v.slice(1).replace(/_/g, '-') }));

const deadLoad = (label: string): OptionDataField => ({
  key: 'deadLoadPsf', label, type: 'number', unit: 'psf', min: 0, minInclusive: true,
  help: 'ASCE 7 Table C3.1-1a where it lists the material.',
});

export const OPTION_LIST_DATA_FIELDS: Partial<Record<OptionListKey, readonly OptionDataField[]>> = {
  connection_types: [
    { key: 'intoFraming', label: 'Fastened into framing', type: 'boolean', help: 'Rafter or truss, not only the deck: the structural letter checks withdrawal on framing only.' },
  ],
  gypsum_types: [deadLoad('Ceiling dead load')],
  roof_materials: [
    { key: 'family', label: 'Family', type: 'choice', options: choices('shingle', 'tile', 'metal', 'membrane', 'other'), help: 'Narrows the attachments offered.' },
    { key: 'gauge', label: 'Gauge', type: 'number', nullable: true, integer: true, min: 0, help: 'Sheet steel gauge of a metal roof; empty otherwise.' },
    { key: 'thicknessIn', label: 'Thickness', type: 'number', unit: 'in', nullable: true, min: 0 },
    deadLoad('Dead load'),
  ],
  material_grades: [
    { key: 'species', label: 'Species', type: 'text' },
    { key: 'grade', label: 'Grade', type: 'text' },
    { key: 'fbPsi', label: 'Bending value Fb', type: 'number', unit: 'psi', nullable: true, min: 0, help: 'NDS Supplement, 2x4; empty where it depends on size.' },
    { key: 'ePsi', label: 'Modulus of elasticity E', type: 'number', unit: 'psi', nullable: true, min: 0 },
  ],
  beam_shapes: [
    { key: 'kind', label: 'Kind', type: 'choice', options: [
      { value: 'truss', label: 'Truss' }, { value: 'sawn', label: 'Sawn lumber' }, { value: 'i_joist', label: 'I-joist' }, { value: 'custom', label: 'Custom' },
    ] },
    { key: 'widthIn', label: 'Width', type: 'number', unit: 'in', nullable: true, min: 0 },
    { key: 'depthIn', label: 'Depth', type: 'number', unit: 'in', nullable: true, min: 0, help: 'Actual dressed size; empty where it varies by product.' },
  ],
  racking_brands: [{ key: 'recommended', label: 'Recommended brand', type: 'boolean' }],
  racking_types: [
    { key: 'brand', label: 'Brand', type: 'choice', options: RACKING_BRANDS.map((b) => ({ value: b, label: b })) },
    { key: 'railless', label: 'Rail-less', type: 'boolean' },
  ],
  inverter_types: [
    { key: 'moduleLevel', label: 'Module-level (micro)', type: 'boolean', help: 'The AC side is a branch circuit, not a string.' },
  ],
  ac_disconnect_types: [
    { key: 'fused', label: 'Fused', type: 'boolean' },
    { key: 'ampRating', label: 'Amp rating', type: 'number', unit: 'A', integer: true, min: 0 },
  ],
  wire_sizes: [
    { key: 'areaCmil', label: 'Conductor area', type: 'number', unit: 'cmil', min: 0, help: 'NEC Chapter 9 Table 8.' },
  ],
  truss_types: [
    { key: 'memberCount', label: 'Members', type: 'number', integer: true, min: 0, minInclusive: true, help: 'In one 2-D frame; 0 = drawn in the truss builder.' },
    { key: 'kingPost', label: 'King post', type: 'boolean' },
    { key: 'truss', label: 'Triangulated truss', type: 'boolean', help: 'Off: rafter framing analysed as beams.' },
  ],
};

export function optionDataFieldsOf(key: string): readonly OptionDataField[] {
  return OPTION_LIST_DATA_FIELDS[key as OptionListKey] ?? [];
}

function fieldSchema(f: OptionDataField): z.ZodType {
  switch (f.type) {
    case 'number': {
      let n = z.number();
      if (f.integer) n = n.int();
      if (f.min !== undefined) n = f.minInclusive ? n.min(f.min) : n.gt(f.min);
      n = n.max(1e12);
      return f.nullable ? n.nullable() : n;
    }
    case 'boolean':
      return z.boolean();
    case 'choice':
      return z.enum(f.options.map((o) => o.value) as [string, ...string[]]);
    case 'text':
      return z.string().trim().min(1).max(200);
  }
}

const ZAnyData = z.record(z.string(), z.unknown());
const SCHEMAS = new Map<string, z.ZodType<Record<string, unknown>>>(
  Object.entries(OPTION_LIST_DATA_FIELDS).map(([key, fields]) => [
    key,
    z.object(Object.fromEntries(fields!.map((f) => [f.key, fieldSchema(f)]))).strict() as z.ZodType<Record<string, unknown>>,
  ]),
);

/**
 * The `data` of an item of list `key`: every declared field present (null only where the field
 * allows it) and no other key, so a new roof material cannot miss its dead load. Lists without
 * declared fields take any object.
 */
export function optionItemDataSchema(key: string): z.ZodType<Record<string, unknown>> {
  return SCHEMAS.get(key) ?? ZAnyData;
}
