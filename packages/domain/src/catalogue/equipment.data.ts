import type { AcDisconnect, Battery, Equipment, Inverter, Mci, MicrogridController, Module, Optimizer, ProductionMeter } from './equipment.schema.ts';

/*
 * Seed equipment, values transcribed from the manufacturers' public datasheets named in each
 * `source` (facts only). Datasheets are revised: an engineer checks the current revision before a
 * set is stamped, and an admin edits the catalogue in the app. README lists which values were
 * cross-checked while seeding.
 */

const ENPHASE_IQ8 = { document: 'Enphase IQ8 Series Microinverters data sheet (IQ8SE-DS, 2022)', url: 'https://enphase.com/installers/microinverters/commercial/iq8' };
const SOLAREDGE_HD = { document: 'SolarEdge Home Wave Inverter with HD-Wave Technology for North America data sheet', url: 'https://www.solaredge.com/us/products/residential/inverters' };
const SOLAREDGE_S = { document: 'SolarEdge Power Optimizer S440 / S500 for North America data sheet', url: 'https://www.solaredge.com/us/products/residential/power-optimizers' };
const QCELLS_TRON = { document: 'Qcells Q.TRON BLK M-G2+ series 405-430 data sheet (2024-03)', url: 'https://www.qcells.com/us/get-started/solar-panels' };
const QCELLS_G10 = { document: 'Qcells Q.PEAK DUO BLK ML-G10+ series 385-410 data sheet', url: 'https://www.qcells.com/us/get-started/solar-panels' };
const CS_HIKU6 = { document: 'Canadian Solar HiKu6 Mono CS6R-MS 390-410 W data sheet', url: 'https://www.canadiansolar.com/hiku/' };
const SQUARE_D = { document: 'Square D General Duty Safety Switches catalogue (Class 3110)', url: 'https://www.se.com/us/en/product-range/7203-general-duty-safety-switches/' };
const EATON_DG = { document: 'Eaton General Duty Safety Switches catalogue', url: 'https://www.eaton.com/us/en-us/catalog/low-voltage-power-distribution-controls-systems/general-duty-safety-switches.html' };

const module = (m: Omit<Module, 'kind'>): Module => ({ kind: 'module', ...m });
const inverter = (i: Omit<Inverter, 'kind' | 'lengthMm' | 'widthMm' | 'depthMm' | 'weightKg'> & Partial<Pick<Inverter, 'lengthMm' | 'widthMm' | 'depthMm' | 'weightKg'>>): Inverter =>
  ({ kind: 'inverter', lengthMm: null, widthMm: null, depthMm: null, weightKg: null, ...i });
const noDims = { lengthMm: null, widthMm: null, depthMm: null, weightKg: null };

