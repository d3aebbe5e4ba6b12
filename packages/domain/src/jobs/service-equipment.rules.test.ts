import { describe, expect, it } from 'vitest';
import { createCadIntake, ZCadIntake } from './cad-intake.schema.ts';
import { serviceEquipmentProblems, STANDARD_AMPERE_RATINGS } from './service-equipment.rules.ts';

describe('service equipment at intake (issue 25, finding 3)', () => {
  it('refuses a main breaker larger than its busbar, naming the field', () => {
    const p = serviceEquipmentProblems({ msp_rating: 100, breaker_rating: 400 });
    expect(p).toEqual([{ field: 'breaker_rating', message: expect.stringMatching(/main breaker \(400 A\) is larger than the MSP busbar \(100 A\)/) }]);
    const parsed = ZCadIntake.safeParse(createCadIntake({ msp_rating: 100, breaker_rating: 400 }));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join('.'))).toEqual(['breaker_rating']);
  });

  it('refuses ratings that are not standard, for the existing and the upgraded panel', () => {
    expect(serviceEquipmentProblems({ msp_rating: 210, breaker_rating: 195 }).map((p) => p.field)).toEqual(['msp_rating', 'breaker_rating']);
    const mpu = serviceEquipmentProblems({ msp_rating: 200, breaker_rating: 200, mpu_required: true, new_msp_rating: 225, new_mb_rating: 250 });
    expect(mpu.map((p) => p.field)).toEqual(['new_mb_rating']);
    expect(serviceEquipmentProblems({ mpu_required: false, new_msp_rating: 7, new_mb_rating: 9 })).toEqual([]); // hidden fields are not judged
    expect(serviceEquipmentProblems({ subpanel_routed: true, subpanel_rating: 123 }).map((p) => p.field)).toEqual(['subpanel_rating']);
  });

  it('accepts every real panel: main ≤ busbar, standard ratings, a derated main, blanks', () => {
    for (const [bus, main] of [[200, 200], [225, 200], [125, 100], [200, 175], [400, 400], [100, 100]] as const) {
      expect(serviceEquipmentProblems({ msp_rating: bus, breaker_rating: main })).toEqual([]);
    }
    expect(serviceEquipmentProblems({ msp_rating: null, breaker_rating: 200 })).toEqual([]);
    expect(ZCadIntake.safeParse(createCadIntake({ msp_rating: 225, breaker_rating: 200, mpu_required: true, new_msp_rating: 225, new_mb_rating: 200 })).success).toBe(true);
    expect(STANDARD_AMPERE_RATINGS).toContain(175);
  });
});
