import { describe, expect, it } from 'vitest';
import { photosForLayout, ZSitePhotoCount } from './site-photos.rules.ts';

describe('site photo count', () => {
  it('defaults to 2 and must be an integer', () => {
    expect(ZSitePhotoCount.parse(undefined)).toBe(2);
    expect(ZSitePhotoCount.parse('3')).toBe(3);
    expect(ZSitePhotoCount.safeParse(2.5).success).toBe(false);
    expect(ZSitePhotoCount.safeParse(-1).success).toBe(false);
  });
  it('caps the photos on the layouts', () => {
    expect(photosForLayout(['a', 'b', 'c'])).toEqual(['a', 'b']);
    expect(photosForLayout(['a', 'b', 'c'], 0)).toEqual([]);
    expect(photosForLayout(['a'], 5)).toEqual(['a']);
  });
});
