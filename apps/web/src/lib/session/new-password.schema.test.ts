import { describe, expect, it } from 'vitest';
import { PASSWORDS_DIFFER_MESSAGE, ZNewPasswordForm } from './new-password.schema.ts';

describe('new password form', () => {
  it('needs the domain minimum length and a matching confirmation', () => {
    expect(ZNewPasswordForm.safeParse({ password: 'long-enough-1', confirmPassword: 'long-enough-1' }).success).toBe(true);
    const short = ZNewPasswordForm.safeParse({ password: 'short', confirmPassword: 'short' });
    expect(short.success).toBe(false);
    const differ = ZNewPasswordForm.safeParse({ password: 'long-enough-1', confirmPassword: 'long-enough-2' });
    expect(differ.error?.issues).toEqual([expect.objectContaining({ path: ['confirmPassword'], message: PASSWORDS_DIFFER_MESSAGE })]);
  });
});
