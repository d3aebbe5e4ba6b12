import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../test/render.tsx';
import { EMPTY_FILTERS, type JobsListFilters } from '../jobs-list.settings.ts';
import { JobsFilterBar } from './jobs-filter.bar.tsx';

/** The bar as the jobs list holds it: filters and search in state, shown back for the test to read. */
function Bar({ staff, initial = EMPTY_FILTERS, companies = [] }: { staff: boolean; initial?: JobsListFilters; companies?: { id: string; name: string }[] }) {
  const [filters, setFilters] = useState<JobsListFilters>(initial);
  const [search, setSearch] = useState('');
  return (
    <>
      <JobsFilterBar search={search} onSearch={setSearch} filters={filters} onFilters={setFilters} staff={staff} companies={companies} />
      <output data-testid="state">{JSON.stringify({ search, ...filters })}</output>
    </>
  );
}
const state = () => JSON.parse(screen.getByTestId('state').textContent!) as JobsListFilters & { search: string };

describe('the jobs filter bar', () => {
  it('a client filters on the client status only; staff also on the internal status, assignee and overdue', () => {
    const client = renderApp(<Bar staff={false} />);
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Client status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Assignee' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Overdue' })).not.toBeInTheDocument();
    client.unmount();
    renderApp(<Bar staff />);
    for (const name of ['Status', 'Client status', 'Assignee', 'Overdue']) expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
  });

  it('statuses are chosen several at a time; Waiting on me toggles; Clear empties filters and search', async () => {
    const { user } = renderApp(<Bar staff={false} />);
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    const list = within(screen.getByRole('listbox'));
    await user.click(list.getByRole('option', { name: 'Submitted' }));
    await user.click(list.getByRole('option', { name: 'Approved' }));
    expect(state().client_status).toEqual(['Submitted', 'Approved']);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Submitted +1');
    await user.click(screen.getByRole('button', { name: 'Waiting on me' }));
    expect(state().waiting_on).toBe('me');
    expect(screen.getByRole('button', { name: 'Waiting on me' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByLabelText('Search jobs'));
    await user.paste('Oak');
    expect(state().search).toBe('Oak');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(state()).toEqual({ search: '', ...EMPTY_FILTERS });
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });

  it('Dates opens the date filters (open from the start when one is set) and counts them', async () => {
    const { user, unmount } = renderApp(<Bar staff />);
    expect(screen.queryByLabelText('Created from')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Dates/ }));
    expect(screen.getByRole('button', { name: /Dates/ })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByLabelText('Created from'));
    await user.paste('2026-01-15');
    expect(state().created_after).toBe('2026-01-15');
    unmount();
    renderApp(<Bar staff initial={{ ...EMPTY_FILTERS, updated_before: '2026-02-01', created_after: '2026-01-01' }} />);
    expect(screen.getByLabelText('Updated to')).toHaveValue('2026-02-01');
    expect(screen.getByRole('button', { name: /Dates/ })).toHaveTextContent('2');
  });

  it('a company picker only when there is more than one company; the choice is kept as ids', async () => {
    const { user } = renderApp(<Bar staff companies={[{ id: 'c1', name: 'Sunny Installers' }, { id: 'c2', name: 'Bright Roofs' }]} />);
    await user.click(screen.getByLabelText('Company'));
    await user.click(await screen.findByRole('option', { name: 'Bright Roofs' }));
    expect(state().company).toEqual(['c2']);
    await user.click(screen.getByRole('combobox', { name: 'Assignee' }));
    await user.click(screen.getByRole('option', { name: 'Unassigned' }));
    expect(state().assignee).toBe('none');
  });
});
