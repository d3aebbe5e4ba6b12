import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { useSession } from '../../../lib/session/session.context.ts';
import { fakeApi, refusal } from '../../../test/fake-api.ts';
import { renderApp, userOf } from '../../../test/render.tsx';
import { LoginPage } from './login.page.tsx';

/** The sign-in page beside what the session says: the app's own SessionProvider runs. */
function Screen() {
  const { status, user } = useSession();
  return (
    <>
      <LoginPage />
      <output data-testid="session">{status}{user ? `: ${user.email}` : ''}</output>
    </>
  );
}

describe('the sign-in page', () => {
  it('checks the fields before calling the API', async () => {
    const api = fakeApi();
    localStorage.clear();
    const { user } = renderApp(<Screen />, { realSession: true, user: null });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /auth/login/')).toHaveLength(0);
  });

  it('signs in: the tokens are kept and the session holds the user from /users/me', async () => {
    const api = fakeApi({
      'POST /auth/login/': { access: 'a-1', refresh: 'r-1' },
      'GET /auth/csrf/': { csrfToken: 'c-1' },
      'GET /users/me': { user: userOf('contractor', { email: 'kim@example.com' }), site_alerts: [], companies: [], month_stats: {} },
    });
    localStorage.clear();
    const { user } = renderApp(<Screen />, { realSession: true, user: null });
    expect(screen.getByTestId('session')).toHaveTextContent('signed-out');
    await user.click(screen.getByLabelText(/Email/));
    await user.paste('kim@example.com');
    await user.click(screen.getByLabelText(/Password/));
    await user.paste('correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('signed-in: kim@example.com')).toBeInTheDocument();
    expect(api.callsTo('POST /auth/login/')[0]!.body).toEqual({ email: 'kim@example.com', password: 'correct horse' });
    expect(localStorage.getItem('accessToken')).toBe('a-1');
    expect(api.callsTo('GET /users/me')[0]!.headers.Authorization).toBe('Bearer a-1');
  });

  it("shows the server's refusal above the form and stays signed out", async () => {
    fakeApi({ 'GET /auth/csrf/': { csrfToken: 'c-1' }, 'POST /auth/login/': refusal(401, 'No active account found with the given credentials') });
    localStorage.clear();
    const { user } = renderApp(<Screen />, { realSession: true, user: null });
    await user.click(screen.getByLabelText(/Email/));
    await user.paste('kim@example.com');
    await user.click(screen.getByLabelText(/Password/));
    await user.paste('wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No active account found with the given credentials');
    expect(screen.getByTestId('session')).toHaveTextContent('signed-out');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('the password can be shown and hidden', async () => {
    fakeApi();
    localStorage.clear();
    const { user } = renderApp(<Screen />, { realSession: true, user: null });
    const password = screen.getByLabelText(/Password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('asks to sign in to continue when sent here from another page', () => {
    fakeApi();
    localStorage.clear();
    renderApp(<Screen />, { realSession: true, user: null, route: '/login', routeState: { from: '/jobs' } });
    expect(screen.getByText('Please sign in to continue.')).toBeInTheDocument();
  });
});
