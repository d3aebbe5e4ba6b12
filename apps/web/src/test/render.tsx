import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { MemoryRouter } from 'react-router';
import type { Role } from '@sunstamp/domain/roles';
import type { SessionUser } from '@sunstamp/domain/contracts/users';
import { createAppTheme } from '../app/theme.ts';
import { Toaster } from '../app/toaster.tsx';
import { notify } from '../lib/notify.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { SessionContext, type SessionValue } from '../lib/session/session.context.ts';
import { SessionProvider } from '../lib/session/session.provider.tsx';

/** A signed-in user of the given role (the fields the screens read). */
export function userOf(role: Role, patch: Partial<SessionUser> = {}): SessionUser {
  return {
    id: `user-${role}`,
    email: `${role}@example.com`,
    full_name: `Test ${role}`,
    firstName: 'Test',
    lastName: role,
    verifiedEmail: true,
    phoneNumber: null,
    role,
    needsOnboarding: false,
    needsPassword: false,
    jobNotificationsEnabled: true,
    messageNotificationsEnabled: true,
    companies: [{ id: 'company-1', name: 'Sunny Installers' }],
    rae_support_contact: null,
    ...patch,
  };
}

/**
 * Renders a screen as the app does: the app's theme, a fresh query cache with the app's error
 * toasts, the toaster (so a toast is text on the page), a router, and a signed-in session
 * (`realSession`: the app's SessionProvider, signed out until a sign-in through the fake API).
 */
export function renderApp(ui: ReactElement, options: { user?: SessionUser | null; route?: string; routeState?: unknown; realSession?: boolean } = {}) {
  const user = options.user === undefined ? userOf('admin') : options.user;
  const queryClient = createQueryClient(notify);
  queryClient.setDefaultOptions({ ...queryClient.getDefaultOptions(), queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const session: SessionValue = {
    status: user ? 'signed-in' : 'signed-out',
    user,
    me: null,
    endedByUser: false,
    signIn: () => Promise.resolve(),
    signOut: () => Promise.resolve(),
  };
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme={createAppTheme('light')}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        {options.realSession ? (
          // The app's own session (sign-in through the API client, the user from GET /users/me).
          <SessionProvider>
            <MemoryRouter initialEntries={[{ pathname: options.route ?? '/', state: options.routeState }]}>{children}</MemoryRouter>
          </SessionProvider>
        ) : (
          <SessionContext.Provider value={session}>
            <MemoryRouter initialEntries={[{ pathname: options.route ?? '/', state: options.routeState }]}>{children}</MemoryRouter>
          </SessionContext.Provider>
        )}
      </QueryClientProvider>
      <Toaster />
    </ThemeProvider>
  );
  // No pause between keystrokes, and no CSS pointer-events check on every click (a getComputedStyle
  // up the whole tree each time, most of a test's time in jsdom; MUI disables controls with the
  // disabled attribute, which the tests check themselves).
  const events = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { user: events, queryClient, ...render(ui, { wrapper: Wrapper }) };
}
