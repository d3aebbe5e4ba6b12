import type { AcDisconnect, Battery, Equipment, Inverter, Mci, MicrogridController, Module, Optimizer, ProductionMeter, Racking } from './equipment.schema.ts';

/*
 * Seed equipment, values transcribed from the manufacturers' public datasheets named in each
 * `source` (facts only). Datasheets are revised: an engineer checks the current revision before a
 * set is stamped, and an admin edits the catalogue in the app.
 *
 * Cross-check (2026-11-21). Each item's `source.document` ends with what was checked, against what,
 * and what was not ("Cross-checked …" / "Not cross-checked …"); the schema has no separate field for
 * it because the catalogue dialog round-trips `source` as { document, url } only.
 * - 22 of the 30 items were compared field by field with a second public source, fully or in part:
 *   the two Qcells modules (STC values, cells, Voc coefficient) against the CEC PV module list as
 *   carried in NREL SAM's library (CEC Modules.csv, 2023.10.31); the seven Enphase, SolarEdge,
 *   Fronius and SMA inverters' AC power, nominal voltage, DC/MPPT voltages against the CEC inverter
 *   lists (shared/data/cec 2019-03-05; SAM's CEC Inverters.csv 2023); SolarEdge S440/S500 and Tigo
 *   TS4-A-O against copies of the manufacturers' data sheets; Powerwall 3 and Powerwall 2 against
 *   Tesla's published specifications (energylibrary.tesla.com, data-sheet copies) and installer
 *   pages; the eight Square D / Eaton disconnects against the manufacturers' catalogue-number keys.
 * - 8 items have no second source here and are as transcribed: Canadian Solar CS6R-410MS (the CEC
 *   list carries only the CS6R-410MS-HL variant), APsystems DS3-S, Enphase IQ Battery 5P, Tesla
 *   MCI-2, Enphase IQ System Controller 3, Tesla Backup Gateway 2, Itron CENTRON C1SR, Enphase IQ
 *   Gateway.
 * - Corrected: Q.TRON BLK M-G2+ 425 Voc coefficient -0.26 → -0.245 %/°C (CEC); S440 and S500 size
 *   and weight added (were null). Disagreements left as the datasheet has them, for a datasheet
 *   check before use, are in the items' `notes` (IQ8PLUS MPPT minimum, Primo 7.6-1 DC voltages,
 *   Sunny Boy 7.7 AC power).
 */

/** Public lists used for the cross-check (see the header). */
const CEC_MODULES = "CEC PV module list as carried in NREL SAM's CEC Modules.csv 2023.10.31 (github.com/NREL/SAM, deploy/libraries)";
const CEC_INVERTERS_2019 = 'CEC inverter list 2019-03-05 (SAM format, shared/data/cec)';
const CEC_INVERTERS_2023 = "CEC inverter list as carried in NREL SAM's CEC Inverters.csv (2023, github.com/NREL/SAM deploy/libraries)";

