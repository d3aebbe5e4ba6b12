import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderApp } from '../../../test/render.tsx';
import { VerifyPage } from './verify.page.tsx';

describe('the verification page', () => {
  it('asks for the code when Verify is pressed with none (no lookup), and forgets the message once typing starts', async () => {
    const api = fakeApi();
    const { user } = renderApp(<VerifyPage />, { user: null, route: '/verify' });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the code printed beside the seal.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toHaveAttribute('aria-invalid', 'true');
    // Spaces and dashes alone are no code either.
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), ' - ');
    expect(screen.queryByText('Enter the code printed beside the seal.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Enter the code printed beside the seal.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/verify'))).toEqual([]);
  });
});
