/*
 * Who may seal a job: an engineer licensed in the job's state for the discipline the document needs,
 * with a licence that has not expired on the sealing date. Pure; dates are ISO calendar dates.
 */

export const DISCIPLINES = ['structural', 'electrical'] as const;
export type Discipline = (typeof DISCIPLINES)[number];

export interface EngineerLicences {
  id: string;
  name: string;
  isActive: boolean;
  disciplines: readonly string[];
  licences: readonly { state: string; number: string; expiresOn: string }[];
}

export type SealRefusal = { ok: false; message: string } | { ok: true; licence: { state: string; number: string; expiresOn: string } };

/** Whether this engineer may seal a job in `state` for `discipline` on `today`, and the licence used. */
export function sealingLicenceOf(engineer: EngineerLicences, state: string, discipline: Discipline, today: string): SealRefusal {
  if (!engineer.isActive) return { ok: false, message: `${engineer.name} is deactivated and cannot seal.` };
  if (!engineer.disciplines.includes(discipline)) return { ok: false, message: `${engineer.name} does not practise ${discipline} engineering, so cannot seal ${discipline} documents.` };
  const licence = engineer.licences.find((l) => l.state === state);
  if (!licence) return { ok: false, message: `${engineer.name} holds no PE licence in ${state}, the job's state.` };
  if (licence.expiresOn < today) return { ok: false, message: `${engineer.name}'s ${state} PE licence ${licence.number} expired on ${licence.expiresOn}.` };
  return { ok: true, licence };
}

/** The first engineer (in the order given) who may seal, or the refusal naming what is missing. */
export function chooseSealingEngineer<E extends EngineerLicences>(engineers: readonly E[], state: string, discipline: Discipline, today: string):
  { ok: true; engineer: E; licence: { state: string; number: string; expiresOn: string } } | { ok: false; message: string } {
  for (const e of engineers) {
    const r = sealingLicenceOf(e, state, discipline, today);
    if (r.ok) return { ok: true, engineer: e, licence: r.licence };
  }
  return { ok: false, message: `No engineer holds an unexpired ${discipline} PE licence in ${state}: add one on the Engineers page before sealing this job.` };
}
