import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fakeApi, refusal } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render.tsx';
import { InviteUserDialog } from './invite-user.dialog.tsx';

const A = '6f1c2a52-8d4e-4b7a-9a51-1f0c6a2b3c01';
const B = '6f1c2a52-8d4e-4b7a-9a51-1f0c6a2b3c02';
const companies = [{ id: A, name: 'Sunny Installers' }, { id: B, name: 'Bright Roofs' }] as never[];

describe('the invite user dialog', () => {
  it('offers only the roles given, starts on User, and sends the form with the chosen companies', async () => {
    const api = fakeApi({ 'POST /users': { id: 'u-9', email: 'new@example.com' } });
    const onClose = vi.fn();
    const { user } = renderApp(<InviteUserDialog open onClose={onClose} roles={['user_admin', 'user']} companies={companies} />);
    const dialog = screen.getByRole('dialog', { name: 'Invite a user' });
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveTextContent('User');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['Company Admin', 'User']);
    await user.click(screen.getByRole('option', { name: 'Company Admin' }));
    await user.click(within(dialog).getByLabelText(/Email/));
    await user.paste('new@example.com');
    await user.click(within(dialog).getByLabelText('First name'));
    await user.paste(' Nia ');
    await user.click(within(dialog).getByLabelText('Companies'));
    await user.click(await screen.findByRole('option', { name: 'Bright Roofs' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@example.com.')).toBeInTheDocument();
    expect(api.callsTo('POST /users')[0]!.body).toEqual({ email: 'new@example.com', firstName: 'Nia', lastName: '', role: 'user_admin', company_ids: [B] });
    expect(onClose).toHaveBeenCalled();
  });

  it('a bad email is refused beside the field, and a server field error lands on its field', async () => {
    const api = fakeApi({ 'POST /users': refusal(400, 'Some fields are invalid.', { email: 'A user with this email already exists.' }) });
    const onClose = vi.fn();
    const { user } = renderApp(<InviteUserDialog open onClose={onClose} roles={['user']} companies={companies.slice(0, 1)} />);
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByLabelText(/Email/));
    await user.paste('nope');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(api.callsTo('POST /users')).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(/Email/));
    await user.click(within(dialog).getByLabelText(/Email/));
    await user.paste('taken@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('A user with this email already exists.')).toBeInTheDocument();
    // One company: it is chosen from the start.
    expect(api.callsTo('POST /users')[0]!.body).toMatchObject({ company_ids: [A] });
    expect(onClose).not.toHaveBeenCalled();
  });
});
