import { DISCIPLINES, type Discipline } from '@sunstamp/domain/engineers/engineer-licence.rules';
import { DEFAULT_SEAL_PAGES } from '@sunstamp/domain/engineers/seal-coverage.rules';
import type { PlanSetInput } from '../input.schema.ts';
import { pageAliases, type LogicalPage } from '../planset.model.ts';

/*
 * Which sheets a PE seal covers. The API says which seals a set needs and the page list of each
 * (domain engineers/seal-coverage.rules.ts sealAreasFor); this decides the pages. A list that names
 * none of the set's sheets, or no list, means the default coverage (DEFAULT_SEAL_PAGES):
 *   structural: PV-1 (cover), PV-2 (roof plan, array layout) and PV-3 (structural, attachment), with
 *   PV-3A (PV-3 continued) when the set has it — also when a list names PV-3;
 *   electrical: PV-1 (cover), PV-4 (single line), the electrical sheets lettered after it when the
 *   set has them (PV-4A, PV-4B, PV-4C in order of the three-line diagram, the energy storage sheet
 *   and the electrical calculations; the calculations' continuation, wherever it is lettered, goes
 *   with them), PV-5 (labels, notes) and its continuation sheets PV-5A (site photos) and PV-5B
 *   (labels page), when the set has them.
 * Listed pages the set does not have are left out. Cut sheets (manufacturers' documents) are
 * sealed only when a list names them.
 */

export interface SealArea { discipline: Discipline; pages: readonly string[] }

const norm = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/** The set's pages (in order) a seal area covers. */
export function coveredLogicalPages(input: PlanSetInput, pages: readonly LogicalPage[], area: SealArea): LogicalPage[] {
  const on = (names: readonly string[]) => {
    const wanted = new Set(names.map(norm));
    return pages.filter((p) => pageAliases(input, p).some((a) => wanted.has(norm(a))));
  };
  const listed = on(area.pages);
  const covered = listed.length ? listed : on(DEFAULT_SEAL_PAGES[area.discipline]);
  // PV-3A is PV-3 continued, and calc2 the calculations continued: a seal on the sheet covers its continuation too
  const cont = (from: LogicalPage, to: LogicalPage) => covered.includes(from) && pages.includes(to) && !covered.includes(to);
  return cont('pv3', 'pv3a') || cont('calc', 'calc2') ? pages.filter((p) => covered.includes(p) || (p === 'pv3a' && covered.includes('pv3')) || (p === 'calc2' && covered.includes('calc'))) : covered;
}

/** The disciplines whose seal goes on `page`, structural first. */
export function sealDisciplinesOn(input: PlanSetInput, pages: readonly LogicalPage[], page: LogicalPage): Discipline[] {
  const areas = input.stamps.sealAreas;
  return DISCIPLINES.filter((d) => areas.some((a) => a.discipline === d && coveredLogicalPages(input, pages, a).includes(page)));
}
