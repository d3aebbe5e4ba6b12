import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../test/render.tsx';
import { FormError } from './form-error.tsx';
import { DialogFooter } from './form/dialog-footer.tsx';
import { PasswordField } from './password-field.tsx';

describe('the shared form pieces', () => {
  it('the password field shows and hides what was typed, keeping focus in the input', async () => {
    const { user } = renderApp(<PasswordField label="Password" />);
    const input = screen.getByLabelText('Password');
    await user.click(input);
    await user.paste('s3cret');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('s3cret');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  it('the form error shows only with a message, as an alert', () => {
    const { rerender } = renderApp(<FormError message={undefined} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<FormError message="The job changed meanwhile." />);
    expect(screen.getByRole('alert')).toHaveTextContent('The job changed meanwhile.');
  });

  it('the dialog footer: Cancel dismisses, the primary submits its form unless it has its own action, and can be disabled', async () => {
    let submitted = 0;
    let cancelled = 0;
    const { user, rerender } = renderApp(
      <form onSubmit={(e) => { e.preventDefault(); submitted++; }}>
        <DialogFooter onCancel={() => cancelled++} confirmLabel="Save" />
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect([submitted, cancelled]).toEqual([1, 1]);
    rerender(
      <form onSubmit={(e) => { e.preventDefault(); submitted++; }}>
        <DialogFooter onCancel={() => {}} cancelLabel="Back" confirmLabel="Remove" danger disabled />
      </form>,
    );
    expect(screen.getByRole('button', { name: 'Remove' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back' })).toBeEnabled();
  });
});