export const SEED_MODULES: Module[] = [
  module({
    id: 'qcells-q-tron-blk-m-g2-plus-425', manufacturer: 'Qcells', model: 'Q.TRON BLK M-G2+ 425', type: 'mono_topcon',
    pmaxW: 425, vocV: 39.03, iscA: 13.66, vmpV: 32.74, impA: 12.98, tempCoeffVocPctPerC: -0.26, tempCoeffPmaxPctPerC: -0.3,
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
    maxInputCurrentA: 10, mpptCount: 1, weightKg: 1.08, source: ENPHASE_IQ8,
  }),
  inverter({
    id: 'enphase-iq8m-72-2-us', manufacturer: 'Enphase', model: 'IQ8M-72-2-US', type: 'Microinverter',
    acPowerW: 325, maxContinuousOutputCurrentA: 1.35, nominalVoltageV: 240, maxDcVoltageV: 60, mpptMinV: 33, mpptMaxV: 45,
    maxInputCurrentA: 12, mpptCount: 1, weightKg: 1.08, source: ENPHASE_IQ8,
  }),
  inverter({
    id: 'enphase-iq8a-72-2-us', manufacturer: 'Enphase', model: 'IQ8A-72-2-US', type: 'Microinverter',
    acPowerW: 349, maxContinuousOutputCurrentA: 1.45, nominalVoltageV: 240, maxDcVoltageV: 60, mpptMinV: 36, mpptMaxV: 45,
    maxInputCurrentA: 12, mpptCount: 1, weightKg: 1.08, source: ENPHASE_IQ8,
  }),
  inverter({
    id: 'apsystems-ds3-s', manufacturer: 'APsystems', model: 'DS3-S', type: 'Dual Microinverter',
    acPowerW: 640, maxContinuousOutputCurrentA: 2.67, nominalVoltageV: 240, maxDcVoltageV: 60, mpptMinV: 32, mpptMaxV: 55,
    maxInputCurrentA: 13, mpptCount: 2, source: { document: 'APsystems DS3 series dual microinverter data sheet (US)', url: 'https://usa.apsystems.com/products/ds3/' },
  }),
  inverter({
    id: 'solaredge-se7600h-us', manufacturer: 'SolarEdge', model: 'SE7600H-US', type: 'String Inverter',
    acPowerW: 7600, maxContinuousOutputCurrentA: 32, nominalVoltageV: 240, maxDcVoltageV: 480, mpptMinV: null, mpptMaxV: null,
    maxInputCurrentA: 20, mpptCount: 1, source: SOLAREDGE_HD,
    notes: 'Fixed 380 V string voltage set by the optimizers; no MPPT window.',
  }),
  inverter({
    id: 'solaredge-se11400h-us', manufacturer: 'SolarEdge', model: 'SE11400H-US', type: 'String Inverter',
    acPowerW: 11400, maxContinuousOutputCurrentA: 47.5, nominalVoltageV: 240, maxDcVoltageV: 480, mpptMinV: null, mpptMaxV: null,
    maxInputCurrentA: 31.5, mpptCount: 1, source: SOLAREDGE_HD,
    notes: 'Fixed 400 V string voltage set by the optimizers; no MPPT window.',
  }),
  inverter({
    id: 'fronius-primo-7-6-1', manufacturer: 'Fronius', model: 'Primo 7.6-1 208-240', type: 'True String Inverter',
    acPowerW: 7600, maxContinuousOutputCurrentA: 31.7, nominalVoltageV: 240, maxDcVoltageV: 600, mpptMinV: 250, mpptMaxV: 480,
    maxInputCurrentA: 18, mpptCount: 2, weightKg: 21.5, lengthMm: 645, widthMm: 431, depthMm: 204,
    source: { document: 'Fronius Primo 3.8-8.2 kW (US) data sheet', url: 'https://www.fronius.com/en-us/usa/solar-energy/installers-partners/technical-data/all-products/inverters/fronius-primo/fronius-primo-7-6-1-208-240' },
  }),
  inverter({
    id: 'sma-sunny-boy-7-7-us', manufacturer: 'SMA', model: 'Sunny Boy 7.7-US (SB7.7-1SP-US-41)', type: 'True String Inverter',
    acPowerW: 7680, maxContinuousOutputCurrentA: 32, nominalVoltageV: 240, maxDcVoltageV: 600, mpptMinV: 270, mpptMaxV: 480,
    maxInputCurrentA: 10, mpptCount: 3, weightKg: 26, lengthMm: 535, widthMm: 730, depthMm: 198,
    source: { document: 'SMA Sunny Boy 3.0-US … 7.7-US data sheet (SBxx-1SP-US-41)', url: 'https://www.sma-america.com/products/solarinverters/sunny-boy-30-38-50-60-70-77-us' },
  }),
];

export const SEED_OPTIMIZERS: Optimizer[] = [
  {
    kind: 'optimizer', id: 'solaredge-s440', manufacturer: 'SolarEdge', model: 'S440', type: 'power_optimizer',
    ratedInputPowerW: 440, maxInputVoltageV: 60, mpptMinV: 8, mpptMaxV: 60, maxInputIscA: 14.5, maxOutputCurrentA: 15,
    ...noDims, source: SOLAREDGE_S,
  },
  {
    kind: 'optimizer', id: 'solaredge-s500', manufacturer: 'SolarEdge', model: 'S500', type: 'power_optimizer',
    ratedInputPowerW: 500, maxInputVoltageV: 60, mpptMinV: 8, mpptMaxV: 60, maxInputIscA: 15, maxOutputCurrentA: 15,
    ...noDims, source: SOLAREDGE_S,
  },
  {
    kind: 'optimizer', id: 'tigo-ts4-a-o', manufacturer: 'Tigo', model: 'TS4-A-O (700 W)', type: 'optimizer_with_rsd',
    ratedInputPowerW: 700, maxInputVoltageV: 80, mpptMinV: 16, mpptMaxV: 80, maxInputIscA: 15, maxOutputCurrentA: 15,
    lengthMm: 139.7, widthMm: 138.4, depthMm: 22.9, weightKg: 0.52,
    source: { document: 'Tigo TS4-A-O (Optimization) 700 W data sheet', url: 'https://www.tigoenergy.com/downloads/datasheet-ts4-a-o-optimization-700w' },
  },
];