const ENPHASE_IQ8_DS = 'Enphase IQ8 Series Microinverters data sheet (IQ8SE-DS, 2022)';
const ENPHASE_IQ8_URL = 'https://enphase.com/installers/microinverters/commercial/iq8';
const SOLAREDGE_HD_DS = 'SolarEdge Home Wave Inverter with HD-Wave Technology for North America data sheet';
const SOLAREDGE_HD_URL = 'https://www.solaredge.com/us/products/residential/inverters';
const SOLAREDGE_S = {
  document: 'SolarEdge Power Optimizer S440 / S500 for North America data sheet. Cross-checked 2026-11-21, every field, against '
    + 'copies of the SolarEdge data sheets "Power Optimizer For North America S440" (manualshelf.com) and "Power Optimizer for '
    + 'Residential Installations S440, S500, S500B" (manuals.plus): all agree; size 129 × 155 × 30 mm and 655 g added from them. Maximum output voltage 60 Vdc (S440 and S500; 80 Vdc is the '
    + 'S500B\'s) added 2026-11-27 from the same two copies ("Output during operation").',
  url: 'https://www.solaredge.com/us/products/residential/power-optimizers',
};
const QCELLS_TRON = {
  document: 'Qcells Q.TRON BLK M-G2+ series 405-430 data sheet (2024-03). Cross-checked 2026-11-21 against the ' + CEC_MODULES
    + ' (row "Hanwha Q CELLS Q.TRON BLK M-G2+ 425"): Isc 13.66, Imp 12.98, Voc 39.0, Vmp 32.7 (agree to the list\'s 0.1 V), 54 cells '
    + 'in series (108 half cells) agree; Voc coefficient corrected -0.26 → -0.245 %/°C (list β -0.09555 V/K ÷ 39.0 V). Not '
    + 'cross-checked: Pmax coefficient (the list\'s γ -0.314 differs from the seed\'s -0.30 and was not taken for the data sheet\'s), max system voltage, series fuse, size, weight.',
  url: 'https://www.qcells.com/us/get-started/solar-panels',
};
const QCELLS_G10 = {
  document: 'Qcells Q.PEAK DUO BLK ML-G10+ series 385-410 data sheet. Cross-checked 2026-11-21 against the ' + CEC_MODULES
    + ' (row "Hanwha Q CELLS Q.PEAK DUO BLK ML-G10+ 400"): Isc 11.14, Imp 10.77, Voc 45.3, Vmp 37.1, 66 cells in series (132 half '
    + 'cells), Voc coefficient -0.27 %/°C (β -0.12231 V/K ÷ 45.3 V) agree. Not cross-checked: Pmax coefficient (the list\'s '
    + 'γ -0.362 differs from the seed\'s -0.34 and was not taken for the data sheet\'s), max system voltage, series fuse, size, weight.',
  url: 'https://www.qcells.com/us/get-started/solar-panels',
};
const CS_HIKU6 = {
  document: 'Canadian Solar HiKu6 Mono CS6R-MS 390-410 W data sheet. Not cross-checked: the ' + CEC_MODULES + ' carries only the '
    + 'CS6R-410MS-HL variant (Isc 14.01, Voc 37.2, Imp 13.15, Vmp 31.2), a different model; values are as transcribed.',
  url: 'https://www.canadiansolar.com/hiku/',
};
const SQUARE_D = {
  document: 'Square D General Duty Safety Switches catalogue (Class 3110). Cross-checked 2026-11-21: fusing, poles, 240 V rating, '
    + 'ampere rating and NEMA 3R enclosure decoded from the catalogue-number key (D = general duty fusible, DU = not fusible; '
    + 'poles; 2 = 240 Vac; 1/2/3/4 = 30/60/100/200 A; N = neutral; RB = NEMA 3R) in Square D Enclosed Safety Switches Class 3100 '
    + 'catalogue 3100CT9801 (copy on usermanual.wiki): all agree.',
  url: 'https://www.se.com/us/en/product-range/7203-general-duty-safety-switches/',
};
const EATON_DG = {
  document: 'Eaton General Duty Safety Switches catalogue. Cross-checked 2026-11-21: fusing, poles, 240 V rating, 60 A and NEMA 3R '
    + 'decoded from the catalogue-number selection key (DG = general duty cartridge fuse; 2-pole; 2 = 240 Vac; 2 = 60 A; N = fusible '
    + 'with neutral, U = non-fusible; R = NEMA 3R; B = 30-100 A design) in Eaton Switching Devices Vol. 2 Tab 1 (copy on '
    + 'studylib.net): both agree.',
  url: 'https://www.eaton.com/us/en-us/catalog/low-voltage-power-distribution-controls-systems/general-duty-safety-switches.html',
};

const module = (m: Omit<Module, 'kind'>): Module => ({ kind: 'module', ...m });
const inverter = (i: Omit<Inverter, 'kind' | 'lengthMm' | 'widthMm' | 'depthMm' | 'weightKg'> & Partial<Pick<Inverter, 'lengthMm' | 'widthMm' | 'depthMm' | 'weightKg'>>): Inverter =>
  ({ kind: 'inverter', lengthMm: null, widthMm: null, depthMm: null, weightKg: null, ...i });
