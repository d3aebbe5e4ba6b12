import { EDITABLE_CODE_TYPES, type CodeType } from '@sunstamp/domain/contracts/catalogue';
import { isAdmin, isInternalStaff, type Role } from '@sunstamp/domain/roles';

/*
 * What each role may change on the catalogue screens (decisions.md roles table, as the API
 * enforces it): codes and option lists are admin only, and of the codes only IBC and IEBC can be
 * changed at all (spec §7 PUT /codes/{ibc|iebc}); AHJs, utilities and equipment are staff
 * (admin, support). Everyone else reads. The UI only hides what the API refuses.
 */

export const canEditCodeList = (role: Role, type: CodeType) =>
  isAdmin(role) && (EDITABLE_CODE_TYPES as readonly CodeType[]).includes(type);

export const canEditOptionLists = (role: Role) => isAdmin(role);

export const canEditEquipment = (role: Role) => isInternalStaff(role);

