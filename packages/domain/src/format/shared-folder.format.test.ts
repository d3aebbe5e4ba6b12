import { describe, expect, it } from 'vitest';
import { parseSharedFolderId, parseSharedLink } from './shared-folder.format.ts';

const GID = '1AbC-dEf_GhIjKlMnOpQrStUvWxYz0123';

describe('parseSharedLink', () => {
  it.each([
    [`https://drive.google.com/drive/folders/${GID}?usp=sharing`, 'google_drive', 'folder', GID],
    [`https://drive.google.com/drive/u/1/folders/${GID}`, 'google_drive', 'folder', GID],
    [`drive.google.com/drive/folders/${GID}`, 'google_drive', 'folder', GID],
    [`https://drive.google.com/file/d/${GID}/view?usp=sharing`, 'google_drive', 'file', GID],
    [`https://docs.google.com/document/d/${GID}/edit`, 'google_drive', 'file', GID],
    [`https://drive.google.com/open?id=${GID}`, 'google_drive', 'file', GID],
    [`https://drive.google.com/uc?id=${GID}&export=download`, 'google_drive', 'file', GID],
    ['https://www.dropbox.com/scl/fo/abc123xyz/AAx9?rlkey=k&dl=0', 'dropbox', 'folder', 'abc123xyz'],
    ['https://www.dropbox.com/scl/fi/fileid77/plan.pdf?rlkey=k', 'dropbox', 'file', 'fileid77'],
    ['https://www.dropbox.com/sh/abcdef1/AAAx?dl=0', 'dropbox', 'folder', 'abcdef1'],
    ['https://www.dropbox.com/s/abcdef2/plan.pdf?dl=0', 'dropbox', 'file', 'abcdef2'],
    ['https://1drv.ms/f/s!AbCdEf123', 'onedrive', 'folder', 's!AbCdEf123'],
    ['https://1drv.ms/u/s!AbCdEf456', 'onedrive', 'file', 's!AbCdEf456'],
    ['https://onedrive.live.com/?id=ABC123%21105&cid=ABC123', 'onedrive', 'folder', 'ABC123!105'],
    ['https://onedrive.live.com/redir?resid=ABC123%21106', 'onedrive', 'file', 'ABC123!106'],
  ])('%s', (url, provider, kind, id) => {
    expect(parseSharedLink(url)).toEqual({ provider, kind, id });
  });

  it.each([
    '',
    null,
    'not a link',
    'https://example.com/drive/folders/1AbCdEfGhIjKlMn',
    'https://drive.google.com/drive/my-drive',
    'https://drive.google.com/drive/folders/short',
    'javascript:alert(1)',
    'https://www.dropbox.com/home',
  ])('null for %s', (url) => {
    expect(parseSharedLink(url)).toBeNull();
  });

  it('gives the bare id', () => {
    expect(parseSharedFolderId(`https://drive.google.com/drive/folders/${GID}`)).toBe(GID);
    expect(parseSharedFolderId('nope')).toBeNull();
  });
});
