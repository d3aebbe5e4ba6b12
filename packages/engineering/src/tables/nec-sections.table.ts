export type NecEdition = '2017' | '2020' | '2023';

/**
 * Where each rule lives in each NEC edition. The 2020 edition renumbered Article 310 (new 311)
 * and moved supply-side connections to 705.11; 2023 restructured 705.12(B).
 */
export const NEC_SECTIONS = {
  maxVoltage: { '2017': '690.7(A)', '2020': '690.7(A)', '2023': '690.7(A)' },
  maxVoltageCoefficient: { '2017': '690.7(A)(1)', '2020': '690.7(A)(1)', '2023': '690.7(A)(1)' },
  maxVoltageTable: { '2017': '690.7(A)(2), Table 690.7(A)', '2020': '690.7(A)(2), Table 690.7(A)', '2023': '690.7(A)(2), Table 690.7(A)' },
  converterVoltage: { '2017': '690.7(B)', '2020': '690.7(B)', '2023': '690.7(B)' },
  sourceCurrent: { '2017': '690.8(A)(1)', '2020': '690.8(A)(1)', '2023': '690.8(A)(1)' },
  converterCurrent: { '2017': '690.8(A)(5)', '2020': '690.8(A)(1)', '2023': '690.8(A)(1)' },
  inverterOutputCurrent: { '2017': '690.8(A)(3)', '2020': '705.28(A)', '2023': '705.28(A)' },
  conductorAmpacityDc: { '2017': '690.8(B)', '2020': '690.8(B)', '2023': '690.8(B)' },
  conductorAmpacityAc: { '2017': '690.8(B)', '2020': '705.28(B)', '2023': '705.28(B)' },
  ocpdDc: { '2017': '690.9(B)', '2020': '690.9(B)', '2023': '690.9(B)' },
  ocpdAc: { '2017': '690.9(B)', '2020': '705.30(B)', '2023': '705.30(B)' },
  ocpdNotRequired: { '2017': '690.9(A)', '2020': '690.9(A)', '2023': '690.9(A)' },
  ampacityTable: { '2017': 'Table 310.15(B)(16)', '2020': 'Table 310.16', '2023': 'Table 310.16' },
  ampacityFreeAirTable: { '2017': 'Table 310.15(B)(17)', '2020': 'Table 310.17', '2023': 'Table 310.17' },
  ambientCorrection: { '2017': 'Table 310.15(B)(2)(a)', '2020': 'Table 310.15(B)(1)', '2023': 'Table 310.15(B)(1)(1)' },
  rooftopAdder: { '2017': '310.15(B)(3)(c)', '2020': '310.15(B)(2)', '2023': '310.15(B)(2)' },
  cccAdjustment: { '2017': 'Table 310.15(B)(3)(a)', '2020': 'Table 310.15(C)(1)', '2023': 'Table 310.15(C)(1)' },
  neutralNotCounted: { '2017': '310.15(B)(5)(a)', '2020': '310.15(E)(1)', '2023': '310.15(E)(1)' },
  terminals: { '2017': '110.14(C)(1)', '2020': '110.14(C)(1)', '2023': '110.14(C)(1)' },
  smallConductor: { '2017': '240.4(D)', '2020': '240.4(D)', '2023': '240.4(D)' },
  nextSizeUp: { '2017': '240.4(B)', '2020': '240.4(B)', '2023': '240.4(B)' },
  standardRatings: { '2017': '240.6(A)', '2020': '240.6(A)', '2023': '240.6(A)' },
  egc: { '2017': '250.122, 690.45', '2020': '250.122, 690.45', '2023': '250.122, 690.45' },
  egcIncrease: { '2017': '250.122(B)', '2020': '250.122(B)', '2023': '250.122(B)' },
  exposedWiring: { '2017': '690.31(C)(1)', '2020': '690.31(C)(1)', '2023': '690.31(C)(1)' },
  conduitFill: { '2017': 'Chapter 9, Tables 1, 4, 5', '2020': 'Chapter 9, Tables 1, 4, 5', '2023': 'Chapter 9, Tables 1, 4, 5' },
  voltageDrop: { '2017': 'Chapter 9, Table 8; 210.19(A) Informational Note', '2020': 'Chapter 9, Table 8; 210.19(A) Informational Note', '2023': 'Chapter 9, Table 8; 210.19 Informational Note' },
  supplySide: { '2017': '705.12(A)', '2020': '705.11', '2023': '705.11' },
  // The supply-side rating rule: 2017 compares the sources' OCPD ratings with the service rating;
  // from 2020 705.11(A) compares their continuous output currents with the service conductors' ampacity.
  supplySideRating: { '2017': '705.12(A)', '2020': '705.11(A)', '2023': '705.11(A)' },
  supplySideConductor: { '2017': '705.12(A)', '2020': '705.11(B)', '2023': '705.11(B)' },
  loadSideFeeder: { '2017': '705.12(B)(2)(1)', '2020': '705.12(B)(1)', '2023': '705.12(A)' },
  busbar100: { '2017': '705.12(B)(2)(3)(a)', '2020': '705.12(B)(3)(1)', '2023': '705.12(B)(1)' },
  busbar120: { '2017': '705.12(B)(2)(3)(b)', '2020': '705.12(B)(3)(2)', '2023': '705.12(B)(2)' },
  busbarSum: { '2017': '705.12(B)(2)(3)(c)', '2020': '705.12(B)(3)(3)', '2023': '705.12(B)(3)' },
  busbarCenterFed: { '2017': '705.12(B)(2)(3)(d)', '2020': '705.12(B)(3)(4)', '2023': '705.12(B)(4)' },
  rapidShutdown: { '2017': '690.12(B)', '2020': '690.12(B)', '2023': '690.12(B)' },
  // Labels: 2023 moved the DC voltage label into 690.7(D), deleted 690.54 (see NEC_LABELS for
  // presence) and moved the rapid-shutdown markings from 690.56(C) to 690.12(D).
  labelDcSource: { '2017': '690.53', '2020': '690.53', '2023': '690.7(D)' },
  labelInterconnection: { '2017': '690.54', '2020': '690.54', '2023': '(deleted in 2023)' },
  labelRapidShutdown: { '2017': '690.56(C)(1)', '2020': '690.56(C)', '2023': '690.12(D)' },
  // Buildings with more than one rapid-shutdown type, or a PV system with none: a plan view of the roof
  // showing each system, dashed around what stays energized (2017 (C)(2); 2020 renumbered it (C)(1); 2023 under 690.12(D)).
  // Checked 2026-11-28 against the public sources found (no code book text was reachable): they agree that 2017/2020
  // mark under 690.56(C) and 2023 under 690.12(D) (printproaz "Rapid shutdown labels: NEC 2017 vs 2020 vs 2023"),
  // and put the switch label at 690.12(D)(2) in 2023 (solarpermitsolutions "Solar PV labeling requirements"), which
  // leaves (D)(1) to the more-than-one-type plan view as in 2020's (C)(1)/(C)(2); none states the (C)(2)/(C)(1)/(D)(1)
  // numbers of this rule directly, so they stay to be confirmed against the adopted code book.
  labelRapidShutdownMoreThanOneType: { '2017': '690.56(C)(2)', '2020': '690.56(C)(1)', '2023': '690.12(D)(1)' },
  labelRapidShutdownSwitch: { '2017': '690.56(C)(3)', '2020': '690.56(C)(2)', '2023': '690.12(D)(2)' },
  stranding: { '2017': '310.106(C)', '2020': '310.3(C)', '2023': '310.3(C)' },
  ocpdRequired: { '2017': '690.9(A)', '2020': '690.9(A)', '2023': '690.9(A)' },
  ocpdRating: { '2017': '690.9(B)', '2020': '690.9(B)', '2023': '690.9(B)' },
  moduleLevelInput: { '2017': '690.7(A); 110.3(B)', '2020': '690.7(A); 110.3(B)', '2023': '690.7(A); 110.3(B)' },
  serviceDisconnectMinimum: { '2017': '230.79', '2020': '230.79', '2023': '230.79' },
  // Energy storage (Article 706, new in 2017; reorganised in 2020: disconnect 706.7 → 706.15, circuit
  // sizing 706.20 → 706.30, overcurrent protection 706.21 → 706.31).
  essCircuitCurrent: { '2017': '706.20(A)', '2020': '706.30(A)', '2023': '706.30(A)' },
  essConductor: { '2017': '706.20(B)', '2020': '706.30(B)', '2023': '706.30(B)' },
  essOcpd: { '2017': '706.21(B)', '2020': '706.31(B)', '2023': '706.31(B)' },
  essDisconnect: { '2017': '706.7(A)', '2020': '706.15(A)', '2023': '706.15(A)' },
  essDisconnectMarking: { '2017': '706.7(D)', '2020': '706.15(C)', '2023': '706.15(C)' },
  // Optional standby (Article 702): capacity with automatic transfer, 702.4(B)(2) until 2020, 702.4(A)(2) in 2023.
  standbyCapacity: { '2017': '702.4(B)(2)', '2020': '702.4(B)(2)', '2023': '702.4(A)(2)' },
  transferEquipment: { '2017': '702.5', '2020': '702.5', '2023': '702.5' },
  powerSourceDirectory: { '2017': '705.10', '2020': '705.10', '2023': '705.10' },
  microBranch: { '2017': '690.8(A)(3), 110.3(B)', '2020': '705.28(A), 110.3(B)', '2023': '705.28(A), 110.3(B)' },
} as const satisfies Record<string, Record<NecEdition, string>>;

export type NecRule = keyof typeof NEC_SECTIONS;

export function necSection(rule: NecRule, edition: NecEdition): string {
  return NEC_SECTIONS[rule][edition];
}

/** 2023 renamed the "PV source circuit" to the "PV string circuit" (690.2). */
export function sourceCircuitName(edition: NecEdition): string {
  return edition === '2023' ? 'PV string circuit' : 'PV source circuit';
}
