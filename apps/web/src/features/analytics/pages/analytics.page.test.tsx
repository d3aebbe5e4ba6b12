import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { STATS_ERROR_MESSAGE } from '@sunstamp/domain/constants/messages.constants';
import { fakeApi, json } from '../../../test/fake-api.ts';
import { renderApp, userOf } from '../../../test/render.tsx';
import { analyticsStorageKey, rangeOfPreset } from '../analytics.settings.ts';
import { AnalyticsPage } from './analytics.page.tsx';

// The page's filters as the API receives them: the statistics themselves are left unanswered (a
// server error), which is also how the page must fail: the spec's message and a retry.
const today = () => new Date().toISOString().slice(0, 10);
const statsApi = (routes: Record<string, unknown> = {}) => fakeApi({ 'GET /stats': json(500, { message: 'Server error.' }), ...routes });
const lastStats = (api: ReturnType<typeof fakeApi>) => api.callsTo('GET /stats').at(-1)!.query;

// The whole page (date pickers, tabs, cards) is the heaviest render of the web tests: on a machine
// as loaded as the one these were written on (load ~30 on 2 cores) a test passed 60 s. The limit
// only catches a hang.
describe('the analytics filters', { timeout: 180_000 }, () => {
  it('asks for the last 12 months, monthly, on My Stats by default; a failure shows the spec message with Try again', async () => {
    const api = statsApi();
    renderApp(<AnalyticsPage />, { user: userOf('contractor') });
    expect(await screen.findByText('Statistics could not be loaded')).toBeInTheDocument();
    expect(screen.getAllByText(STATS_ERROR_MESSAGE).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    const q = lastStats(api);
    const range = rangeOfPreset('last_12_months', today());
    expect(Object.fromEntries(q)).toEqual({ active_tab: 'my', start_date: range.start, end_date: range.end, jobsCreatedInterval: 'monthly', servicesRequestedInterval: 'monthly' });
    expect(screen.getByRole('button', { name: 'Last 12 months' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('stats-export')).toBeDisabled();
  });

  it('a shortcut changes the dates asked for and is remembered for the user', async () => {
    const api = statsApi();
    const user = userOf('admin');
    const { user: ui } = renderApp(<AnalyticsPage />, { user });
    await screen.findByText('Statistics could not be loaded');
    await ui.click(screen.getByRole('button', { name: 'Last month' }));
    const range = rangeOfPreset('last_month', today());
    await waitFor(() => expect(lastStats(api).get('start_date')).toBe(range.start));
    expect(lastStats(api).get('end_date')).toBe(range.end);
    expect(screen.getByRole('button', { name: 'Last month' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Last 12 months' })).toHaveAttribute('aria-pressed', 'false');
    expect(JSON.parse(localStorage.getItem(analyticsStorageKey(user.id))!)).toMatchObject({ preset: 'last_month' });
  });

  it('shows only the tabs the role has: a client company admin has no Group Stats', async () => {
    statsApi();
    renderApp(<AnalyticsPage />, { user: userOf('user_admin') });
    const tabs = within(await screen.findByRole('tablist', { name: 'Statistics' })).getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).not.toContain('Group Stats');
    expect(tabs).toContain('My Stats');
  });

  it("Group Stats asks for the chosen groups' members, once each", async () => {
    const api = statsApi({
      'GET /groups': [
        { id: 'g1', name: 'Designers', members: [{ id: 'u1', full_name: 'Ana' }, { id: 'u2', full_name: 'Ben' }] },
        { id: 'g2', name: 'Engineers', members: [{ id: 'u2', full_name: 'Ben' }, { id: 'u3', full_name: 'Cy' }] },
      ],
    });
    const { user } = renderApp(<AnalyticsPage />, { user: userOf('admin') });
    await user.click(await screen.findByRole('tab', { name: 'Group Stats' }));
    await waitFor(() => expect(lastStats(api).get('active_tab')).toBe('group'));
    expect(lastStats(api).has('included_users')).toBe(false);
    const groups = screen.getByLabelText('Groups');
    await user.click(groups);
    await user.click(await screen.findByRole('option', { name: 'Designers' }));
    await waitFor(() => expect(lastStats(api).get('included_users')).toBe('["u1","u2"]'));
    await user.click(groups);
    await user.click(await screen.findByRole('option', { name: 'Engineers' }));
    await waitFor(() => expect(lastStats(api).get('included_users')).toBe('["u1","u2","u3"]'));
  });

  it('restores the remembered tab and frequency for the same user', async () => {
    const user = userOf('admin');
    localStorage.setItem(analyticsStorageKey(user.id), JSON.stringify({ tab: 'company', preset: 'year_to_date', jobsInterval: 'weekly' }));
    const api = statsApi({ 'GET /companies': [] });
    renderApp(<AnalyticsPage />, { user });
    await screen.findByText('Statistics could not be loaded');
    expect(screen.getByRole('tab', { name: 'Company Stats' })).toHaveAttribute('aria-selected', 'true');
    const q = lastStats(api);
    expect(q.get('active_tab')).toBe('company');
    expect(q.get('jobsCreatedInterval')).toBe('weekly');
    expect(q.get('start_date')).toBe(rangeOfPreset('year_to_date', today()).start);
  });
});
