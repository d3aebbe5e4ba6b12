import type { SessionStatus } from '../lib/session/session.context.ts';
import type { Role } from '@sunstamp/domain/roles';
import { maySeeSection, type Section } from '@sunstamp/domain/policies/app.policy';

/**
 * Access kinds of spec §2:
 * - guest-only: /login and /request-demo; a signed-in user goes to /jobs
 * - home: / shows the home page only when signed out; a signed-in user goes to /jobs
 * - open: anyone (reset, verify, marketing and content pages)
 * - auth: any other path; signed out goes to /login remembering the requested path
 */
export type RouteAccess = 'guest-only' | 'home' | 'open' | 'auth';

export type GuardDecision =
  | { type: 'render' }
  | { type: 'wait' }
  | { type: 'redirect'; to: string; from?: string };

export const SIGNED_IN_HOME = '/jobs';
export const LOGIN_PATH = '/login';
export const ONBOARDING_PATH = '/onboarding';

type Where = { pathname: string; search?: string; hash?: string };

export const fullPath = (l: Where) => `${l.pathname}${l.search ?? ''}${l.hash ?? ''}`;

export type GuardContext = {
  /** The path remembered when /login was shown for a protected page (location state). */
  from?: unknown;
  /** False after the user signed out themselves: /login then does not remember the page. */
  rememberPath?: boolean;
};

export function decideRoute(
  access: RouteAccess,
  status: SessionStatus,
  location: Where,
  context: GuardContext = {},
): GuardDecision {
  if (access === 'open') return { type: 'render' };
  if (status === 'restoring') return { type: 'wait' };
  const signedIn = status === 'signed-in';
  switch (access) {
    case 'guest-only':
      // Signing in on /login lands here: go back to the page that asked for the sign-in.
      return signedIn ? { type: 'redirect', to: postLoginTarget(context.from) } : { type: 'render' };
    case 'home':
      return signedIn ? { type: 'redirect', to: SIGNED_IN_HOME } : { type: 'render' };
    case 'auth':
      if (signedIn) return { type: 'render' };
      return context.rememberPath === false
        ? { type: 'redirect', to: LOGIN_PATH }
        : { type: 'redirect', to: LOGIN_PATH, from: fullPath(location) };
  }
}

const GUEST_ONLY_PATHS = ['/login', '/request-demo'];

/**
 * Where to go after signing in: the remembered path when it is a path of this app (not a
 * protocol-relative or absolute URL, and not a guest-only page); else /jobs.
 */
export function postLoginTarget(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return SIGNED_IN_HOME;
  }
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f]/.test(from)) return SIGNED_IN_HOME;
  const pathname = from.split(/[?#]/)[0]!.replace(/\/+$/, '') || '/';
  if (pathname === '/' || GUEST_ONLY_PATHS.includes(pathname)) return SIGNED_IN_HOME;
  return from;
}

/**
 * Onboarding gate for signed-in pages: a user who must set a password or finish the profile
 * sees /onboarding first; a user who is done leaves it.
 */
export function decideOnboarding(
  user: { needsPassword: boolean; needsOnboarding: boolean },
  pathname: string,
): GuardDecision {
  const needs = user.needsPassword || user.needsOnboarding;
  const onOnboarding = pathname.replace(/\/+$/, '') === ONBOARDING_PATH;
  if (needs && !onOnboarding) return { type: 'redirect', to: ONBOARDING_PATH };
  if (!needs && onOnboarding) return { type: 'redirect', to: SIGNED_IN_HOME };
  return { type: 'render' };
}

export type NavItem = { section: Section; label: string; to: string };

export const NAV_ITEMS: readonly NavItem[] = [
  { section: 'jobs', label: 'Jobs', to: '/jobs' },
  { section: 'messages', label: 'Messages', to: '/messages' },
  { section: 'analytics', label: 'Analytics', to: '/analytics' },
  { section: 'requirements', label: 'Requirements', to: '/requirements' },
  { section: 'users', label: 'Users', to: '/users' },
  { section: 'companies', label: 'Companies', to: '/companies' },
];

export const navItemsFor = (role: Role) => NAV_ITEMS.filter((i) => maySeeSection(role, i.section));
