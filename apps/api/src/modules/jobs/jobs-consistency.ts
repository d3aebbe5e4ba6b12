import { eq } from 'drizzle-orm';
import { isUtilityId } from '@sunstamp/domain/jobs/job-options.rules';
import { addressContradictions, type PlaceState } from '@sunstamp/domain/jobs/address.rules';
import { pinStateOf, zipStateOf } from '../../platform/geocoder.ts';
import type { DbOrTx } from '../../db/client.ts';
import { ahjs, states, utilities } from '../../db/schema.ts';
import type * as repo from './jobs.repository.ts';

/**
 * One intake without contradictions: the job's state (from its address) is the one state the
 * CAD form, the utility and the AHJ may be in. Checked only when one of them changes (a stored
 * combination was checked when written); a job without a state yet is not checked (the address
 * step sets it). Answers the bad fields, named as the body names them.
 */
export async function stateContradictions(
  db: DbOrTx,
  set: Partial<repo.JobInsert>,
  current: repo.JobRow | undefined,
  /** Check every part, changed or not (submit: a job saved before a rule existed is checked too). */
  always = false,
): Promise<Record<string, string>[]> {
  const stateId = set.clientStateId !== undefined ? set.clientStateId : current?.clientStateId ?? null;
  if (stateId === null) return [];
  const cad = (set.cadIntake ?? current?.cadIntake ?? {}) as Record<string, unknown>;
  const old = (current?.cadIntake ?? {}) as Record<string, unknown>;
  const stateChanged = set.clientStateId !== undefined && set.clientStateId !== current?.clientStateId;
  const cadStateChanged = set.cadIntake !== undefined && cad.state !== old.state;
  const utilityChanged = set.cadIntake !== undefined && cad.utility !== old.utility;
  const ahjId = set.ahjId !== undefined ? set.ahjId : current?.ahjId ?? null;
  const ahjChanged = set.ahjId !== undefined && set.ahjId !== current?.ahjId;
  if (!always && !(stateChanged || cadStateChanged || utilityChanged || ahjChanged)) return [];

  const [state] = await db.select({ name: states.name, abbreviation: states.abbreviation }).from(states).where(eq(states.id, stateId));
  if (!state) return [];
  const where = `${state.name} (${state.abbreviation})`;
  const bad: Record<string, string>[] = [];
  if (typeof cad.state === 'string' && cad.state && cad.state !== state.abbreviation) {
    bad.push({ 'cad_intake.state': `The site address is in ${where}: the CAD form's state must be ${state.abbreviation}.` });
  }
  if (typeof cad.utility === 'string' && isUtilityId(cad.utility)) {
    const [u] = await db.select({ name: utilities.name, states: utilities.states }).from(utilities).where(eq(utilities.id, cad.utility));
    if (u && u.states.length && !u.states.includes(state.abbreviation)) {
      bad.push({ 'cad_intake.utility': `${u.name} does not serve ${where}: choose a utility of the site's state.` });
    }
  }
  if (ahjId) {
    const [a] = await db.select({ name: ahjs.name, state: ahjs.state }).from(ahjs).where(eq(ahjs.id, ahjId));
    if (a && a.state !== state.abbreviation) bad.push({ ahj_id: `${a.name} is in ${a.state}, the site is in ${where}: choose an AHJ of the site's state.` });
  }
  return bad;
}

/** The address as a job or a form holds it. */
export type AddressParts = {
  stateId: number | null;
  zip: string;
  latitude: number | null;
  longitude: number | null;
};

/**
 * State, ZIP and map pin (issue 29, item 6): the ZIP's state from the postal dataset, the pin's
 * from the nearest ZIP centres (platform/geocoder.ts pinStateOf), each compared with the state.
 */
export async function addressPartsProblems(db: DbOrTx, a: AddressParts): Promise<Record<string, string>[]> {
  let state: PlaceState | null = null;
  if (a.stateId !== null) {
    const [s] = await db.select({ name: states.name, abbreviation: states.abbreviation }).from(states).where(eq(states.id, a.stateId));
    state = s ?? null;
  }
  const zipState = zipStateOf(a.zip);
  const pinState = a.latitude !== null && a.longitude !== null
    ? pinStateOf(a.latitude, a.longitude, state?.abbreviation ?? zipState?.abbreviation ?? null)
    : null;
  return addressContradictions({ state, zip: a.zip.trim(), zipState, pinState });
}

/** Everything about the job's place that must agree before it is submitted: address parts, then AHJ, utility and CAD state. */
export async function placeProblems(db: DbOrTx, job: repo.JobRow): Promise<Record<string, string>[]> {
  const bad = await addressPartsProblems(db, {
    stateId: job.clientStateId, zip: job.clientZipCode, latitude: job.latitude, longitude: job.longitude,
  });
  bad.push(...(await stateContradictions(db, {}, job, true)));
  return bad;
}
