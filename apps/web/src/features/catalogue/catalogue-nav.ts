import type { Role } from '@sunstamp/domain/roles';
import { maySeeSection } from '@sunstamp/domain/policies/app.policy';

/**
 * Navigation entries of the catalogue screens, for staff (admin, support) only. "Reference" opens
 * the option lists and the codes (tabs between them): one entry for both keeps the top bar short.
 * Support sees those two read-only; only an admin changes them (domain catalogue.policy.ts).
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
  { label: 'Engineering', to: '/reference/engineering' },
] as const;

export const catalogueNavItemsFor = (role: Role) => (maySeeSection(role, 'catalogue') ? CATALOGUE_NAV_ITEMS : []);
