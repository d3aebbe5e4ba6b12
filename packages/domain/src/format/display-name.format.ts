/** Display names and initials (spec §5). */

export interface NamedUser {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

export const NO_NAME = '[No Name]';
/** Shown for events with no user (system actions). */
export const NO_USER_INITIALS = 'RA';

const clean = (s: string | null | undefined) => (s ?? '').trim();

/** Upper-cases the first letter only: "mcDonald" stays "McDonald", not "Mcdonald". */
export function capitalise(s: string): string {
  return s ? s.charAt(0).toLocaleUpperCase('en-US') + s.slice(1) : s;
}

export function getDisplayName(user: NamedUser | null | undefined): string {
  if (!user) return NO_NAME;
  const name = [clean(user.firstName), clean(user.lastName)].filter(Boolean).map(capitalise).join(' ');
  if (name) return name;
  return clean(user.email) || NO_NAME;
}

/**
 * Initials of first and last name (one letter when only one is set), else the email's first
 * letter, 'RA' with no user, and '?' for a user with neither name nor email.
 */
export function getInitials(user: NamedUser | null | undefined): string {
  if (!user) return NO_USER_INITIALS;
  const fromNames = [clean(user.firstName), clean(user.lastName)]
    .filter(Boolean)
    .map((s) => Array.from(s)[0])
    .join('');
  if (fromNames) return fromNames.toLocaleUpperCase('en-US');
  const email = clean(user.email);
  return email ? Array.from(email)[0].toLocaleUpperCase('en-US') : '?';
}
