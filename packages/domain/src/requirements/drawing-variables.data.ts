/*
 * The {variables} a label or note may insert (spec §5 "Label fields accept {} to insert drawing
 * variables"). The plan-set renderer fills each from the job; a name not in this list is refused
 * at save time so a typo never reaches a permit set.
 */

export const DRAWING_VARIABLES = [
  { name: 'system_size_dc_kw', label: 'System size DC (kW)' },
  { name: 'system_size_ac_kw', label: 'System size AC (kW)' },
  { name: 'module_count', label: 'Module count' },
  { name: 'module_manufacturer', label: 'Module manufacturer' },
  { name: 'module_model', label: 'Module model' },
  { name: 'module_wattage', label: 'Module wattage (W)' },
  { name: 'inverter_count', label: 'Inverter count' },
  { name: 'inverter_manufacturer', label: 'Inverter manufacturer' },
  { name: 'inverter_model', label: 'Inverter model' },
  { name: 'inverter_type', label: 'Inverter type' },
  { name: 'optimizer_model', label: 'Optimizer model' },
  { name: 'optimizer_count', label: 'Optimizer count' },
  { name: 'battery_model', label: 'Battery model' },
  { name: 'battery_count', label: 'Battery count' },
  { name: 'battery_energy_kwh', label: 'Battery energy (kWh)' },
  { name: 'max_ac_output_current', label: 'Maximum AC output current (A)' },
  { name: 'nominal_ac_voltage', label: 'Nominal AC voltage (V)' },
  { name: 'max_dc_voltage', label: 'Maximum DC system voltage (V)' },
  { name: 'max_dc_current', label: 'Maximum DC circuit current (A)' },
  { name: 'dc_operating_voltage', label: 'DC operating voltage (V)' },
  { name: 'dc_operating_current', label: 'DC operating current (A)' },
  { name: 'pv_breaker_rating', label: 'PV breaker rating (A)' },
  { name: 'main_breaker_rating', label: 'Main breaker rating (A)' },
  { name: 'busbar_rating', label: 'Busbar rating (A)' },
  { name: 'ac_disconnect_rating', label: 'AC disconnect rating (A)' },
  { name: 'ac_disconnect_fuse_rating', label: 'AC disconnect fuse rating (A)' },
  { name: 'interconnection_method', label: 'Interconnection method' },
  { name: 'utility_name', label: 'Utility' },
  { name: 'ahj_name', label: 'Authority having jurisdiction' },
  { name: 'meter_number', label: 'Utility meter number' },
  { name: 'site_address', label: 'Site address' },
  { name: 'client_name', label: 'Property owner' },
  { name: 'contractor_name', label: 'Contractor' },
  { name: 'contractor_license_num', label: 'Contractor licence number' },
  { name: 'electrical_code', label: 'Electrical code (e.g. 2023 NEC)' },
  { name: 'date', label: 'Drawing date' },
] as const;
export type DrawingVariable = (typeof DRAWING_VARIABLES)[number]['name'];

export const DRAWING_VARIABLE_NAMES: ReadonlySet<string> = new Set(DRAWING_VARIABLES.map((v) => v.name));
