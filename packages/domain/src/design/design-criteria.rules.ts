/*
 * The site's design criteria as every deliverable states them (issue 24, finding 7). A sealed letter
 * once said "Exposure C" above a calculation page using B: the plan set took the AHJ's category
 * first and the letters the job's. One rule now, used by the plan-set assembly and by the letters'
 * own mapper, and the letters print what the engine was given (letters.service), never a second read.
 */

export type ExposureCategory = 'B' | 'C' | 'D';

const EXPOSURES: readonly string[] = ['B', 'C', 'D'];

/**
 * Exposure category (ASCE 7 §26.7): the job's, where staff set one for the site (the terrain around
 * this building), else the AHJ's default for its jurisdiction; null when neither gives one.
 */
export function exposureCategoryOf(job: { exposureCategory: string | null | undefined }, ahj: { exposureCategory: string | null | undefined } | null | undefined): ExposureCategory | null {
  for (const v of [job.exposureCategory, ahj?.exposureCategory]) {
    const s = typeof v === 'string' ? v.trim().toUpperCase() : '';
    if (EXPOSURES.includes(s)) return s as ExposureCategory;
  }
  return null;
}

export type FramingFact = 'size' | 'spacing' | 'spans' | 'species' | 'grade' | 'roof-dead-load' | 'panel-height';

/** material_grades option values → the engine's species and grade (NDS Supplement Tables 4A/4B). */
const GRADES: Readonly<Record<string, { species: 'DF-L' | 'SP' | 'HF' | 'SPF'; grade: 'select-structural' | 'no1' | 'no2' }>> = {
  spf_no2: { species: 'SPF', grade: 'no2' }, spf_no1: { species: 'SPF', grade: 'no1' }, spf_ss: { species: 'SPF', grade: 'select-structural' },
  dfl_no2: { species: 'DF-L', grade: 'no2' }, dfl_no1: { species: 'DF-L', grade: 'no1' }, dfl_ss: { species: 'DF-L', grade: 'select-structural' },
  hf_no2: { species: 'HF', grade: 'no2' }, hf_no1: { species: 'HF', grade: 'no1' },
  syp_no2: { species: 'SP', grade: 'no2' }, syp_no1: { species: 'SP', grade: 'no1' }, syp_ss: { species: 'SP', grade: 'select-structural' },
};

/**
 * The framing facts of a job's array as the engine takes them: species and grade (absent: the engine's
 * DF-L No. 2, printed as assumed), which facts staff verified, and the roof dead load staff entered.
 * `problem` names a grade the member check has no tables for (LVL, Other).
 */
export function framingFactsOf(a: { material_grade?: string | number | null; roof_dead_load_psf?: number | null; framing_verified?: readonly FramingFact[] }): {
  framing: { species?: 'DF-L' | 'SP' | 'HF' | 'SPF'; grade?: 'select-structural' | 'no1' | 'no2'; verified: FramingFact[] };
  roofDeadLoadPsf?: number;
  problem?: string;
} {
  const g = typeof a.material_grade === 'string' && a.material_grade ? a.material_grade : null;
  const known = g ? GRADES[g] : undefined;
  const verified = [...(a.framing_verified ?? [])];
  return {
    framing: { ...(known ?? {}), verified },
    ...(typeof a.roof_dead_load_psf === 'number' ? { roofDeadLoadPsf: a.roof_dead_load_psf } : {}),
    ...(g && !known ? { problem: `the framing grade "${g}" has no NDS reference values in the member check (sawn DF-L, Hem-Fir, SPF or Southern Pine): choose the grade, or have the member analysed in Forte or SkyCiv` } : {}),
  };
}
