import { isInternalStaff, type Role } from '@sunstamp/domain/roles';

/** Navigation entries of the catalogue screens, for staff (admin, support) only. */
export const CATALOGUE_NAV_ITEMS = [
  { label: 'AHJs', to: '/ahjs' },
  { label: 'Utilities', to: '/utilities' },
  { label: 'Equipment', to: '/equipment' },
] as const;

export const catalogueNavItemsFor = (role: Role) => (isInternalStaff(role) ? CATALOGUE_NAV_ITEMS : []);
