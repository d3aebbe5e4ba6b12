import { describe, expect, it } from 'vitest';
import { ROLES } from '@sunstamp/domain/roles';
import type { SessionStatus } from '../lib/session/session.context.ts';
import { decideOnboarding, decideRoute, navItemsFor, postLoginTarget, type RouteAccess } from './route-access.ts';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('decideRoute (spec §2)', () => {
  const table: [RouteAccess, SessionStatus, ReturnType<typeof decideRoute>][] = [
    ['open', 'restoring', { type: 'render' }],
    ['open', 'signed-in', { type: 'render' }],
    ['open', 'signed-out', { type: 'render' }],
    ['guest-only', 'restoring', { type: 'wait' }],
    ['guest-only', 'signed-out', { type: 'render' }],
    ['guest-only', 'signed-in', { type: 'redirect', to: '/jobs' }],
    ['home', 'signed-out', { type: 'render' }],
    ['home', 'signed-in', { type: 'redirect', to: '/jobs' }],
    ['auth', 'restoring', { type: 'wait' }],
    ['auth', 'signed-in', { type: 'render' }],
    ['auth', 'signed-out', { type: 'redirect', to: '/login', from: '/users?role=user#top' }],
  ];
  it.each(table)('%s while %s', (access, status, expected) => {
    expect(decideRoute(access, status, at('/users', '?role=user', '#top'))).toEqual(expected);
  });

  it('sends a user who just signed in on /login back to the remembered page', () => {
    expect(decideRoute('guest-only', 'signed-in', at('/login'), { from: '/profile?tab=2' })).toEqual({ type: 'redirect', to: '/profile?tab=2' });
  });

  it('does not remember the page after the user signed out themselves', () => {
    expect(decideRoute('auth', 'signed-out', at('/profile'), { rememberPath: false })).toEqual({ type: 'redirect', to: '/login' });
  });
});

describe('postLoginTarget', () => {
  it.each([
    ['/profile', '/profile'],
    ['/users?role=user', '/users?role=user'],
    [undefined, '/jobs'],
    [42, '/jobs'],
    ['', '/jobs'],
    ['https://evil.test/x', '/jobs'],
    ['//evil.test/x', '/jobs'],
    ['/\\evil.test', '/jobs'],
    ['/login', '/jobs'],
    ['/login/?x=1', '/jobs'],
    ['/request-demo', '/jobs'],
    ['/', '/jobs'],
    ['/jobs\n', '/jobs'],
  ])('%j → %s', (from, expected) => {
    expect(postLoginTarget(from)).toBe(expected);
  });
});

describe('decideOnboarding', () => {
  const user = (needsPassword: boolean, needsOnboarding: boolean) => ({ needsPassword, needsOnboarding });
  it('sends a user with onboarding left to /onboarding', () => {
    expect(decideOnboarding(user(true, false), '/jobs')).toEqual({ type: 'redirect', to: '/onboarding' });
    expect(decideOnboarding(user(false, true), '/profile')).toEqual({ type: 'redirect', to: '/onboarding' });
    expect(decideOnboarding(user(true, true), '/onboarding')).toEqual({ type: 'render' });
  });
  it('sends a user who is done away from /onboarding', () => {
    expect(decideOnboarding(user(false, false), '/onboarding/')).toEqual({ type: 'redirect', to: '/jobs' });
    expect(decideOnboarding(user(false, false), '/jobs')).toEqual({ type: 'render' });
  });
});

describe('navigation by role', () => {
  it('shows Messages to everyone, Users to staff and company admins, Companies to staff only', () => {
    const labels = Object.fromEntries(ROLES.map((r) => [r, navItemsFor(r).map((i) => i.label)]));
    expect(labels).toEqual({
      admin: ['Jobs', 'Messages', 'Analytics', 'Requirements', 'Users', 'Companies'],
      support: ['Jobs', 'Messages', 'Analytics', 'Requirements', 'Users', 'Companies'],
      contractor: ['Jobs', 'Messages', 'Analytics', 'Requirements'],
      user_admin: ['Jobs', 'Messages', 'Analytics', 'Requirements', 'Users'],
      user: ['Jobs', 'Messages', 'Analytics', 'Requirements'],
    });
  });
});