const noDims = { lengthMm: null, widthMm: null, depthMm: null, weightKg: null };
const noWallMount = { wallMountFasteners: null, wallMountTopRowFasteners: null, wallMountRowSpacingIn: null, wallMountLagDiameterIn: null, wallMountThreadPenetrationIn: null, wallMountLagZLb: null };
/**
 * Powerwall 2 and 3 installation manuals (North America), bracket anchoring into wood studs: "at
 * least four (one in each corner) ¼ inch wood screws with washers, of sufficient length for at
 * least 2-½ inch embedment into the studs". Not published there: the vertical distance between the
 * bracket's screw rows and a lateral design value; they stay empty (the letter asks for them).
 */
const TESLA_WALL_MOUNT = { wallMountFasteners: 4, wallMountTopRowFasteners: 2, wallMountRowSpacingIn: null, wallMountLagDiameterIn: 0.25, wallMountThreadPenetrationIn: 2.5, wallMountLagZLb: null };
const TESLA_WALL_MOUNT_NOTE = 'Wall mounting (4 screws of 1/4 in, one in each corner, 2-1/2 in into the studs) from the installation manual\'s anchoring details; '
  + 'the bracket\'s row spacing and the lateral design value Z are not published there: enter them from the bracket drawing and NDS Table 12K before a wall-mounted battery letter. '
  + 'Tesla calls them wood screws: the letter checks lag screws (NDS 12.2.1), so confirm the fastener.';
const noGround = { groundRackingWeightPsf: null, postAllowableUpliftLb: null, postAllowableCompressionLb: null, postAllowableLateralLb: null };

export const SEED_MODULES: Module[] = [
  module({
    id: 'qcells-q-tron-blk-m-g2-plus-425', manufacturer: 'Qcells', model: 'Q.TRON BLK M-G2+ 425', type: 'mono_topcon',
    pmaxW: 425, vocV: 39.03, iscA: 13.66, vmpV: 32.74, impA: 12.98, tempCoeffVocPctPerC: -0.245, tempCoeffPmaxPctPerC: -0.3,
    cellCount: 108, maxSystemVoltageV: 1000, maxSeriesFuseA: 25, lengthMm: 1722, widthMm: 1134, depthMm: 30, weightKg: 21.1,
    source: QCELLS_TRON,
  }),
  module({
    id: 'qcells-q-peak-duo-blk-ml-g10-plus-400', manufacturer: 'Qcells', model: 'Q.PEAK DUO BLK ML-G10+ 400', type: 'mono_perc',
    pmaxW: 400, vocV: 45.3, iscA: 11.14, vmpV: 37.13, impA: 10.77, tempCoeffVocPctPerC: -0.27, tempCoeffPmaxPctPerC: -0.34,
    cellCount: 132, maxSystemVoltageV: 1000, maxSeriesFuseA: 20, lengthMm: 1879, widthMm: 1045, depthMm: 32, weightKg: 22,
    source: QCELLS_G10,
  }),
  module({
    id: 'canadian-solar-cs6r-410ms', manufacturer: 'Canadian Solar', model: 'HiKu6 CS6R-410MS', type: 'mono_perc',
    pmaxW: 410, vocV: 37, iscA: 14.03, vmpV: 31, impA: 13.23, tempCoeffVocPctPerC: -0.26, tempCoeffPmaxPctPerC: -0.34,
    cellCount: 108, maxSystemVoltageV: 1000, maxSeriesFuseA: 25, lengthMm: 1722, widthMm: 1134, depthMm: 30, weightKg: 21.3,
    source: CS_HIKU6,
  }),
];

