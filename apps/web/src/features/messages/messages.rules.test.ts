import { describe, expect, it } from 'vitest';
import type { Message } from '@sunstamp/domain/contracts/messages';
import {
  attachmentProblem, badgeText, emptyThreadText, insertMention, matchMentionCandidates, mentionQueryAt, mentionsStillIn, readMarkToSend, seenByLabel, splitMentions, startsRun,
} from './messages.rules.ts';

const msg = (id: number, author: string | null, at = '2026-01-01T10:00:00Z'): Message => ({
  id, job_id: 'j', thread: 'client', body: `m${id}`, created_at: at, attachments: [], edited_at: null, deleted: false, may_change: false, mentions: [],
  author: author ? { id: author, full_name: author.toUpperCase(), is_staff: false } : null,
});

describe('readMarkToSend', () => {
  it('answers the latest id only when it is past the mark', () => {
    expect(readMarkToSend(undefined)).toBeNull();
    expect(readMarkToSend({ messages: [], last_read_message_id: 0 })).toBeNull();
    expect(readMarkToSend({ messages: [msg(3, 'a'), msg(5, 'b')], last_read_message_id: 3 })).toBe(5);
    expect(readMarkToSend({ messages: [msg(3, 'a'), msg(5, 'b')], last_read_message_id: 5 })).toBeNull();
  });
});

describe('seenByLabel', () => {
  const messages = [msg(1, 'me'), msg(2, 'ann'), msg(3, 'me')];
  it('names those whose mark reached my latest message', () => {
    expect(seenByLabel({ messages, seen_by: [] }, 'me')).toBeNull();
    expect(seenByLabel({ messages, seen_by: [{ user_id: 'ann', full_name: 'Ann', last_read_message_id: 2 }] }, 'me')).toBeNull();
    expect(seenByLabel({ messages, seen_by: [{ user_id: 'ann', full_name: 'Ann', last_read_message_id: 3 }] }, 'me')).toBe('Seen by Ann');
    const many = ['Ann', 'Bob', 'Cy', 'Di'].map((n) => ({ user_id: n, full_name: n, last_read_message_id: 9 }));
    expect(seenByLabel({ messages, seen_by: many.slice(0, 2) }, 'me')).toBe('Seen by Ann and Bob');
    expect(seenByLabel({ messages, seen_by: many.slice(0, 3) }, 'me')).toBe('Seen by Ann, Bob and 1 other');
    expect(seenByLabel({ messages, seen_by: many }, 'me')).toBe('Seen by Ann, Bob and 2 others');
  });
  it('says nothing when I wrote nothing', () => {
    expect(seenByLabel({ messages: [msg(2, 'ann')], seen_by: [{ user_id: 'bob', full_name: 'Bob', last_read_message_id: 2 }] }, 'me')).toBeNull();
  });
});

describe('startsRun and badgeText', () => {
  it('starts a run on a new author or after five quiet minutes', () => {
    const list = [msg(1, 'a', '2026-01-01T10:00:00Z'), msg(2, 'a', '2026-01-01T10:04:00Z'), msg(3, 'a', '2026-01-01T10:10:00Z'), msg(4, 'b', '2026-01-01T10:10:30Z')];
    expect(list.map((_, i) => startsRun(list, i))).toEqual([true, false, true, true]);
  });
  it('caps the badge', () => {
    expect([0, 1, 99, 100].map(badgeText)).toEqual(['', '1', '99', '99+']);
  });
});

describe('attachmentProblem', () => {
  it('says what is wrong with the chosen files before they go', () => {
    expect(attachmentProblem([{ name: 'a.pdf', size: 10 }])).toBeNull();
    expect(attachmentProblem(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.pdf`, size: 1 })))).toBe('A message carries at most 10 files.');
    expect(attachmentProblem([{ name: 'huge.pdf', size: 60 * 1024 * 1024 }])).toMatch(/^huge\.pdf is larger than the .+ limit\.$/);
  });
});

describe('mentions', () => {
  const people = [
    { id: '1', full_name: 'Ann Lee' }, { id: '2', full_name: 'Bob Annis' }, { id: '3', full_name: 'Cara Diaz' }, { id: '4', full_name: 'Ann' },
  ];
  it('finds the @query before the caret, only at a word start', () => {
    expect(mentionQueryAt('Hi @an', 6)).toEqual({ start: 3, query: 'an' });
    expect(mentionQueryAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQueryAt('Hi @Ann L', 9)).toEqual({ start: 3, query: 'Ann L' });
    expect(mentionQueryAt('mail a@b.test', 13)).toBeNull();
    expect(mentionQueryAt('Hi @an there now', 16)).toBeNull();
    expect(mentionQueryAt('(@ca', 4)).toEqual({ start: 1, query: 'ca' });
  });
  it('matches by name start, then word start, then anywhere', () => {
    expect(matchMentionCandidates(people, 'ann').map((p) => p.id)).toEqual(['4', '1', '2']);
    expect(matchMentionCandidates(people, 'lee').map((p) => p.id)).toEqual(['1']);
    expect(matchMentionCandidates(people, 'zz')).toEqual([]);
    expect(matchMentionCandidates(people, '', 2)).toHaveLength(2);
  });
  it('inserts the name and keeps only mentions still written', () => {
    const at = mentionQueryAt('Hi @an, ok', 6)!;
    expect(insertMention('Hi @an, ok', at, 'Ann Lee')).toEqual({ text: 'Hi @Ann Lee , ok', caret: 12 });
    expect(mentionsStillIn('Hi @Ann Lee and @Cara Diaz', people)).toEqual(['1', '3']);
    expect(mentionsStillIn('Hi Ann Lee', people)).toEqual([]);
  });
  it('splits a text around mentions, longest name first, and leaves other text alone', () => {
    expect(splitMentions('@Ann Lee and @Ann, see <b>x</b>', ['Ann', 'Ann Lee'])).toEqual([
      { text: '@Ann Lee', mention: true }, { text: ' and ', mention: false }, { text: '@Ann', mention: true }, { text: ', see <b>x</b>', mention: false },
    ]);
    expect(splitMentions('no one', [])).toEqual([{ text: 'no one', mention: false }]);
    expect(splitMentions('@Cara', ['Ann'])).toEqual([{ text: '@Cara', mention: false }]);
    expect(splitMentions('@Annie and @Ann.', ['Ann'])).toEqual([{ text: '@Annie and ', mention: false }, { text: '@Ann', mention: true }, { text: '.', mention: false }]);
  });
});

describe('emptyThreadText: an empty thread speaks to the one reading it', () => {
  it('invites the client to write to the team', () => {
    expect(emptyThreadText('client', false)).toBe('No messages yet. Ask a question or leave a note for the team.');
  });
  it('tells staff the client thread reaches the client, not "the team"', () => {
    expect(emptyThreadText('client', true)).not.toMatch(/the team/);
    expect(emptyThreadText('client', true)).toMatch(/the client reads/);
  });
  it('keeps the internal thread\'s own wording', () => {
    expect(emptyThreadText('internal', true)).toBe('No internal notes yet.');
  });
});
