import type { NecEdition } from './nec-sections.table.ts';

/**
 * What a label is for, stable across editions (the plan set can key on it while the id and the
 * section follow each edition's numbering).
 */
export type LabelPurpose =
  | 'dc-max-voltage'
  | 'ac-output-rating'
  | 'rapid-shutdown-placard'
  | 'rapid-shutdown-switch'
  | 'backfed-breaker'
  | 'busbar-sum-of-breakers'
  | 'pv-system-disconnect'
  | 'power-source-directory'
  | 'ess-disconnect'
  | 'battery-emergency-disconnect';

export interface LabelSpec {
  /** Report id; follows the section so a label never carries another edition's number. */
  id: string;
  section: string;
  /**
   * 2017 only: 690.56(C)(1) words the placard for the rapid-shutdown type, (a) for systems that shut
   * down the array and the conductors leaving it, (b) for systems that shut down only the conductors
   * leaving the array. The section printed follows the variant.
   */
  sectionOutsideArrayOnly?: string;
  location: string;
}

/**
 * Each label's presence, id, section and location by NEC edition (null: the edition has no such
 * label). Sources: NEC 2017/2020/2023 as summarised in shared/research/planset.md §1.8 —
 * 2023 moved the maximum DC voltage label from 690.53 to 690.7(D), deleted 690.54 (the rating is
 * part of the source equipment's listing), and moved the rapid-shutdown markings from 690.56(C)
 * to 690.12(D). The 705.12 busbar labels keep their wording; their section follows 705.12's
 * numbering in each edition (see nec-sections.table.ts) and is taken from the chosen rule.
 * Label text lines are built in electrical/labels.calc.ts (electricalLabels), also keyed by edition.
 */
export const NEC_LABELS: Readonly<Record<Exclude<LabelPurpose, 'backfed-breaker' | 'busbar-sum-of-breakers'>, Record<NecEdition, LabelSpec | null>>> = {
  'dc-max-voltage': {
    '2017': { id: 'label.690-53', section: '690.53', location: 'DC disconnecting means' },
    '2020': { id: 'label.690-53', section: '690.53', location: 'DC disconnecting means, PV power conversion equipment or associated distribution equipment' },
    '2023': { id: 'label.690-7-d', section: '690.7(D)', location: 'DC disconnecting means, PV power conversion equipment or associated distribution equipment' },
  },
  'ac-output-rating': {
    '2017': { id: 'label.690-54', section: '690.54', location: 'Interactive system point of interconnection' },
    '2020': { id: 'label.690-54', section: '690.54', location: 'Interactive system point of interconnection' },
    '2023': null,
  },
  // 2017: the placard is 690.56(C)(1) "Rapid Shutdown Type", variant (a) or (b). 2020: the placard is
  // 690.56(C) itself; 690.56(C)(1) became "Buildings with More Than One Rapid Shutdown Type" (the
  // roof plan with dotted boundaries) and the switch label moved to 690.56(C)(2). 2023: 690.12(D).
  'rapid-shutdown-placard': {
    '2017': { id: 'label.690-56-c', section: '690.56(C)(1)(a)', sectionOutsideArrayOnly: '690.56(C)(1)(b)', location: 'Service equipment' },
    '2020': { id: 'label.690-56-c', section: '690.56(C)', location: 'Service equipment' },
    '2023': { id: 'label.690-12-d', section: '690.12(D)', location: 'Service equipment' },
  },
  'rapid-shutdown-switch': {
    '2017': { id: 'label.690-56-c-switch', section: '690.56(C)(3)', location: 'Rapid shutdown initiation device' },
    '2020': { id: 'label.690-56-c-switch', section: '690.56(C)(2)', location: 'Rapid shutdown initiation device' },
    '2023': { id: 'label.690-12-d-switch', section: '690.12(D)(2)', location: 'Rapid shutdown initiation device' },
  },
  // 690.13(B): "PV SYSTEM DISCONNECT", and the line/load warning where both sides may be energized
  // open (an AC disconnect of an interactive system: utility on one side, the inverter on the other).
  'pv-system-disconnect': {
    '2017': { id: 'label.690-13-b', section: '690.13(B)', location: 'PV system disconnecting means' },
    '2020': { id: 'label.690-13-b', section: '690.13(B)', location: 'PV system disconnecting means' },
    '2023': { id: 'label.690-13-b', section: '690.13(B)', location: 'PV system disconnecting means' },
  },
  // 705.10: a permanent plaque or directory at each service equipment location denoting every power
  // source (2017: "denoting all electric power sources on or in the premises"); from 2020 it denotes the
  // location of each power source disconnecting means and carries "CAUTION: MULTIPLE SOURCES OF POWER".
  'power-source-directory': {
    '2017': { id: 'label.705-10', section: '705.10', location: 'Service equipment and each power source capable of interconnection' },
    '2020': { id: 'label.705-10', section: '705.10', location: 'Service equipment (or an approved readily visible location)' },
    '2023': { id: 'label.705-10', section: '705.10', location: 'Service equipment (or an approved readily visible location)' },
  },
  // ESS disconnect marking: 2017 706.7(D) (nominal ESS voltage; fault current, clearing time and date
  // except for one- and two-family dwellings); 2020/2023 706.15(C) ("ENERGY STORAGE SYSTEM DISCONNECT",
  // the nominal voltage, and the same dwelling exception for fault current, arc flash and date).
  'ess-disconnect': {
    '2017': { id: 'label.706-7-d', section: '706.7(D)', location: 'ESS disconnecting means' },
    '2020': { id: 'label.706-15-c', section: '706.15(C)', location: 'ESS disconnecting means' },
    '2023': { id: 'label.706-15-c', section: '706.15(C)', location: 'ESS disconnecting means' },
  },
  // Article 480 (storage batteries), one- and two-family dwellings: 2020 480.7(B) "Emergency Disconnect" (new in
  // 2020; 2017 480.7 has (A) disconnecting means within sight, no outside emergency disconnect): a disconnecting
  // means or its remote control for a stationary battery system at a readily accessible location outside the
  // building, labeled "EMERGENCY DISCONNECT" (2020 code text as quoted by electricallicenserenewal.com NEC content
  // 933 and the RE-wrenches list, Jan 2023). 2023: 480.7 was revised and 706.15(B) now words an "emergency shutdown
  // function" for dwellings; the section and the label wording of either could not be confirmed from a source, so
  // no label is printed for 2023 (null here means "not confirmed", not "no requirement").
  'battery-emergency-disconnect': {
    '2017': null,
    '2020': { id: 'label.480-7-b', section: '480.7(B)', location: 'Battery system disconnecting means or its remote control, readily accessible outside the building' },
    '2023': null,
  },
};
