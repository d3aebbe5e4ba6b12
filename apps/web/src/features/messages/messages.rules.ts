import { MAX_UPLOAD_FILE_BYTES } from '@sunstamp/domain/contracts/files';
import { MESSAGE_MAX_FILES, type Message, type ThreadAnswer } from '@sunstamp/domain/contracts/messages';
import { formatFileSize } from '@sunstamp/domain/format/file-size.format';

/** Why the chosen files cannot go with a message (the API's limits, said before the upload), or null. */
export function attachmentProblem(files: readonly { name: string; size: number }[]): string | null {
  if (files.length > MESSAGE_MAX_FILES) return `A message carries at most ${MESSAGE_MAX_FILES} files.`;
  const big = files.find((f) => f.size > MAX_UPLOAD_FILE_BYTES);
  if (big) return `${big.name} is larger than the ${formatFileSize(MAX_UPLOAD_FILE_BYTES)} limit.`;
  return null;
}

/** The id to move the read mark to, or null when the caller has read everything shown. */
export function readMarkToSend(answer: Pick<ThreadAnswer, 'messages' | 'last_read_message_id'> | undefined): number | null {
  const last = answer?.messages.at(-1);
  if (!last || last.id <= (answer?.last_read_message_id ?? 0)) return null;
  return last.id;
}

/**
 * "Seen by" under the caller's latest message: the others whose read mark reached it, names
 * joined ("Seen by Ann and Bob", "Seen by Ann, Bob and 2 others"); null when no one has.
 */
export function seenByLabel(answer: Pick<ThreadAnswer, 'messages' | 'seen_by'>, myId: string, maxNames = 2): string | null {
  const mine = [...answer.messages].reverse().find((m) => m.author?.id === myId);
  if (!mine) return null;
  const names = answer.seen_by.filter((s) => s.last_read_message_id >= mine.id && s.user_id !== myId).map((s) => s.full_name);
  if (names.length === 0) return null;
  const shown = names.slice(0, maxNames);
  const rest = names.length - shown.length;
  if (rest > 0) return `Seen by ${shown.join(', ')} and ${rest} other${rest === 1 ? '' : 's'}`;
  return `Seen by ${shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`}`;
}

/** Messages grouped into runs by the same author within five minutes, so names repeat less. */
export function startsRun(messages: Message[], i: number, gapMs = 5 * 60_000): boolean {
  if (i === 0) return true;
  const a = messages[i - 1]!;
  const b = messages[i]!;
  return a.author?.id !== b.author?.id || Date.parse(b.created_at) - Date.parse(a.created_at) > gapMs;
}

/** The badge text of a count: nothing for 0, "99+" past 99. */
export const badgeText = (n: number) => (n <= 0 ? '' : n > 99 ? '99+' : String(n));

/** The "@query" being typed just before the caret (after a space, a line start or an opening bracket), or null. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|[\s([{])@([^\s@]{0,30}(?: [^\s@]{0,30})?)$/.exec(before);
  if (!m) return null;
  const start = before.length - m[2]!.length - 1;
  return { start, query: m[2]! };
}

/** The candidates whose name (any word of it) or address starts with the query, best first, at most `max`. */
export function matchMentionCandidates<T extends { full_name: string }>(candidates: readonly T[], query: string, max = 8): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return candidates.slice(0, max);
  const scored = candidates
    .map((c) => {
      const name = c.full_name.toLowerCase();
      const score = name.startsWith(q) ? 0 : name.split(/\s+/).some((w) => w.startsWith(q)) ? 1 : name.includes(q) ? 2 : -1;
      return { c, score };
    })
    .filter((x) => x.score >= 0)
    .sort((a, b) => a.score - b.score || a.c.full_name.localeCompare(b.c.full_name));
  return scored.slice(0, max).map((x) => x.c);
}

/** The text with "@query" at `start` replaced by "@Full Name ", and where the caret goes after it. */
export function insertMention(text: string, at: { start: number; query: string }, name: string): { text: string; caret: number } {
  const insert = `@${name} `;
  const end = at.start + 1 + at.query.length;
  return { text: text.slice(0, at.start) + insert + text.slice(end), caret: at.start + insert.length };
}

/** Of the people picked while writing, those whose "@Full Name" is still in the text (the ids to send). */
export function mentionsStillIn<T extends { id: string; full_name: string }>(text: string, picked: readonly T[]): string[] {
  const written = new Set(splitMentions(text, picked.map((p) => p.full_name)).filter((x) => x.mention).map((x) => x.text.slice(1)));
  return [...new Set(picked.filter((p) => written.has(p.full_name)).map((p) => p.id))];
}

export type MentionPiece = { text: string; mention: boolean };

/** A text split around the "@Full Name" of each mentioned person, longest names first, so they can be highlighted. */
export function splitMentions(text: string, names: readonly string[]): MentionPiece[] {
  const tags = [...new Set(names.filter(Boolean))].sort((a, b) => b.length - a.length).map((n) => `@${n}`);
  if (tags.length === 0) return [{ text, mention: false }];
  const out: MentionPiece[] = [];
  let pos = 0;
  while (pos < text.length) {
    let best = -1;
    let tag = '';
    for (const t of tags) {
      let i = text.indexOf(t, pos);
      // A whole name only: "@Ann" is not in "@Annie".
      while (i !== -1 && /[\p{L}\p{N}]/u.test(text[i + t.length] ?? '')) i = text.indexOf(t, i + 1);
      if (i !== -1 && (best === -1 || i < best)) {
        best = i;
        tag = t;
      }
    }
    if (best === -1) break;
    if (best > pos) out.push({ text: text.slice(pos, best), mention: false });
    out.push({ text: tag, mention: true });
    pos = best + tag.length;
  }
  if (pos < text.length) out.push({ text: text.slice(pos), mention: false });
  return out;
}

/**
 * What an empty thread says. The client thread told staff too to "ask a question or leave a note
 * for the team", while they are the team and the client reads what they write there.
 */
export function emptyThreadText(thread: 'client' | 'internal', teamSide: boolean): string {
  if (thread === 'internal') return 'No internal notes yet.';
  return teamSide
    ? 'No messages with the client yet. What you write here, the client reads.'
    : 'No messages yet. Ask a question or leave a note for the team.';
}
