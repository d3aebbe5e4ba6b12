import { describe, expect, it } from 'vitest';
import { INBOX_FILTERS, type InboxItem } from '@sunstamp/domain/contracts/inbox';
import { inboxEmptyText, inboxItemLabel, lastLineOf } from './inbox.rules.ts';

const item = (over: Partial<InboxItem> = {}): InboxItem => ({
  job_id: 'j', job_name: 'Roof on Elm', company: { id: 'c', name: 'Acme' }, thread: 'client', status: 'active', unread: 2,
  last_message: { id: 1, excerpt: 'Is the survey enough?', author_name: 'Ana Diaz', mine: false, created_at: '2026-01-01T00:00:00Z' },
  ...over,
});

describe('inbox rules', () => {
  it('has an empty text for every filter', () => {
    for (const f of INBOX_FILTERS) expect(inboxEmptyText(f).title).not.toBe('');
  });

  it('says who wrote last, "You" for the caller', () => {
    expect(lastLineOf(item())).toBe('Ana Diaz: Is the survey enough?');
    expect(lastLineOf(item({ last_message: { ...item().last_message, mine: true } }))).toBe('You: Is the survey enough?');
  });

  it('labels a conversation with its thread and unread count', () => {
    expect(inboxItemLabel(item())).toBe('Roof on Elm, 2 unread. Ana Diaz: Is the survey enough?');
    expect(inboxItemLabel(item({ thread: 'internal', unread: 0, job_name: '' }))).toBe('Untitled job, internal thread. Ana Diaz: Is the survey enough?');
  });
});