export const SEED_INVERTERS: Inverter[] = [
  inverter({
    id: 'enphase-iq8plus-72-2-us', manufacturer: 'Enphase', model: 'IQ8PLUS-72-2-US', type: 'Microinverter',
    acPowerW: 290, maxContinuousOutputCurrentA: 1.21, nominalVoltageV: 240, maxDcVoltageV: 60, mpptMinV: 27, mpptMaxV: 45,
    maxInputCurrentA: 10, mpptCount: 1, weightKg: 1.08,
    source: {
      document: ENPHASE_IQ8_DS + '. Cross-checked 2026-11-21 against the ' + CEC_INVERTERS_2023 + ' (row "IQ8PLUS-72-2-US [240V]"): '
        + '240 V and MPPT maximum 45 V agree; the list has MPPT minimum 29 V (seed 27 V) and Paco 298 W (seed 290 W, the data sheet\'s '
        + 'continuous rating), both left as the data sheet has them. Not cross-checked: max DC voltage, input current, output current, weight.',
      url: ENPHASE_IQ8_URL,
    },
    notes: 'The CEC inverter list gives an MPPT window of 29-45 V for this model; confirm the minimum against the current data sheet.',
  }),
  inverter({
    id: 'enphase-iq8m-72-2-us', manufacturer: 'Enphase', model: 'IQ8M-72-2-US', type: 'Microinverter',
    acPowerW: 325, maxContinuousOutputCurrentA: 1.35, nominalVoltageV: 240, maxDcVoltageV: 60, mpptMinV: 33, mpptMaxV: 45,
    maxInputCurrentA: 12, mpptCount: 1, weightKg: 1.08,
    source: {
      document: ENPHASE_IQ8_DS + '. Cross-checked 2026-11-21 against the ' + CEC_INVERTERS_2023 + ' (row "IQ8M-72-2-US [240V]"): '
        + '240 V and MPPT 33-45 V agree; the list\'s Paco is 327 W (seed 325 W, the data sheet\'s continuous rating, kept). Not '
        + 'cross-checked: max DC voltage, input current, output current, weight.',
      url: ENPHASE_IQ8_URL,
    },
  }),
  inverter({
    id: 'enphase-iq8a-72-2-us', manufacturer: 'Enphase', model: 'IQ8A-72-2-US', type: 'Microinverter',
    acPowerW: 349, maxContinuousOutputCurrentA: 1.45, nominalVoltageV: 240, maxDcVoltageV: 60, mpptMinV: 36, mpptMaxV: 45,
    maxInputCurrentA: 12, mpptCount: 1, weightKg: 1.08,
    source: {
      document: ENPHASE_IQ8_DS + '. Cross-checked 2026-11-21 against the ' + CEC_INVERTERS_2023 + ' (row "IQ8A-72-2-US [240V]"): '
        + '240 V and MPPT 36-45 V agree; the list\'s Paco is 354 W (seed 349 W, the data sheet\'s continuous rating, kept). The IQ8 '
        + 'installation manual\'s limit of 11 IQ8A per 20 A branch fits 1.45 A. Not cross-checked: max DC voltage, input current, weight.',
      url: ENPHASE_IQ8_URL,
    },
  }),
  inverter({
    id: 'apsystems-ds3-s', manufacturer: 'APsystems', model: 'DS3-S', type: 'Dual Microinverter',
    acPowerW: 640, maxContinuousOutputCurrentA: 2.67, nominalVoltageV: 240, maxDcVoltageV: 60, mpptMinV: 32, mpptMaxV: 55,
    maxInputCurrentA: 13, mpptCount: 2,
    source: {
      document: 'APsystems DS3 series dual microinverter data sheet (US). Not cross-checked: the model is in neither CEC inverter list '
        + 'used here and no copy of the data sheet was found; values are as transcribed.',
      url: 'https://usa.apsystems.com/products/ds3/',
    },
  }),
  inverter({
    id: 'solaredge-se7600h-us', manufacturer: 'SolarEdge', model: 'SE7600H-US', type: 'String Inverter',
    acPowerW: 7600, maxContinuousOutputCurrentA: 32, nominalVoltageV: 240, maxDcVoltageV: 480, mpptMinV: null, mpptMaxV: null,
    maxInputCurrentA: 20, mpptCount: 1,
    source: {
      document: SOLAREDGE_HD_DS + '. Cross-checked 2026-11-21 against the ' + CEC_INVERTERS_2019 + ' and the ' + CEC_INVERTERS_2023
        + ' (row "SE7600H-US [240V]"): 240 V, Paco 7616 W (7600 W rated), max DC voltage 480 V agree; 32 A = 7600 W / 240 V. The '
        + 'lists\' MPPT 360-480 V is not a window for this fixed-voltage design. Not cross-checked: max input current.',
      url: SOLAREDGE_HD_URL,
    },
    notes: 'Fixed 380 V string voltage set by the optimizers; no MPPT window.',
  }),
  inverter({
    id: 'solaredge-se11400h-us', manufacturer: 'SolarEdge', model: 'SE11400H-US', type: 'String Inverter',
    acPowerW: 11400, maxContinuousOutputCurrentA: 47.5, nominalVoltageV: 240, maxDcVoltageV: 480, mpptMinV: null, mpptMaxV: null,
    maxInputCurrentA: 31.5, mpptCount: 1,
    source: {
      document: SOLAREDGE_HD_DS + '. Cross-checked 2026-11-21 against the ' + CEC_INVERTERS_2019 + ' and the ' + CEC_INVERTERS_2023
        + ' (row "SE11400H-US [240V]"): 240 V, Paco 11393 W (11400 W rated), max DC voltage 480 V agree; 47.5 A = 11400 W / 240 V. '
        + 'Not cross-checked: max input current.',
      url: SOLAREDGE_HD_URL,
    },
    notes: 'Fixed 400 V string voltage set by the optimizers; no MPPT window.',
  }),
  inverter({
    id: 'fronius-primo-7-6-1', manufacturer: 'Fronius', model: 'Primo 7.6-1 208-240', type: 'True String Inverter',
    acPowerW: 7600, maxContinuousOutputCurrentA: 31.7, nominalVoltageV: 240, maxDcVoltageV: 600, mpptMinV: 250, mpptMaxV: 480,
    maxInputCurrentA: 18, mpptCount: 2, weightKg: 21.5, lengthMm: 645, widthMm: 431, depthMm: 204,
    source: {
      document: 'Fronius Primo 3.8-8.2 kW (US) data sheet. Cross-checked 2026-11-21 against the ' + CEC_INVERTERS_2019 + ' and the '
        + CEC_INVERTERS_2023 + ' (row "Fronius Primo 7.6-1 208-240 [240V]"): 240 V and Paco 7600 W agree (31.7 A = 7600 W / 240 V). '
        + 'The lists give Vdcmax 800 V and MPPT 100-800 V, which disagree with the seed\'s 600 V and 250-480 V and are left unapplied '
        + '(see notes). Not cross-checked: input current, MPPT count, size, weight.',
      url: 'https://www.fronius.com/en-us/usa/solar-energy/installers-partners/technical-data/all-products/inverters/fronius-primo/fronius-primo-7-6-1-208-240',
    },
    notes: 'The CEC lists carry 800 V / MPPT 100-800 V for every Primo 208-240 size (not credible for this 600 V-class US model); '
      + 'confirm max DC voltage and MPPT window against the current data sheet.',
  }),
  inverter({
    id: 'sma-sunny-boy-7-7-us', manufacturer: 'SMA', model: 'Sunny Boy 7.7-US (SB7.7-1SP-US-41)', type: 'True String Inverter',
    acPowerW: 7680, maxContinuousOutputCurrentA: 32, nominalVoltageV: 240, maxDcVoltageV: 600, mpptMinV: 270, mpptMaxV: 480,
    maxInputCurrentA: 10, mpptCount: 3, weightKg: 26, lengthMm: 535, widthMm: 730, depthMm: 198,
    source: {
      document: 'SMA Sunny Boy 3.0-US … 7.7-US data sheet (SBxx-1SP-US-41). Cross-checked 2026-11-21 against the ' + CEC_INVERTERS_2019
        + ' (SB7.7-1SP-US-40) and the ' + CEC_INVERTERS_2023 + ' (SB7.7-1SP-US-41 [240V]): 240 V and MPPT 270-480 V agree; the lists\' '
        + 'Paco is 7760 / 7756 W (seed 7680 W = 32 A × 240 V, kept; see notes). Not cross-checked: max DC voltage 600 V (the lists\' '
        + 'Vdcmax is the MPPT maximum), input current, MPPT count, size, weight.',
      url: 'https://www.sma-america.com/products/solarinverters/sunny-boy-30-38-50-60-70-77-us',
    },
    notes: 'The CEC lists give Paco 7756-7760 W at 240 V; the seed keeps the data sheet\'s 7680 W / 32 A. Confirm against the current data sheet.',
  }),
];

