/*
 * Chip groups and group headings of the requirements form, spec §2 exactly. A chip group filters
 * the form; a heading titles a section. The spec names 15 headings for 22 chip groups, so the
 * chip groups without a heading of their own sit under the closest one (README).
 */

export const REQUIREMENT_HEADINGS = [
  'Engineering', 'Electrical', 'Details', 'Labels', 'Paper Space', 'Title Block',
  'PV1', 'PV2', 'PV3', 'PV4', 'PV5', 'Extra Cut Sheets', 'Extra Stamps', 'Custom Sticker',
] as const;
export type RequirementHeading = (typeof REQUIREMENT_HEADINGS)[number];

export interface ChipGroup {
  key: string;
  label: string;
  heading: RequirementHeading;
}

export const CHIP_GROUPS = [
  { key: 'general', label: 'General', heading: 'Details' },
  { key: 'electrical', label: 'Electrical', heading: 'Electrical' },
  { key: 'engineering', label: 'Engineering', heading: 'Engineering' },
  { key: 'ac', label: 'AC', heading: 'Electrical' },
  { key: 'labels', label: 'Labels', heading: 'Labels' },
  { key: 'details', label: 'Details', heading: 'Details' },
  { key: 'paperspace', label: 'Paper Space', heading: 'Paper Space' },
  { key: 'titleBlock', label: 'Title Block', heading: 'Title Block' },
  { key: 'pv1', label: 'PV1', heading: 'PV1' },
  { key: 'pv2', label: 'PV2', heading: 'PV2' },
  { key: 'pv3', label: 'PV3', heading: 'PV3' },
  { key: 'pv4', label: 'PV4', heading: 'PV4' },
  { key: 'pv5', label: 'PV5', heading: 'PV5' },
  { key: 'extraCutSheets', label: 'Extra Cut Sheets', heading: 'Extra Cut Sheets' },
  { key: 'extraStamps', label: 'Extra Stamps', heading: 'Extra Stamps' },
  { key: 'customSticker', label: 'Custom Sticker', heading: 'Custom Sticker' },
  { key: 'wireSize', label: 'Wire Size', heading: 'Electrical' },
  { key: 'acDisconnectModelNumbers', label: 'AC Disconnect Model Numbers', heading: 'Electrical' },
  { key: 'combinerPanelModelNumbers', label: 'Combiner Panel Model Numbers', heading: 'Electrical' },
  { key: 'customApplicableCodes', label: 'Custom Applicable Codes', heading: 'Engineering' },
  { key: 'elevationDetail', label: 'Elevation Detail', heading: 'Details' },
] as const satisfies readonly ChipGroup[];
export type ChipGroupKey = (typeof CHIP_GROUPS)[number]['key'];
