import { EDITABLE_CODE_TYPES, type CodeType } from '../catalogue/code-types.ts';
import { isInternalStaff, type Role } from '../roles.ts';

/*
 * decisions.md roles table, "edit codes, AHJs, utilities, option lists, site alerts, blog, help":
 * admin all of it, support AHJs, utilities and help, nobody else. The equipment catalogue is
 * reference data staff keep (admin and support). Everyone signed in reads all of it.
 */
export const CATALOGUE_AREAS = ['codes', 'ahjs', 'utilities', 'option_lists', 'site_alerts', 'blog', 'help', 'equipment'] as const;
export type CatalogueArea = (typeof CATALOGUE_AREAS)[number];

const SUPPORT_EDITS: readonly CatalogueArea[] = ['ahjs', 'utilities', 'help', 'equipment'];

export function mayEditCatalogue(role: Role, area: CatalogueArea): boolean {
  if (role === 'admin') return true;
  if (role === 'support') return SUPPORT_EDITS.includes(area);
  return false;
}

/** Of the code lists only IBC and IEBC change at all (spec §7 PUT /codes/{ibc|iebc}). */
export const mayEditCodeList = (role: Role, type: CodeType) =>
  mayEditCatalogue(role, 'codes') && (EDITABLE_CODE_TYPES as readonly CodeType[]).includes(type);

/** Deactivated AHJs, utilities and equipment are staff business; others never see them. */
export const maySeeInactiveCatalogue = (role: Role) => isInternalStaff(role);

/** The refusal the API sends, and the web shows, for an edit the role may not make. */
export const catalogueRefusalOf = (area: CatalogueArea): string =>
  SUPPORT_EDITS.includes(area) ? 'Only Sunstamp staff can change this.' : 'Only an admin can change this list.';
