import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { calendarDayIn } from '@sunstamp/domain/format/document-day.format';
import { type ApiCall, fakeApi, refusal } from '../../../test/fake-api.ts';
import { renderApp, userOf } from '../../../test/render.tsx';
import { StructuralSpanPage } from './structural-span.page.tsx';

const SPAN = { Portrait: 65, Landscape: 39 };

describe('the Engineering settings page: dates on documents', () => {
  it("an admin chooses the firm's time zone, sees the day a document made now prints, and saves it", async () => {
    const api = fakeApi({
      'GET /settings/structural-span': SPAN,
      'GET /settings/time-zone': { time_zone: 'UTC' },
      'PUT /settings/time-zone': (c: ApiCall) => c.body,
    });
    const { user } = renderApp(<StructuralSpanPage />, { route: '/reference/engineering' });
    const card = (await screen.findByRole('heading', { name: 'Dates on documents' })).parentElement!;
    const field = await within(card).findByRole('combobox', { name: "Firm's time zone" });
    await waitFor(() => expect(field).toHaveValue('UTC'));
    const save = within(card).getByRole('button', { name: 'Save time zone' });
    expect(save).toBeDisabled();
    await user.clear(field);
    await user.type(field, 'America/Chic');
    await user.click(await screen.findByRole('option', { name: 'America/Chicago' }));
    expect(within(card).getByText(`A document made now is dated ${calendarDayIn(new Date(), 'America/Chicago')}.`)).toBeInTheDocument();
    await user.click(save);
    await waitFor(() => expect(api.callsTo('PUT /settings/time-zone').map((c) => c.body)).toEqual([{ time_zone: 'America/Chicago' }]));
    expect(await screen.findByText('Time zone saved: documents made from now on print the day in America/Chicago.')).toBeInTheDocument();
    await waitFor(() => expect(save).toBeDisabled());
  });

  it("says the server's refusal", async () => {
    fakeApi({
      'GET /settings/structural-span': SPAN,
      'GET /settings/time-zone': { time_zone: 'UTC' },
      'PUT /settings/time-zone': refusal(400, 'Unknown time zone: choose one from the list, such as America/Chicago.', { time_zone: 'Unknown time zone' }),
    });
    const { user } = renderApp(<StructuralSpanPage />, { route: '/reference/engineering' });
    const field = await screen.findByRole('combobox', { name: "Firm's time zone" });
    await waitFor(() => expect(field).toHaveValue('UTC'));
    await user.clear(field);
    await user.type(field, 'Asia/Tok');
    await user.click(await screen.findByRole('option', { name: 'Asia/Tokyo' }));
    await user.click(screen.getByRole('button', { name: 'Save time zone' }));
    expect(await screen.findByText(/Unknown time zone/)).toBeInTheDocument();
  });

  it('support reads it and cannot change it', async () => {
    fakeApi({ 'GET /settings/structural-span': SPAN, 'GET /settings/time-zone': { time_zone: 'America/Phoenix' } });
    renderApp(<StructuralSpanPage />, { route: '/reference/engineering', user: userOf('support') });
    const field = await screen.findByRole('combobox', { name: "Firm's time zone" });
    await waitFor(() => expect(field).toHaveValue('America/Phoenix'));
    expect(field).toBeDisabled();
    expect(screen.getByText('Only an admin changes the time zone.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save time zone' })).not.toBeInTheDocument();
  });
});