export const SEED_BATTERIES: Battery[] = [
  {
    kind: 'battery', id: 'tesla-powerwall-3', manufacturer: 'Tesla', model: 'Powerwall 3 (1707000)', type: 'hybrid',
    energyKwh: 13.5, continuousPowerKw: 11.5, maxContinuousCurrentA: 48, nominalVoltageV: 240, maxSolarInputKw: 20,
    lengthMm: 1099, widthMm: 609, depthMm: 193, weightKg: 130,
    source: { document: 'Tesla Powerwall 3 data sheet (North America)', url: 'https://www.tesla.com/powerwall' },
    notes: '6 MPPTs, PV input 60-550 V DC, MPPT 60-480 V DC; OCPD configurable up to 60 A.',
  },
  {
    kind: 'battery', id: 'tesla-powerwall-2', manufacturer: 'Tesla', model: 'Powerwall 2', type: 'ac_coupled',
    energyKwh: 13.5, continuousPowerKw: 5.8, maxContinuousCurrentA: 24, nominalVoltageV: 240, maxSolarInputKw: null,
    lengthMm: 1150, widthMm: 753, depthMm: 147, weightKg: 114,
    source: { document: 'Tesla Powerwall 2 AC data sheet (North America)', url: 'https://www.tesla.com/powerwall' },
  },
  {
    kind: 'battery', id: 'enphase-iq-battery-5p', manufacturer: 'Enphase', model: 'IQ Battery 5P (IQBATTERY-5P-1P-NA)', type: 'ac_coupled',
    energyKwh: 5, continuousPowerKw: 3.84, maxContinuousCurrentA: 16, nominalVoltageV: 240, maxSolarInputKw: null,
    ...noDims,
    source: { document: 'Enphase IQ Battery 5P data sheet', url: 'https://enphase.com/installers/storage' },
  },
];

export const SEED_MCIS: Mci[] = [
  {
    kind: 'mci', id: 'tesla-mci-2', manufacturer: 'Tesla', model: 'Mid-Circuit Interrupter MCI-2', type: 'mid_circuit_interrupter',
    maxSystemVoltageV: 1000, maxContinuousCurrentA: null, ...noDims,
    source: { document: 'Tesla Solar Inverter / Powerwall 3 installation manual, rapid shutdown section', url: 'https://energylibrary.tesla.com/' },
    notes: 'Current rating to be confirmed against the current MCI data sheet before use in calculations.',
  },
];

export const SEED_MICROGRID_CONTROLLERS: MicrogridController[] = [
  {
    kind: 'microgrid_controller', id: 'enphase-iq-system-controller-3', manufacturer: 'Enphase', model: 'IQ System Controller 3', type: 'system_controller',
    ratedCurrentA: 200, nominalVoltageV: 240, ...noDims,
    source: { document: 'Enphase IQ System Controller 3 data sheet', url: 'https://enphase.com/installers/storage' },
  },
  {
    kind: 'microgrid_controller', id: 'tesla-backup-gateway-2', manufacturer: 'Tesla', model: 'Backup Gateway 2', type: 'backup_gateway',
    ratedCurrentA: 200, nominalVoltageV: 240, ...noDims,
    source: { document: 'Tesla Backup Gateway 2 data sheet', url: 'https://www.tesla.com/powerwall' },
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
    source: { document: 'Itron CENTRON residential meter specification sheet', url: 'https://na.itron.com/products/electricity-meters' },
  },
  {
    kind: 'production_meter', id: 'enphase-iq-gateway-metered', manufacturer: 'Enphase', model: 'IQ Gateway Metered (ENV-IQ-AM1-240)', type: 'inverter_integrated',
    form: null, ampClass: null, nominalVoltageV: 240,
    source: { document: 'Enphase IQ Gateway data sheet (revenue-grade production metering, ANSI C12.20 ±0.5%)', url: 'https://enphase.com/installers/microinverters' },
  },
];

export const SEED_EQUIPMENT: Equipment[] = [
  ...SEED_MODULES, ...SEED_INVERTERS, ...SEED_OPTIMIZERS, ...SEED_BATTERIES, ...SEED_MCIS,
  ...SEED_MICROGRID_CONTROLLERS, ...SEED_AC_DISCONNECTS, ...SEED_PRODUCTION_METERS,
];
