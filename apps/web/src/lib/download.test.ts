import { describe, expect, it } from 'vitest';
import { downloadFailureToast } from './download.ts';

describe('download failure messages (spec §8)', () => {
  it('is an error for a cut sheet and a warning naming any other file', () => {
    expect(downloadFailureToast('cut-sheet', 'x.pdf')).toEqual({ message: 'There was an error downloading the cut-sheet!', variant: 'error' });
    expect(downloadFailureToast('file', 'PV-1.pdf')).toEqual({
      message: 'There was an error downloading PV-1.pdf. Try downloading it manually.',
      variant: 'warning',
    });
  });
});
