import { table690_7Factor, TABLE_690_7_A_COLDEST_C } from '../tables/nec-690-7.table.ts';
import { EngineRefusalError } from '../engine-refusal.ts';

/** 690.7(A)(1): Voc corrected to the design minimum temperature with the module's coefficient. */
export function vocAtTempByCoefficient(vocV: number, coeffPctPerC: number, minTempC: number): number {
  return vocV * (1 + (coeffPctPerC / 100) * (minTempC - 25));
}

export interface StringVoltage {
  byCoefficientV: number | null;
  byTableV: number | null;
  tableFactor: number | null;
  governingV: number;
  method: 'coefficient' | 'table';
}

/**
 * Maximum PV string voltage. The listing's coefficient governs when given (690.7(A)(1)); otherwise
 * Table 690.7(A) for crystalline modules. Thin-film without a coefficient cannot be calculated here.
 */
export function stringMaxVoltage(
  modulesInSeries: number,
  module: { vocV: number; vocTempCoeffPctPerC?: number | undefined; technology: 'crystalline' | 'thin-film' },
  minTempC: number,
): StringVoltage {
  const byCoefficientV =
    module.vocTempCoeffPctPerC === undefined ? null : modulesInSeries * vocAtTempByCoefficient(module.vocV, module.vocTempCoeffPctPerC, minTempC);
  const tableFactor = module.technology === 'crystalline' ? table690_7Factor(minTempC) : null;
  const byTableV = tableFactor === null ? null : modulesInSeries * module.vocV * tableFactor;
  if (byCoefficientV !== null) return { byCoefficientV, byTableV, tableFactor, governingV: byCoefficientV, method: 'coefficient' };
  if (byTableV !== null) return { byCoefficientV, byTableV, tableFactor, governingV: byTableV, method: 'table' };
  if (module.technology === 'crystalline') {
    // Crystalline, no coefficient, and colder than the table's last row: there is no factor to use.
    throw new EngineRefusalError(
      'voc-below-table',
      `Design minimum temperature ${minTempC} °C is below ${TABLE_690_7_A_COLDEST_C} °C, the coldest row of Table 690.7(A), and the module has no Voc temperature coefficient: enter the manufacturer's coefficient (690.7(A)(1)); the engine will not extrapolate the table.`,
    );
  }
  throw new EngineRefusalError(
    'voc-needs-coefficient',
    'Module needs a Voc temperature coefficient: Table 690.7(A) applies to crystalline silicon only; enter the manufacturer\'s coefficient (690.7(A)(1)).',
  );
}

/** Most modules in series that stay at or under a voltage limit. */
export function maxModulesInSeries(limitV: number, perModuleV: number): number {
  return Math.floor(limitV / perModuleV + 1e-9);
}