export const SEED_OPTIMIZERS: Optimizer[] = [
  {
    kind: 'optimizer', id: 'solaredge-s440', manufacturer: 'SolarEdge', model: 'S440', type: 'power_optimizer',
    ratedInputPowerW: 440, maxInputVoltageV: 60, mpptMinV: 8, mpptMaxV: 60, maxInputIscA: 14.5, maxOutputCurrentA: 15, maxOutputVoltageV: 60,
    lengthMm: 155, widthMm: 129, depthMm: 30, weightKg: 0.655, source: SOLAREDGE_S,
  },
  {
    kind: 'optimizer', id: 'solaredge-s500', manufacturer: 'SolarEdge', model: 'S500', type: 'power_optimizer',
    ratedInputPowerW: 500, maxInputVoltageV: 60, mpptMinV: 8, mpptMaxV: 60, maxInputIscA: 15, maxOutputCurrentA: 15, maxOutputVoltageV: 60,
    lengthMm: 155, widthMm: 129, depthMm: 30, weightKg: 0.655, source: SOLAREDGE_S,
    notes: 'Not the S500B (125 V, MPPT 12.5-105 V, 45 mm deep), which shares the data sheet.',
  },
  {
    kind: 'optimizer', id: 'tigo-ts4-a-o', manufacturer: 'Tigo', model: 'TS4-A-O (700 W)', type: 'optimizer_with_rsd',
    ratedInputPowerW: 700, maxInputVoltageV: 80, mpptMinV: 16, mpptMaxV: 80, maxInputIscA: 15, maxOutputCurrentA: 15,
    lengthMm: 139.7, widthMm: 138.4, depthMm: 22.9, weightKg: 0.52,
    source: {
      document: 'Tigo TS4-A-O (Optimization) 700 W data sheet. Cross-checked 2026-11-21 against the data sheet\'s page at the URL and '
        + 'the TS4-A-O instruction manual (manualspro.net copy): 700 W, 80 V max input, 15 A, 138.4 × 139.7 × 22.9 mm, 520 g agree. '
        + 'Not cross-checked: MPPT window 16-80 V, max input Isc.',
      url: 'https://www.tigoenergy.com/downloads/datasheet-ts4-a-o-optimization-700w',
    },
  },
];

