import { excerptOf, messageExcerptOf } from '@sunstamp/domain/contracts/messages';
import type { Inbox, InboxItem } from '@sunstamp/domain/contracts/inbox';
import { getDisplayName } from '@sunstamp/domain/format/display-name.format';
import { mayFilterInboxByAssignee, threadAccessOf } from '@sunstamp/domain/policies/message-inbox.policy';
import { isInternalStaff } from '@sunstamp/domain/roles';
import type { AppContext } from '../../context.ts';
import { jobScopeOf, requireAllowed } from '../../platform/access.ts';
import type { Principal } from '../../platform/principal.ts';
import * as repo from './inbox.repository.ts';

/**
 * The caller's conversations (GET /messages/inbox): each thread they see that has a message, with
 * its last message and their unread count, unread first. Staff narrow it by assignee; anyone by
 * company (the scope still applies, so another company's id finds nothing).
 */
export async function getInbox(
  ctx: Pick<AppContext, 'database'>,
  p: Principal,
  q: { filter: repo.InboxFilter['show']; company?: string; assignee?: string; limit: number; offset: number },
): Promise<Inbox> {
  const staff = isInternalStaff(p.role);
  if (q.assignee) requireAllowed(mayFilterInboxByAssignee(p.role), 'Only staff filter conversations by assignee.');
  const { rows, total, unreadThreads } = await repo.listInbox(ctx.database, {
    scope: jobScopeOf(p),
    includeInactive: staff,
    userId: p.id,
    ...threadAccessOf(p),
    show: q.filter,
    companyId: q.company,
    assigneeId: q.assignee === 'me' ? p.id : q.assignee === 'none' ? undefined : q.assignee,
    unassigned: q.assignee === 'none',
    limit: q.limit,
    offset: q.offset,
  });
  return { items: rows.map((r) => itemOf(r, p.id)), count: total, unread_threads: unreadThreads };
}

function itemOf(r: repo.InboxRow, me: string): InboxItem {
  return {
    job_id: r.jobId,
    job_name: r.jobName,
    company: { id: r.companyId, name: r.companyName },
    thread: r.thread,
    status: r.status,
    unread: r.unread,
    last_message: {
      id: r.lastId,
      excerpt: r.lastDeleted ? 'Message deleted' : excerptOf(messageExcerptOf(r.lastBody, r.lastFiles), 120),
      author_name: r.authorEmail ? getDisplayName({ firstName: r.authorFirstName, lastName: r.authorLastName, email: r.authorEmail }) : 'Former user',
      mine: r.authorId === me,
      created_at: r.lastAt.toISOString(),
    },
  };
}
