import { describe, expect, it } from 'vitest';
import { extensionOf, IMAGE_ACCEPT, isAllowedImage, isImageMimeType } from './image-types.rules.ts';

describe('allowed image types (spec §5)', () => {
  it.each([
    ['photo.JPG', 'image/jpeg', true],
    ['photo.jpeg', 'image/jpeg', true],
    ['roof.png', 'image/png', true],
    ['a.gif', 'image/gif', true],
    ['scan.TIFF', 'image/tiff', true],
    ['scan.tif', '', true],
    ['IMG_0001.HEIC', '', true],
    ['IMG_0001.heic', 'application/octet-stream', true],
    ['IMG_0002.heif', 'image/heif', true],
    ['photo.webp', 'image/webp', false],
    ['photo.jpg', 'application/pdf', false],
    ['photo.jpg.exe', 'image/jpeg', false],
    ['jpg', 'image/jpeg', false],
    ['plan.pdf', 'application/pdf', false],
  ])('%s (%s) → %s', (name, type, ok) => {
    expect(isAllowedImage({ name, type })).toBe(ok);
  });
  it('reads extensions and MIME types', () => {
    expect(extensionOf('C:\\x\\a.B.PnG')).toBe('png');
    expect(extensionOf('.hidden')).toBe('');
    expect(isImageMimeType('image/jpeg; charset=binary')).toBe(true);
    expect(IMAGE_ACCEPT.split(',')).toHaveLength(16);
  });
});
