import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { SiteAlertAdmin } from '@sunstamp/domain/contracts/site-alerts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render.tsx';
import { SiteAlertDialog } from './site-alert.dialog.tsx';

describe('the site alert dialog', () => {
  it('previews the message as typed, refuses an empty one and an end before the start', async () => {
    const api = fakeApi({ 'GET /companies': [] });
    const { user } = renderApp(<SiteAlertDialog alert={null} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'New site alert' });
    expect(within(dialog).getByText('Your message')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Write the message.')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/Message/));
    await user.paste('Maintenance tonight');
    expect(within(dialog).getAllByText('Maintenance tonight').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByLabelText('Starts'));
    await user.paste('2026-12-02T10:00');
    await user.click(within(dialog).getByLabelText('Ends'));
    await user.paste('2026-12-01T10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The end must be after the start.')).toBeInTheDocument();
    expect(api.callsTo('POST /site-alerts')).toHaveLength(0);
  });

  it('creates: empty audiences go as everyone, dates as instants', async () => {
    const api = fakeApi({ 'GET /companies': [], 'POST /site-alerts': { id: 'a-1' } });
    const onClose = vi.fn();
    const { user } = renderApp(<SiteAlertDialog alert={null} onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByLabelText(/Message/));
    await user.paste('  New letters are live  ');
    await user.click(within(dialog).getByRole('combobox', { name: 'Look' }));
    await user.click(screen.getByRole('option', { name: 'Good news (green)' }));
    await user.click(within(dialog).getByLabelText('Ends'));
    await user.paste('2026-12-01T10:00');
    await user.click(within(dialog).getByLabelText('Only these roles'));
    await user.click(await screen.findByRole('option', { name: 'Contractor' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Site alert created.')).toBeInTheDocument();
    expect(api.callsTo('POST /site-alerts')[0]!.body).toEqual({
      message: 'New letters are live', severity: 'success', starts_at: null, ends_at: new Date('2026-12-01T10:00').toISOString(), roles: ['contractor'], company_ids: null,
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('edits an existing alert with its values filled in, saved with PUT', async () => {
    const api = fakeApi({ 'GET /companies': [{ id: 'c1', name: 'Sunny Installers' }], 'PUT /site-alerts/a-7': { id: 'a-7' } });
    const alert = { id: 'a-7', message: 'Old text', severity: 'warning', starts_at: null, ends_at: null, roles: null, companies: [{ id: 'c1', name: 'Sunny Installers' }] } as unknown as SiteAlertAdmin;
    const { user } = renderApp(<SiteAlertDialog alert={alert} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Edit site alert' });
    expect(within(dialog).getByLabelText(/Message/)).toHaveValue('Old text');
    expect(await within(dialog).findByText('Sunny Installers')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Site alert saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT /site-alerts/a-7')[0]!.body).toMatchObject({ message: 'Old text', severity: 'warning', company_ids: ['c1'], roles: null });
  });
});
