/**
 * Notes (spec §5): links become tokens the web renders as <a target="_blank">, never HTML, so a
 * note can't inject markup. Only http(s) and mailto links are made; javascript:, data:, vbscript:
 * and anything else stay plain text.
 */

export const LINK_TEXT_MAX = 77;
export const NOTE_MAX_LENGTH = 80;
export const NOTE_MAX_LINES = 3;
export const ELLIPSIS = '...';
export const LINK_TARGET = '_blank';
export const LINK_REL = 'noopener noreferrer';

export type NoteToken =
  | { type: 'text'; text: string }
  | { type: 'link'; text: string; href: string; target: typeof LINK_TARGET; rel: typeof LINK_REL };

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * A safe absolute href or null. Control characters and whitespace are stripped first because
 * browsers ignore them too ("java\tscript:" runs as javascript:). "www.x.com" and "x.com/path"
 * get https://.
 */
export function safeHref(raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  const s = raw.replace(/[\u0000-\u0020\u007f-\u009f]+/g, '');
  if (!s) return null;
  let candidate = s;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(s)) {
    if (/^[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}([/?#:]|$)/i.test(s)) candidate = `https://${s}`;
    else return null;
  }
  try {
    const url = new URL(candidate);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** Link text longer than 77 characters is cut to 77 and ends in "...". */
export function cutLinkText(text: string): string {
  const chars = Array.from(text);
  return chars.length > LINK_TEXT_MAX ? chars.slice(0, LINK_TEXT_MAX).join('') + ELLIPSIS : text;
}

// [text](url) with one level of parentheses inside the url, or a bare http(s):// / www. link.
const LINK_RE =
  /\[([^\]\n]+)\]\(\s*([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\s*\)|\b((?:https?:\/\/|www\.)[^\s<>"'`]+)/gi;

/** Drops sentence punctuation after a bare link, and a ")" that closes nothing in the link. */
function trimBareLink(url: string): string {
  let u = url;
  for (;;) {
    const last = u.at(-1);
    if (last && '.,;:!?\'"'.includes(last)) u = u.slice(0, -1);
    else if (last === ')' && (u.match(/\(/g)?.length ?? 0) < (u.match(/\)/g)?.length ?? 0)) u = u.slice(0, -1);
    else return u;
  }
}

function pushText(tokens: NoteToken[], text: string) {
  if (!text) return;
  const prev = tokens.at(-1);
  if (prev?.type === 'text') prev.text += text;
  else tokens.push({ type: 'text', text });
}

export function parseNoteLinks(note: string): NoteToken[] {
  const tokens: NoteToken[] = [];
  let pos = 0;
  for (const m of note.matchAll(LINK_RE)) {
    const start = m.index ?? 0;
    pushText(tokens, note.slice(pos, start));
    if (m[1] !== undefined) {
      const href = safeHref(m[2]);
      if (href) tokens.push({ type: 'link', text: cutLinkText(m[1]), href, target: LINK_TARGET, rel: LINK_REL });
      else pushText(tokens, m[1]);
      pos = start + m[0].length;
    } else {
      const raw = trimBareLink(m[3]);
      const href = safeHref(raw);
      if (href) tokens.push({ type: 'link', text: cutLinkText(raw), href, target: LINK_TARGET, rel: LINK_REL });
      else pushText(tokens, raw);
      pos = start + raw.length;
    }
  }
  pushText(tokens, note.slice(pos));
  return tokens;
}

export interface TruncatedNote {
  text: string;
  truncated: boolean;
}

/**
 * At most `maxLines` lines and `maxLength` characters, the "..." included, so a cut note is never
 * longer than the limit. Truncate before parsing links if the short form is shown.
 */
export function truncateNote(
  note: string,
  maxLength = NOTE_MAX_LENGTH,
  maxLines = NOTE_MAX_LINES,
): TruncatedNote {
  const lines = note.split(/\r?\n/);
  let cut = lines.length > maxLines;
  let chars = Array.from(lines.slice(0, maxLines).join('\n'));
  if (chars.length > maxLength) {
    chars = chars.slice(0, Math.max(0, maxLength - ELLIPSIS.length));
    cut = true;
  } else if (cut && chars.length + ELLIPSIS.length > maxLength) {
    chars = chars.slice(0, Math.max(0, maxLength - ELLIPSIS.length));
  }
  if (!cut) return { text: note, truncated: false };
  return { text: chars.join('').trimEnd() + ELLIPSIS, truncated: true };
}
