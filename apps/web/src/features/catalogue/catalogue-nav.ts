import { isInternalStaff, type Role } from '@sunstamp/domain/roles';

/**
 * Navigation entries of the catalogue screens, for staff (admin, support) only. "Reference" opens
 * the option lists and the codes (tabs between them): one entry for both keeps the top bar short.
 * Support sees those two read-only; only an admin changes them (catalogue.permissions.ts).
 */
export const CATALOGUE_NAV_ITEMS = [
  { label: 'AHJs', to: '/ahjs' },
  { label: 'Utilities', to: '/utilities' },
  { label: 'Equipment', to: '/equipment' },
  { label: 'Reference', to: '/reference' },
] as const;

/** The screens under /reference, in tab order; /reference itself opens the first. */
export const REFERENCE_PAGES = [
  { label: 'Option lists', to: '/reference/option-lists' },
  { label: 'Codes', to: '/reference/codes' },
] as const;

export const catalogueNavItemsFor = (role: Role) => (isInternalStaff(role) ? CATALOGUE_NAV_ITEMS : []);
