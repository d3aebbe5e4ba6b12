import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size.format.ts';

describe('formatFileSize', () => {
  it.each([
    [0, 'decimal', '0 B'],
    [999, 'decimal', '999 B'],
    [1000, 'decimal', '1 kB'],
    [1500, 'decimal', '1.5 kB'],
    [999_999, 'decimal', '1 MB'],
    [50_000_000, 'decimal', '50 MB'],
    [1_234_567_890, 'decimal', '1.2 GB'],
    [1023, 'binary', '1023 B'],
    [1024, 'binary', '1 KiB'],
    [1536, 'binary', '1.5 KiB'],
    [52_428_800, 'binary', '50 MiB'],
    [1_048_575, 'binary', '1 MiB'],
  ] as const)('%d bytes (%s) → %s', (bytes, system, expected) => {
    expect(formatFileSize(bytes, system)).toBe(expected);
  });
  it('takes the number of decimals', () => {
    expect(formatFileSize(1_234_567, 'decimal', 2)).toBe('1.23 MB');
    expect(formatFileSize(1_234_567, 'binary', 0)).toBe('1 MiB');
  });
  it('answers empty for nonsense', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});
