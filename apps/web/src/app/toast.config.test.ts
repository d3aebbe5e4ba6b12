import { describe, expect, it } from 'vitest';
import { TOAST_CONFIG } from './toast.config.ts';

describe('toast configuration (spec §2, §9)', () => {
  it('shows up to 10 toasts at the bottom centre for 5 seconds and suppresses duplicates', () => {
    expect(TOAST_CONFIG).toEqual({
      maxSnack: 10,
      anchorOrigin: { vertical: 'bottom', horizontal: 'center' },
      autoHideDuration: 5000,
      preventDuplicate: true,
    });
  });
});