export const SEED_BATTERIES: Battery[] = [
  {
    kind: 'battery', id: 'tesla-powerwall-3', manufacturer: 'Tesla', model: 'Powerwall 3 (1707000)', type: 'hybrid',
    energyKwh: 13.5, continuousPowerKw: 11.5, maxContinuousCurrentA: 48, nominalVoltageV: 240, maxSolarInputKw: 20,
    lengthMm: 1099, widthMm: 609, depthMm: 193, weightKg: 130, ...TESLA_WALL_MOUNT,
    source: {
      document: 'Tesla Powerwall 3 data sheet (North America). Cross-checked 2026-11-21 against a copy of the 2023 North America '
        + 'data sheet (120/240 V split phase, 11.5 kW, 20 kW solar, OCPD up to 60 A), Tesla\'s Powerwall 3 specification pages on '
        + 'energylibrary.tesla.com and the UK data sheet (13.5 kWh, 48 A max continuous, PV 60-550 V, MPPT 60-480 V), '
        + 'cleanenergyreviews.info (6 MPPTs in the US version) and solarquotes.com.au (130 kg): all agree. Not cross-checked: size.',
      url: 'https://www.tesla.com/powerwall',
    },
    notes: `6 MPPTs, PV input 60-550 V DC, MPPT 60-480 V DC; OCPD configurable up to 60 A. ${TESLA_WALL_MOUNT_NOTE} (Powerwall 3 with Gateway 3 Installation Manual NA, Anchoring Details A6, service.tesla.com)`,
  },
  {
    kind: 'battery', id: 'tesla-powerwall-2', manufacturer: 'Tesla', model: 'Powerwall 2', type: 'ac_coupled',
    energyKwh: 13.5, continuousPowerKw: 5.8, maxContinuousCurrentA: 24, nominalVoltageV: 240, maxSolarInputKw: null,
    lengthMm: 1150, widthMm: 753, depthMm: 147, weightKg: 114, ...TESLA_WALL_MOUNT,
    notes: `${TESLA_WALL_MOUNT_NOTE} (Powerwall 2 / Backup Gateway 2 Installation Manual NA, Mounting Bracket Anchoring Details A3, service.tesla.com)`,
    source: {
      document: 'Tesla Powerwall 2 AC data sheet (North America). Cross-checked 2026-11-21: 13.5 kWh and 5.8 kW / 5.8 kVA continuous '
        + '(Powerwall 2 vs Powerwall+ table, artisanelectricinc.com), 45.3 × 29.6 × 5.8 in (solar.com, = 1151 × 752 × 147 mm) and 114 kg '
        + '(solarquotes.com.au) agree; 24 A is 5.8 kVA / 240 V. Not cross-checked against Tesla\'s own sheet.',
      url: 'https://www.tesla.com/powerwall',
    },
  },
  {
    kind: 'battery', id: 'enphase-iq-battery-5p', manufacturer: 'Enphase', model: 'IQ Battery 5P (IQBATTERY-5P-1P-NA)', type: 'ac_coupled',
    energyKwh: 5, continuousPowerKw: 3.84, maxContinuousCurrentA: 16, nominalVoltageV: 240, maxSolarInputKw: null,
    ...noDims, ...noWallMount,
    source: { document: 'Enphase IQ Battery 5P data sheet. Not cross-checked: no second public source found; values are as transcribed.', url: 'https://enphase.com/installers/storage' },
  },
];

