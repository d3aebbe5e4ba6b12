/*
 * Service equipment a job can actually have (issue 25, finding 3): a main breaker no larger than the
 * busbar it protects, and ratings that exist. A 400 A main on a 100 A busbar is a typing mistake,
 * not a design; the intake refuses it (400 naming the field) and a plan-set run refuses it too, so
 * the engine never "solves" it by switching to a supply-side tap.
 *
 * Breakers: the NEC 240.6(A) standard ampere ratings. Busbars: panelboards are rated in the same
 * steps (100, 125, 150, 200, 225, 400 A …); a rating outside them is refused. The engine keeps its
 * own copy of 240.6(A) for sizing (packages/engineering, tables/nec-240-6.table.ts); the domain does
 * not import the engine.
 */

/** NEC 240.6(A) standard ampere ratings, 15 A and up. */
export const STANDARD_AMPERE_RATINGS: readonly number[] = [
  15, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90, 100, 110, 125, 150, 175, 200, 225, 250, 300,
  350, 400, 450, 500, 600, 700, 800, 1000, 1200, 1600, 2000, 2500, 3000, 4000, 5000, 6000,
];

export type ServiceEquipmentProblem = { field: string; message: string };

type Ratings = {
  msp_rating?: number | null;
  breaker_rating?: number | null;
  mpu_required?: boolean;
  new_msp_rating?: number | null;
  new_mb_rating?: number | null;
  subpanel_routed?: boolean;
  subpanel_rating?: number | null;
  subpanel_ocpd_rating?: number | null;
};

const given = (v: number | null | undefined): v is number => typeof v === 'number' && v > 0;

/** What is impossible about the CAD intake's panel ratings, field by field (blank fields are not judged here). */
export function serviceEquipmentProblems(cad: Ratings): ServiceEquipmentProblem[] {
  const out: ServiceEquipmentProblem[] = [];
  const standard = (field: keyof Ratings, label: string) => {
    const v = cad[field];
    if (given(v as number | null) && !STANDARD_AMPERE_RATINGS.includes(v as number)) {
      out.push({ field, message: `${label} ${v} A is not a standard ampere rating (NEC 240.6(A): …, 100, 110, 125, 150, 175, 200, 225, 250, 300, 350, 400 A, …).` });
    }
  };
  const atMost = (mainField: keyof Ratings, mainLabel: string, busField: keyof Ratings, busLabel: string) => {
    const m = cad[mainField] as number | null | undefined;
    const b = cad[busField] as number | null | undefined;
    if (given(m) && given(b) && m > b) {
      out.push({ field: mainField, message: `${mainLabel} (${m} A) is larger than the ${busLabel} (${b} A) it protects: a panel cannot have it. Check both ratings on the panel's label.` });
    }
  };
  standard('msp_rating', 'The MSP busbar rating');
  standard('breaker_rating', 'The main breaker rating');
  atMost('breaker_rating', 'The main breaker', 'msp_rating', 'MSP busbar');
  if (cad.mpu_required) {
    standard('new_msp_rating', 'The new MSP busbar rating');
    standard('new_mb_rating', 'The new main breaker rating');
    atMost('new_mb_rating', 'The new main breaker', 'new_msp_rating', 'new MSP busbar');
  }
  if (cad.subpanel_routed) {
    standard('subpanel_rating', 'The subpanel busbar rating');
    standard('subpanel_ocpd_rating', 'The subpanel OCPD rating');
  }
  return out;
}
