import { isInternalStaff, type Role } from '../roles.ts';
import { mayListAllCompanies, maySeeShifts } from './companies.policy.ts';
import { mayListUsers } from './users.policy.ts';
import { mayEditCatalogue } from './catalogue.policy.ts';
import { mayReadEngineers } from './engineers.policy.ts';

/*
 * The app's sections, analytics tabs and settings by role (decisions.md roles table). The web hides
 * what the API refuses; the API decides.
 */

export type Section = 'jobs' | 'messages' | 'analytics' | 'requirements' | 'users' | 'companies' | 'catalogue' | 'site_alerts' | 'engineers' | 'content' | 'back_office';
export function maySeeSection(role: Role, section: Section): boolean {
  switch (section) {
    case 'users':
      return mayListUsers(role);
    case 'companies':
      return mayListAllCompanies(role);
    case 'catalogue':
      return isInternalStaff(role);
    case 'site_alerts':
      return mayEditCatalogue(role, 'site_alerts');
    case 'engineers':
      return mayReadEngineers(role);
    case 'back_office':
      // Groups, support contacts, who is on shift and the shift log.
      return maySeeShifts(role);
    case 'content':
      // The blog and help editor: admin writes both, support help only.
      return mayEditCatalogue(role, 'blog') || mayEditCatalogue(role, 'help');
    default:
      return true;
  }
}

/** "analytics tabs": My for everyone; Group for staff; Company for staff and company admins (their own). */
export type AnalyticsTab = 'my' | 'group' | 'company';
export function analyticsTabsFor(role: Role): readonly AnalyticsTab[] {
  if (isInternalStaff(role)) return ['my', 'group', 'company'];
  if (role === 'user_admin') return ['my', 'company'];
  return ['my'];
}

/**
 * Staff figures in analytics (issue 29): who on our team designed what ("Designers per company"),
 * shift hours and jobs per hour. Staff only; a client company admin sees its own company's figures.
 */
export const maySeeStaffFigures = (role: Role) => isInternalStaff(role);

/** Engineering settings (the structural span limit): staff read them, an admin changes them. */
export const mayReadSettings = (role: Role) => isInternalStaff(role);
export const mayChangeSettings = (role: Role) => role === 'admin';