export const SEED_MCIS: Mci[] = [
  {
    kind: 'mci', id: 'tesla-mci-2', manufacturer: 'Tesla', model: 'Mid-Circuit Interrupter MCI-2', type: 'mid_circuit_interrupter',
    maxSystemVoltageV: 1000, maxContinuousCurrentA: null, ...noDims,
    source: { document: 'Tesla Solar Inverter / Powerwall 3 installation manual, rapid shutdown section. Not cross-checked: no second public source found.', url: 'https://energylibrary.tesla.com/' },
    notes: 'Current rating to be confirmed against the current MCI data sheet before use in calculations.',
  },
];

export const SEED_MICROGRID_CONTROLLERS: MicrogridController[] = [
  {
    kind: 'microgrid_controller', id: 'enphase-iq-system-controller-3', manufacturer: 'Enphase', model: 'IQ System Controller 3', type: 'system_controller',
    ratedCurrentA: 200, nominalVoltageV: 240, ...noDims,
    source: { document: 'Enphase IQ System Controller 3 data sheet. Not cross-checked: no second public source found; values are as transcribed.', url: 'https://enphase.com/installers/storage' },
  },
  {
    kind: 'microgrid_controller', id: 'tesla-backup-gateway-2', manufacturer: 'Tesla', model: 'Backup Gateway 2', type: 'backup_gateway',
    ratedCurrentA: 200, nominalVoltageV: 240, ...noDims,
    source: { document: 'Tesla Backup Gateway 2 data sheet. Not cross-checked: no second public source found; values are as transcribed.', url: 'https://www.tesla.com/powerwall' },
  },
];

const acdisc = (id: string, manufacturer: string, model: string, fused: boolean, ampRating: 30 | 60 | 100 | 200, source: AcDisconnect['source'], poles = 2): AcDisconnect => ({
  kind: 'ac_disconnect', id, manufacturer, model, type: `${fused ? 'fused' : 'unfused'}_${ampRating}a`, fused, ampRating,
  voltageRatingV: 240, poles, enclosure: 'NEMA 3R', source,
});
export const SEED_AC_DISCONNECTS: AcDisconnect[] = [
  acdisc('square-d-d221nrb', 'Square D', 'D221NRB', true, 30, SQUARE_D),
  acdisc('square-d-d222nrb', 'Square D', 'D222NRB', true, 60, SQUARE_D),
  acdisc('square-d-d223nrb', 'Square D', 'D223NRB', true, 100, SQUARE_D),
  acdisc('square-d-d224nrb', 'Square D', 'D224NRB', true, 200, SQUARE_D),
  acdisc('square-d-du221rb', 'Square D', 'DU221RB', false, 30, SQUARE_D),
  acdisc('square-d-du222rb', 'Square D', 'DU222RB', false, 60, SQUARE_D),
  acdisc('eaton-dg222nrb', 'Eaton', 'DG222NRB', true, 60, EATON_DG),
  acdisc('eaton-dg222urb', 'Eaton', 'DG222URB', false, 60, EATON_DG),
];

