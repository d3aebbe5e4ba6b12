import { CONNECTION_TYPES, ROOF_MATERIALS } from '../catalogue/option-lists.data.ts';

/*
 * The roof attachment an array gets (issue 24 finding 2): it follows the roofing and the job's
 * choice (connection_type). Comp shingle: a flashed L-foot or mount lagged into the framing; tile:
 * a tile hook or tile replacement flashing, lagged into the framing; standing-seam metal: seam
 * clamps, no penetration; corrugated / trapezoidal metal: a bracket fastened through the panel;
 * membrane: ballast (with a ballast calculation) or the maker's flashed membrane attachment. A
 * choice that does not fit the roofing is refused with what does fit; no choice takes the roofing's
 * usual attachment.
 */

export const ATTACHMENT_KINDS = ['flashed-lag', 'deck-mount', 'tile-hook', 'tile-replacement', 'seam-clamp', 'metal-bracket', 'membrane-mount', 'ballast'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

export interface AttachmentChoice {
  kind: AttachmentKind;
  /** What PV-2, PV-3 and the letter print after "ATTACHMENT:". */
  name: string;
  /** Fastened into rafters or trusses (the lag withdrawal check applies). */
  intoFraming: boolean;
  /** Penetrates the roofing (flashing and sealing notes apply). */
  penetrating: boolean;
  /** The job's own product ("Other"): sealed per its maker, not by the kind's usual flashing. */
  custom?: boolean;
}

const KIND: Record<AttachmentKind, Omit<AttachmentChoice, 'name' | 'kind'> & { name: string }> = {
  'flashed-lag': { name: 'FLASHED L-FOOT, LAG SCREWED TO RAFTER', intoFraming: true, penetrating: true },
  'deck-mount': { name: 'DECK MOUNT (SHEATHING ONLY)', intoFraming: false, penetrating: true },
  'tile-hook': { name: 'TILE HOOK, LAG SCREWED TO RAFTER', intoFraming: true, penetrating: true },
  'tile-replacement': { name: 'TILE REPLACEMENT FLASHING WITH STANDOFF, LAG SCREWED TO RAFTER', intoFraming: true, penetrating: true },
  'seam-clamp': { name: 'STANDING SEAM CLAMP (NO ROOF PENETRATION)', intoFraming: false, penetrating: false },
  'metal-bracket': { name: 'METAL ROOF BRACKET, FASTENED THROUGH PANEL TO FRAMING', intoFraming: true, penetrating: true },
  'membrane-mount': { name: 'FLASHED MEMBRANE ROOF MOUNT, LAG SCREWED TO FRAMING', intoFraming: true, penetrating: true },
  ballast: { name: 'BALLASTED RACKING (NO ROOF PENETRATION)', intoFraming: false, penetrating: false },
};

/** The job's connection_type values → the attachment kind and its printed name. */
const CONNECTION_KIND: Record<string, { kind: AttachmentKind; name?: string }> = {
  flashed_l_foot: { kind: 'flashed-lag' },
  flashed_mount: { kind: 'flashed-lag', name: 'FLASHED COMP SHINGLE MOUNT, LAG SCREWED TO RAFTER' },
  standoff: { kind: 'flashed-lag', name: 'FLASHED STANDOFF, LAG SCREWED TO RAFTER' },
  hanger_bolt: { kind: 'flashed-lag', name: 'FLASHED HANGER BOLT INTO RAFTER' },
  deck_mount: { kind: 'deck-mount' },
  tile_hook: { kind: 'tile-hook' },
  tile_replacement: { kind: 'tile-replacement' },
  standing_seam_clamp: { kind: 'seam-clamp' },
  metal_roof_bracket: { kind: 'metal-bracket' },
  membrane_mount: { kind: 'membrane-mount' },
  ballasted: { kind: 'ballast' },
};

export type RoofFamily = 'shingle' | 'tile' | 'standing-seam' | 'metal' | 'membrane' | 'other';

export function roofFamilyOf(material: string | null | undefined): RoofFamily {
  const v = (material ?? '').trim().toLowerCase();
  if (/standing_seam|standing seam/.test(v)) return 'standing-seam';
  const item = ROOF_MATERIALS.items.find((m) => m.value === v || m.label.toLowerCase() === v);
  if (item) return item.family === 'metal' ? 'metal' : item.family;
  if (/shingle|shake|rolled/.test(v)) return 'shingle';
  if (/tile|slate/.test(v)) return 'tile';
  if (/metal|corrugated|trapezoidal/.test(v)) return 'metal';
  if (/tpo|epdm|pvc|membrane|bitumen|built.up/.test(v)) return 'membrane';
  return 'other';
}

const FITS: Record<RoofFamily, readonly AttachmentKind[]> = {
  shingle: ['flashed-lag', 'deck-mount'],
  tile: ['tile-hook', 'tile-replacement'],
  'standing-seam': ['seam-clamp'],
  metal: ['metal-bracket'],
  membrane: ['membrane-mount', 'ballast'],
  other: ATTACHMENT_KINDS,
};
const USUAL: Record<RoofFamily, AttachmentKind> = {
  shingle: 'flashed-lag', tile: 'tile-hook', 'standing-seam': 'seam-clamp', metal: 'metal-bracket', membrane: 'membrane-mount', other: 'flashed-lag',
};

const connectionLabel = (v: string) => CONNECTION_TYPES.items.find((c) => c.value === v)?.label ?? v;
const materialLabel = (v: string) => ROOF_MATERIALS.items.find((m) => m.value === v)?.label ?? v.replace(/_/g, ' ');

export type AttachmentResult = { ok: true; attachment: AttachmentChoice } | { ok: false; message: string };

/** The attachment of an array from its roofing and the job's connection type (and its custom text for "other"). */
export function attachmentFor(roofMaterial: string | null | undefined, connectionType: string | null | undefined, customText = ''): AttachmentResult {
  const family = roofFamilyOf(roofMaterial);
  const ct = (connectionType ?? '').trim();
  if (ct === 'ground_mount_post') return { ok: false, message: 'a ground-mount post is not a roof attachment' };
  if (ct === 'other') {
    const name = customText.trim();
    if (!name) return { ok: false, message: 'the connection type is "Other" without its description' };
    const kind = USUAL[family];
    return { ok: true, attachment: { ...KIND[kind], kind, name: name.toUpperCase(), custom: true } };
  }
  const chosen = ct ? CONNECTION_KIND[ct] : { kind: USUAL[family] };
  if (!chosen) return { ok: false, message: `the connection type "${ct}" is not one the plan set draws` };
  if (!FITS[family].includes(chosen.kind)) {
    const fit = [...new Set(FITS[family])].map((k) => KIND[k].name.toLowerCase().replace(/,.*$/, '')).join(' or ');
    return { ok: false, message: `a ${connectionLabel(ct)} does not fit a ${materialLabel(String(roofMaterial ?? ''))} roof: use ${fit}` };
  }
  return { ok: true, attachment: { ...KIND[chosen.kind], kind: chosen.kind, ...(chosen.name ? { name: chosen.name } : {}) } };
}
