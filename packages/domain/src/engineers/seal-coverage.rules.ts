import { REVISION_SUFFIX } from '../constants/services.constants.ts';
import { parsePageList } from '../jobs/page-list.rules.ts';
import { DISCIPLINES, type Discipline } from './engineer-licence.rules.ts';

/*
 * Which PE seals a plan set needs and on which sheets (docs/architecture.md "Seals"). A seal is
 * wanted for each discipline the job's services or its stamp requirements call for:
 *   structural: the CAD Stamp (Structural) service, or structural_stamps_on_cad on;
 *   electrical: the CAD Stamp (Electrical) service, or electrical_stamps_on_cad or
 *               professional_stamps_on_electrical on.
 * ("Only Over 10 Kilowatts" is already decided when the requirements are resolved with the system
 * size.) Its sheets are the job's own page list, else the requirement's, else the default below.
 */

/** The default coverage when no list names a sheet of the set (spec: "every sheet of the set" per discipline). */
export const DEFAULT_SEAL_PAGES: Readonly<Record<Discipline, readonly string[]>> = {
  structural: ['PV-1', 'PV-2', 'PV-3'],
  electrical: ['PV-1', 'PV-4', 'PV-4A', 'PV-4B', 'PV-4C', 'PV-5', 'PV-5A', 'PV-5B'],
};

export const SEAL_SERVICES: Readonly<Record<Discipline, string>> = { structural: 'cad_stamp_structural', electrical: 'cad_stamp_electrical' };
export const SEAL_REQUIREMENTS: Readonly<Record<Discipline, readonly string[]>> = {
  structural: ['structural_stamps_on_cad'],
  electrical: ['electrical_stamps_on_cad', 'professional_stamps_on_electrical'],
};
export const SEAL_PAGE_LISTS: Readonly<Record<Discipline, string>> = { structural: 'structural_pages_to_stamp', electrical: 'electrical_pages_to_stamp' };

const base = (s: string) => (s.endsWith(REVISION_SUFFIX) ? s.slice(0, -REVISION_SUFFIX.length) : s);

/** The seals a plan set needs: discipline and the pages listed for it (empty: the default coverage). */
export function sealAreasFor(a: {
  services: readonly string[];
  /** Whether a requirement is on, as resolved for the job. */
  requirementOn: (key: string) => boolean;
  /** A requirement's text value when it is on ('' otherwise). */
  requirementText: (key: string) => string;
  /** The job's own page lists, which win over the requirements'. */
  jobPages?: Partial<Record<Discipline, string>>;
}): { discipline: Discipline; pages: string[] }[] {
  const services = new Set(a.services.map(base));
  return DISCIPLINES.flatMap((d) => {
    const wanted = services.has(SEAL_SERVICES[d]) || SEAL_REQUIREMENTS[d].some((k) => a.requirementOn(k));
    if (!wanted) return [];
    const own = parsePageList(a.jobPages?.[d]).pages;
    return [{ discipline: d, pages: own.length ? own : parsePageList(a.requirementText(SEAL_PAGE_LISTS[d])).pages }];
  });
}
