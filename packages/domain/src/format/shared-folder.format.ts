/**
 * Shared-folder links (spec §5 "extracts an id from folder or file links"). Only links on the
 * providers' own hosts are recognised; anything else is null so a typo is not taken as an id.
 */

export type SharedLinkProvider = 'google_drive' | 'dropbox' | 'onedrive';
export interface SharedLink {
  provider: SharedLinkProvider;
  kind: 'folder' | 'file';
  id: string;
}

const GOOGLE_ID = /^[A-Za-z0-9_-]{10,}$/;
const GOOGLE_HOSTS = new Set(['drive.google.com', 'docs.google.com']);

function toUrl(input: string): URL | null {
  const s = input.trim();
  if (!s) return null;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s}`);
  } catch {
    return null;
  }
}

function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^www\./, '');
}

function parseGoogle(url: URL): SharedLink | null {
  const parts = url.pathname.split('/').filter(Boolean);
  const folderAt = parts.indexOf('folders');
  if (folderAt >= 0 && GOOGLE_ID.test(parts[folderAt + 1] ?? '')) {
    return { provider: 'google_drive', kind: 'folder', id: parts[folderAt + 1] };
  }
  // /file/d/{id}/view and the Docs editors' /document/d/{id}/edit
  const dAt = parts.indexOf('d');
  if (dAt >= 1 && GOOGLE_ID.test(parts[dAt + 1] ?? '')) {
    return { provider: 'google_drive', kind: 'file', id: parts[dAt + 1] };
  }
  const id = url.searchParams.get('id');
  if (id && GOOGLE_ID.test(id)) {
    // open?id= is used for both; folderview?id= is a folder.
    return { provider: 'google_drive', kind: parts[0] === 'folderview' ? 'folder' : 'file', id };
  }
  return null;
}

function parseDropbox(url: URL): SharedLink | null {
  const parts = url.pathname.split('/').filter(Boolean);
  const ok = (s: string | undefined) => !!s && /^[A-Za-z0-9_-]{6,}$/.test(s);
  if (parts[0] === 'scl' && (parts[1] === 'fo' || parts[1] === 'fi') && ok(parts[2])) {
    return { provider: 'dropbox', kind: parts[1] === 'fo' ? 'folder' : 'file', id: parts[2] };
  }
  if (parts[0] === 'sh' && ok(parts[1])) return { provider: 'dropbox', kind: 'folder', id: parts[1] };
  if (parts[0] === 's' && ok(parts[1])) return { provider: 'dropbox', kind: 'file', id: parts[1] };
  return null;
}

function parseOneDrive(url: URL, host: string): SharedLink | null {
  if (host === '1drv.ms') {
    // 1drv.ms/f/s!{id} is a folder share; /u/, /b/, /w/, /x/, /i/ are files of a kind.
    const parts = url.pathname.split('/').filter(Boolean);
    const share = parts[1];
    if (parts.length >= 2 && share && /^[A-Za-z0-9!_-]{6,}$/.test(share)) {
      return { provider: 'onedrive', kind: parts[0] === 'f' ? 'folder' : 'file', id: share };
    }
    return null;
  }
  const id = url.searchParams.get('resid') ?? url.searchParams.get('id');
  if (id && /^[A-Za-z0-9!%_-]{6,}$/.test(id)) {
    const kind = url.pathname.includes('redir') || url.searchParams.has('resid') ? 'file' : 'folder';
    return { provider: 'onedrive', kind, id: decodeURIComponent(id) };
  }
  return null;
}

export function parseSharedLink(input: string | null | undefined): SharedLink | null {
  if (!input) return null;
  const url = toUrl(input);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  const host = hostOf(url);
  if (GOOGLE_HOSTS.has(host)) return parseGoogle(url);
  if (host === 'dropbox.com') return parseDropbox(url);
  if (host === '1drv.ms' || host === 'onedrive.live.com') return parseOneDrive(url, host);
  return null;
}

/** Just the id, or null when the link is not a recognised folder or file link. */
export const parseSharedFolderId = (input: string | null | undefined): string | null =>
  parseSharedLink(input)?.id ?? null;
