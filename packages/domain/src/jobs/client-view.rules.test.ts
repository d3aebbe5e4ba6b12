import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES, isClientRole, type Role } from '../roles.ts';
import { FILE_CATEGORIES } from '../constants/files.constants.ts';
import { ALL_JOB_EVENT_LABELS } from '../constants/job-events.constants.ts';
import { CLIENT_STATUSES, JOB_STATUSES, clientStatusOf } from './workflow.rules.ts';
import {
  CLIENT_FILE_CATEGORIES, clientHistoryEntryOf, shownFileCategoryOf, shownStatusOf, uploadCategoriesFor,
} from './client-view.rules.ts';

const status = fc.constantFrom(...JOB_STATUSES);
const role = fc.constantFrom(...ROLES);
const maybeStatus = fc.option(status, { nil: null });
const INTERNAL_NAMES = JOB_STATUSES.filter((s) => !(CLIENT_STATUSES as readonly string[]).includes(s));

describe('shownStatusOf', () => {
  it('a client reads only client-facing statuses; staff and contractors the internal one', () => {
    fc.assert(
      fc.property(status, role, (s, r) => {
        const shown = shownStatusOf(s, r);
        return isClientRole(r) ? (CLIENT_STATUSES as readonly string[]).includes(shown) && shown === clientStatusOf(s) : shown === s;
      }),
    );
  });
});

describe('file categories', () => {
  it('a client never reads an internal category', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FILE_CATEGORIES), role, (c, r) => {
        const shown = shownFileCategoryOf(c, r);
        return isClientRole(r) ? (CLIENT_FILE_CATEGORIES as readonly string[]).includes(shown) : shown === c;
      }),
    );
    expect(shownFileCategoryOf('Pre-Check', 'user')).toBe('General');
    expect(shownFileCategoryOf('PV-03', 'user')).toBe('PV-03');
  });
  it('a client files its uploads under General or Extra Sheets; the team under any category', () => {
    expect(uploadCategoriesFor('user')).toEqual(['General', 'Extra Sheets']);
    expect(uploadCategoriesFor('contractor')).toEqual(FILE_CATEGORIES);
  });
});

describe('clientHistoryEntryOf', () => {
  const event = fc.constantFrom(...Object.keys(ALL_JOB_EVENT_LABELS));
  const actorRole = fc.option(role, { nil: null }) as fc.Arbitrary<Role | null>;

  it('never gives a client an internal status name, an internal event or the note of a team-only move', () => {
    fc.assert(
      fc.property(event, maybeStatus, maybeStatus, fc.option(fc.string(), { nil: null }), actorRole, (e, from, to, note, by) => {
        const out = clientHistoryEntryOf({ event: e, from_status: from, to_status: to, note, actorRole: by });
        if (!out) return true;
        const text = JSON.stringify([out.event, out.label, out.from_status, out.to_status]);
        expect(INTERNAL_NAMES.some((n) => text.includes(n))).toBe(false);
        expect(['assigned', 'unassigned', 'deactivated', 'status_changed', 'pending_rae', 'internal_file_deleted']).not.toContain(out.event);
        return true;
      }),
    );
  });

  it('keeps staff\'s question and the deliverables\' note, and the client\'s answer', () => {
    expect(clientHistoryEntryOf({ event: 'pending_client', from_status: 'Pending Design', to_status: 'Pending Client', note: 'Which roof?', actorRole: 'support' }))
      .toEqual({ event: 'question', label: 'Question from our team', from_status: 'Submitted', to_status: 'Submitted', note: 'Which roof?' });
    expect(clientHistoryEntryOf({ event: 'pending_approval', from_status: 'Finalized', to_status: 'Pending Approval', note: 'Plan set attached', actorRole: 'admin' }))
      ?.toMatchObject({ event: 'ready_for_review', note: 'Plan set attached' });
    expect(clientHistoryEntryOf({ event: 'pending_rae', from_status: 'Pending Client', to_status: 'Pending Design', note: 'Metal roof', actorRole: 'user' }))
      ?.toMatchObject({ event: 'answered', label: 'Answer sent', note: 'Metal roof' });
  });

  it('drops the team\'s moves, assignments and deactivation', () => {
    expect(clientHistoryEntryOf({ event: 'status_changed', from_status: 'Pending QC', to_status: 'Design Completed', note: 'QC ok', actorRole: 'admin' })).toBeNull();
    expect(clientHistoryEntryOf({ event: 'pending_rae', from_status: 'Pending Client', to_status: 'Pending Design', note: null, actorRole: 'admin' })).toBeNull();
    expect(clientHistoryEntryOf({ event: 'assigned', from_status: null, to_status: null, note: null, actorRole: 'admin' })).toBeNull();
    expect(clientHistoryEntryOf({ event: 'deactivated', from_status: null, to_status: null, note: null, actorRole: 'admin' })).toBeNull();
  });
});