export const SEED_PRODUCTION_METERS: ProductionMeter[] = [
  {
    kind: 'production_meter', id: 'itron-centron-c1sr-2s', manufacturer: 'Itron', model: 'CENTRON C1SR Form 2S CL200', type: 'socket_form_2s',
    form: '2S', ampClass: 200, nominalVoltageV: 240,
    source: { document: 'Itron CENTRON residential meter specification sheet. Not cross-checked: no second public source found; values are as transcribed.', url: 'https://na.itron.com/products/electricity-meters' },
  },
  {
    kind: 'production_meter', id: 'enphase-iq-gateway-metered', manufacturer: 'Enphase', model: 'IQ Gateway Metered (ENV-IQ-AM1-240)', type: 'inverter_integrated',
    form: null, ampClass: null, nominalVoltageV: 240,
    source: {
      document: 'Enphase IQ Gateway data sheet (revenue-grade production metering, ANSI C12.20 ±0.5%). Not cross-checked: no second '
        + 'public source found; values are as transcribed.',
      url: 'https://enphase.com/installers/microinverters',
    },
  },
];

/**
 * Racking systems. The maker's allowable span depends on wind, snow and exposure and is read from the
 * maker's certification letter per job; no public section modulus or span table of these rails was found
 * (engineering tables/rail-profiles records what was searched), so no allowable moment is entered: each
 * rail is checked with the generic class named here, printed as ASSUMED until staff enter the maker's
 * certified allowable moment. The cantilever limit is the maker's where published (IronRidge XR: 40 %
 * of the allowable span), otherwise assumed and said so.
 */
// Cited by title: the only copy found is an unofficial mirror, which a sealed sheet does not print as a source.
const IRONRIDGE_XR_CANTILEVER = 'IronRidge, Tech Tip: Cantilever (2018, v1.0): XR rails, max cantilever 40 % of the allowable span';
export const SEED_RACKING: Racking[] = [
  {
    kind: 'racking', id: 'ironridge-xr100', manufacturer: 'IronRidge', model: 'XR100 Rail', type: 'ironridge_xr100',
    maxAttachmentSpanIn: null, railWeightKgPerM: null, ...noGround,
    allowableMomentLbFt: null, allowableMomentSource: null, railClass: 'standard',
    maxCantileverRatio: 0.4, maxCantileverSource: IRONRIDGE_XR_CANTILEVER,
    source: { document: 'IronRidge XR Rail family data sheet. Not cross-checked: identity only, no values transcribed.', url: 'https://www.ironridge.com/' },
    notes: 'Allowed spans come from the IronRidge span tables for the site\'s wind and snow loads.',
  },
  {
    kind: 'racking', id: 'ironridge-xr10', manufacturer: 'IronRidge', model: 'XR10 Rail', type: 'ironridge_xr10',
    maxAttachmentSpanIn: null, railWeightKgPerM: null, ...noGround,
    allowableMomentLbFt: null, allowableMomentSource: null, railClass: 'light',
    maxCantileverRatio: 0.4, maxCantileverSource: IRONRIDGE_XR_CANTILEVER,
    source: { document: 'IronRidge XR Rail family data sheet. Not cross-checked: identity only, no values transcribed.', url: 'https://www.ironridge.com/' },
  },
  {
    kind: 'racking', id: 'unirac-solarmount', manufacturer: 'Unirac', model: 'SolarMount', type: 'unirac_solarmount',
    maxAttachmentSpanIn: null, railWeightKgPerM: null, ...noGround,
    allowableMomentLbFt: null, allowableMomentSource: null, railClass: 'light',
    maxCantileverRatio: 1 / 3,
    // ends with the words of engineering's NOT_MAKER_VALUE: a structural seal over it needs the engineer's acceptance
    maxCantileverSource: 'ASSUMED 1/3 of the allowable span (no SolarMount cantilever limit found in a public Unirac document), not the maker\'s certified value',
    source: { document: 'Unirac SolarMount installation guide. Not cross-checked: identity only, no values transcribed.', url: 'https://unirac.com/' },
  },
];

export const SEED_EQUIPMENT: Equipment[] = [
  ...SEED_MODULES, ...SEED_INVERTERS, ...SEED_OPTIMIZERS, ...SEED_BATTERIES, ...SEED_MCIS,
  ...SEED_MICROGRID_CONTROLLERS, ...SEED_AC_DISCONNECTS, ...SEED_PRODUCTION_METERS, ...SEED_RACKING,
];
