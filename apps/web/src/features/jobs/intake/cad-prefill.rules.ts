import type { CadIntake } from '@sunstamp/domain/jobs/cad-intake.schema';
import type { JobArray } from '@sunstamp/domain/jobs/job-defaults.schema';

/**
 * One intake without contradictions: what the address and the arrays already say fills the CAD
 * form instead of being asked again. The state is always the address's (the API refuses another);
 * the rest fills only what the client left empty, from the first array that has a value, so an
 * answer typed in the CAD form is never overwritten.
 */
export function prefillCadIntake(cad: CadIntake, from: { stateAbbreviation: string | null; arrays: readonly JobArray[] }): CadIntake {
  const out: CadIntake = { ...cad };
  if (from.stateAbbreviation) out.state = from.stateAbbreviation;
  const firstOf = <K extends keyof JobArray>(k: K): JobArray[K] | undefined => from.arrays.find((a) => a[k] !== null && a[k] !== '')?.[k];
  const fill = (field: keyof CadIntake, value: unknown, custom?: [keyof CadIntake, unknown]) => {
    if ((out[field] === '' || out[field] === null) && value !== undefined && value !== null && value !== '') {
      (out as Record<string, unknown>)[field] = typeof out[field] === 'string' || out[field] === '' ? String(value) : value;
      if (custom && (out[custom[0]] === '' || out[custom[0]] === null)) (out as Record<string, unknown>)[custom[0]] = custom[1] ?? '';
    }
  };
  const first = from.arrays[0];
  fill('roof_material', firstOf('roof_material'));
  fill('roof_pitch', first?.roof_pitch);
  fill('racking_type', firstOf('racking_type'), ['custom_racking_type', from.arrays.find((a) => a.racking_type)?.custom_racking_type]);
  fill('connection_type', firstOf('connection_type'), ['custom_connection_type', from.arrays.find((a) => a.connection_type)?.custom_connection_type]);
  fill('beam_shape', firstOf('beam_shape'), ['custom_beam_shape', from.arrays.find((a) => a.beam_shape)?.custom_beam_shape]);
  return out;
}

/** The CAD fields the arrays or the address answer (shown read-only-ish with "from the arrays"). */
export const PREFILLED_FROM_ARRAYS = ['roof_material', 'roof_pitch', 'racking_type', 'connection_type', 'beam_shape'] as const;

/** A utility is offered for a job in `state` when it serves that state (or says nothing about states). */
export function servesState(utility: { states?: readonly string[] }, state: string | null | undefined): boolean {
  return !state || !utility.states?.length || utility.states.includes(state);
}
