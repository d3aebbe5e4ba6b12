import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ApiError } from '../../../lib/api-error.ts';
import { renderApp } from '../../../test/render.tsx';
import { StatusActionDialog } from './status-action.dialog.tsx';

describe('the status action dialog', () => {
  it('with several targets asks for one before running, then runs with the target and the note', async () => {
    const run = vi.fn(() => Promise.resolve());
    const onClose = vi.fn();
    const { user } = renderApp(
      <StatusActionDialog title="Move the job" text="Staff may move a job to any next status." confirmLabel="Move" targets={['Finalized', 'Pending Client']} onClose={onClose} run={run} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Move the job' });
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose the new status.');
    expect(run).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('combobox', { name: /New status/ }));
    await user.click(screen.getByRole('option', { name: 'Pending Client' }));
    await user.click(within(dialog).getByLabelText('Note (optional)'));
    await user.paste('Waiting on the utility');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(run).toHaveBeenCalledWith({ to: 'Pending Client', note: 'Waiting on the utility' });
    expect(onClose).toHaveBeenCalled();
  });

  it('with one target runs with it directly; a refusal stays in the dialog', async () => {
    const run = vi.fn(() => Promise.reject(new ApiError({ status: 409, message: 'The job changed meanwhile: reload it.' })));
    const onClose = vi.fn();
    const { user } = renderApp(
      <StatusActionDialog title="Cancel the job?" text="The client is told." confirmLabel="Cancel job" danger targets={['Cancelled']} onClose={onClose} run={run} />,
    );
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel job' }));
    expect(run).toHaveBeenCalledWith({ to: 'Cancelled', note: '' });
    expect(await screen.findByText('The job changed meanwhile: reload it.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
