import type { InboxFilter, InboxItem } from '@sunstamp/domain/contracts/inbox';

export const INBOX_FILTER_LABELS: Record<InboxFilter, string> = { all: 'All', unread: 'Unread', mine: 'Mine', closed: 'Closed' };

/** What an empty inbox says, by filter. */
export function inboxEmptyText(filter: InboxFilter): { title: string; body: string } {
  switch (filter) {
    case 'unread':
      return { title: 'All caught up', body: 'No conversation has a message you have not read.' };
    case 'mine':
      return { title: 'Nothing of yours yet', body: 'Conversations you wrote in, and those of jobs you created or are assigned, show up here.' };
    case 'closed':
      return { title: 'No closed conversations', body: 'Staff close a conversation when its job is done; every message is kept.' };
    case 'all':
      return { title: 'No conversations yet', body: 'Messages on your jobs show up here. Open a job to write to the team.' };
  }
}

/** The line under a conversation's name: who wrote the last message and its start. */
export const lastLineOf = (item: InboxItem) => `${item.last_message.mine ? 'You' : item.last_message.author_name}: ${item.last_message.excerpt}`;

/** The text a screen reader reads for a conversation. */
export function inboxItemLabel(item: InboxItem): string {
  const where = `${item.job_name || 'Untitled job'}${item.thread === 'internal' ? ', internal thread' : ''}`;
  const unread = item.unread ? `, ${item.unread} unread` : '';
  return `${where}${unread}. ${lastLineOf(item)}`;
}
