import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { WET_STAMP_OPTIONS } from '../requirements/requirement-options.data.ts';
import {
  WET_STAMP_STATES, applyWetStampChange, copiesOfRequirement, isTaskDrivenByWetStamp, isWetStampGatedMove, isWetStampSent, serviceTaskOfWetStamp,
  ZWetStampOrder, wetStampChangeRefusal, wetStampChangeSummary, wetStampNeedOf, wetStampOrderProblems, wetStampOrderText, type WetStampFacts, type WetStampState,
} from './wet-stamp.rules.ts';
import { ZWetStampPatchBody } from '../contracts/wet-stamps.ts';

const TODAY = '2026-11-27';
const facts = (state: WetStampState, more: Partial<WetStampFacts> = {}): WetStampFacts => ({
  state, copies: 2, carrier: null, trackingReference: null, deliveredOn: null, shippedAt: null, notes: '', ...more,
});

describe('copies a wet_stamps requirement asks for', () => {
  it.each([
    ['No Wet Stamps', null], ['1 Copy', 1], ['2 Copies', 2], ['3 Copies', 3], ['4 Copies', null], [null, null], [2, null], ['', null],
  ])('%s → %s', (value, copies) => expect(copiesOfRequirement(value)).toBe(copies));

  it('every option of the requirement is understood', () => {
    expect(WET_STAMP_OPTIONS.map((o) => copiesOfRequirement(o.value))).toEqual([null, 1, 2, 3]);
  });
});

describe('whether a job has a wet stamp, and its default copies', () => {
  it.each([
    [['wet_stamp'], 'No Wet Stamps', { required: true, byService: true, requirementCopies: null, defaultCopies: 1 }],
    [['cad_packet'], '3 Copies', { required: true, byService: false, requirementCopies: 3, defaultCopies: 3 }],
    [['wet_stamp', 'cad_packet'], '2 Copies', { required: true, byService: true, requirementCopies: 2, defaultCopies: 2 }],
    [['cad_packet'], 'No Wet Stamps', { required: false, byService: false, requirementCopies: null, defaultCopies: 1 }],
    [[], undefined, { required: false, byService: false, requirementCopies: null, defaultCopies: 1 }],
  ])('%j with %s', (services, value, need) => expect(wetStampNeedOf(services, value)).toEqual(need));
});

describe('changes', () => {
  it('steps go forward one at a time', () => {
    expect(wetStampChangeRefusal(facts('pending'), { state: 'stamped' }, TODAY)).toBeNull();
    expect(wetStampChangeRefusal(facts('pending'), { state: 'shipped', carrier: 'UPS', tracking_reference: '1Z' }, TODAY))
      .toBe('Mark the wet stamp stamped before shipping it.');
    expect(wetStampChangeRefusal(facts('stamped'), { state: 'delivered' }, TODAY)).toBe('Mark the wet stamp shipped before delivering it.');
    expect(wetStampChangeRefusal(facts('stamped'), { state: 'stamped' }, TODAY)).toBe('The wet stamp is already marked stamped.');
    expect(wetStampChangeRefusal(facts('delivered'), { state: 'shipped', carrier: 'UPS', tracking_reference: '1Z' }, TODAY))
      .toBe('The wet stamp is already delivered: it cannot go back to shipped.');
  });

  it('copies change only before stamping', () => {
    expect(wetStampChangeRefusal(facts('pending'), { copies: 3 }, TODAY)).toBeNull();
    expect(wetStampChangeRefusal(facts('pending'), { copies: 3, state: 'stamped' }, TODAY)).toBeNull();
    expect(wetStampChangeRefusal(facts('stamped'), { copies: 3 }, TODAY)).toBe('The copies are already stamped (2 copies): the number cannot change now.');
    expect(wetStampChangeRefusal(facts('stamped'), { copies: 2 }, TODAY)).toBeNull();
  });

  it('shipping facts belong to shipping; a correction is allowed afterwards', () => {
    expect(wetStampChangeRefusal(facts('stamped'), { carrier: 'UPS' }, TODAY)).toBe('The carrier and tracking reference are recorded when the wet stamp is shipped.');
    expect(wetStampChangeRefusal(facts('shipped'), { tracking_reference: '1Z2' }, TODAY)).toBeNull();
    expect(wetStampChangeRefusal(facts('delivered'), { carrier: 'FedEx' }, TODAY)).toBeNull();
  });

  it('a delivery date: with the delivery, not in the future, not before shipping', () => {
    const shipped = facts('shipped', { shippedAt: new Date('2026-11-20T15:00:00Z') });
    expect(wetStampChangeRefusal(shipped, { delivered_on: '2026-11-21' }, TODAY)).toBe('The delivery date is recorded when the wet stamp is delivered.');
    expect(wetStampChangeRefusal(shipped, { state: 'delivered', delivered_on: '2026-11-28' }, TODAY)).toBe('The delivery date cannot be in the future.');
    expect(wetStampChangeRefusal(shipped, { state: 'delivered', delivered_on: '2026-11-19' }, TODAY))
      .toBe('The delivery date cannot be before the copies were shipped (2026-11-20).');
    expect(wetStampChangeRefusal(shipped, { state: 'delivered', delivered_on: '2026-11-20' }, TODAY)).toBeNull();
    expect(applyWetStampChange(shipped, { state: 'delivered' }, TODAY).deliveredOn).toBe(TODAY);
  });

  it('the history says what changed', () => {
    const stamped = facts('stamped');
    const shipped = applyWetStampChange(stamped, { state: 'shipped', carrier: 'UPS', tracking_reference: '1Z999' }, TODAY);
    expect(wetStampChangeSummary(stamped, shipped)).toEqual(['Wet stamp shipped: 2 copies by UPS, tracking 1Z999']);
    expect(wetStampChangeSummary(facts('pending'), applyWetStampChange(facts('pending'), { copies: 3, notes: 'Rush' }, TODAY)))
      .toEqual(['Wet stamp copies: 2 → 3', 'Wet stamp notes changed']);
    expect(wetStampChangeSummary(stamped, applyWetStampChange(stamped, { copies: 2 }, TODAY))).toEqual([]);
  });

  it('any sequence of allowed changes only moves forward, and lands sent once shipped', () => {
    const arbChange = fc.record({
      state: fc.option(fc.constantFrom('stamped' as const, 'shipped' as const, 'delivered' as const), { nil: undefined }),
      copies: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      carrier: fc.option(fc.constantFrom('UPS', 'USPS'), { nil: undefined }),
      tracking_reference: fc.option(fc.constantFrom('1Z1', '9400'), { nil: undefined }),
    });
    fc.assert(fc.property(fc.array(arbChange, { maxLength: 12 }), (changes) => {
      let f = facts('pending');
      for (const c of changes) {
        if (c.state === 'shipped' && (!c.carrier || !c.tracking_reference)) continue; // the contract refuses it (400)
        if (wetStampChangeRefusal(f, c, TODAY)) continue;
        const next = applyWetStampChange(f, c, TODAY);
        expect(WET_STAMP_STATES.indexOf(next.state)).toBeGreaterThanOrEqual(WET_STAMP_STATES.indexOf(f.state));
        expect(WET_STAMP_STATES.indexOf(next.state) - WET_STAMP_STATES.indexOf(f.state)).toBeLessThanOrEqual(1);
        if (isWetStampSent(next.state)) expect(next.carrier && next.trackingReference).toBeTruthy();
        if (next.state !== 'pending') expect(next.copies).toBe(f.state === 'pending' ? next.copies : f.copies);
        f = next;
      }
    }));
  });
});

describe('the service task and the gate', () => {
  it('stamped and shipped are In Progress, delivered Completed', () => {
    expect(WET_STAMP_STATES.map(serviceTaskOfWetStamp)).toEqual([null, 'in_progress', 'in_progress', 'completed']);
  });
  it('only the Wet Stamp service\'s task follows the record (the others stay movable by hand)', () => {
    expect(isTaskDrivenByWetStamp('wet_stamp')).toBe(true);
    expect(['permit_submittal', 'other', 'cad_packet', ''].map(isTaskDrivenByWetStamp)).toEqual([false, false, false, false]);
  });
  it('only Pending Wet Stamp → Design Completed waits for the shipment', () => {
    expect(isWetStampGatedMove('Pending Wet Stamp', 'Design Completed')).toBe(true);
    expect(isWetStampGatedMove('Pending Wet Stamp', 'Cancelled')).toBe(false);
    expect(isWetStampGatedMove('Pending PE', 'Design Completed')).toBe(false);
    expect(WET_STAMP_STATES.map(isWetStampSent)).toEqual([false, false, true, true]);
  });
});

describe('the PATCH body', () => {
  const issues = (b: unknown) => {
    const r = ZWetStampPatchBody.safeParse(b);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('shipping needs the carrier and the tracking reference', () => {
    expect(issues({ state: 'shipped' })).toEqual([
      'carrier: Name the carrier the copies were shipped with.', 'tracking_reference: Enter the shipping or tracking reference.',
    ]);
    expect(issues({ state: 'shipped', carrier: 'UPS', tracking_reference: '1Z999' })).toEqual([]);
  });
  it('refuses an empty change, 0 or 4 copies, unknown fields, a bad date', () => {
    expect(issues({})).toEqual(['state: Send what changes.']);
    expect(issues({ copies: 0 })).toEqual(['copies: One to three copies.']);
    expect(issues({ copies: 4 })).toEqual(['copies: One to three copies.']);
    expect(issues({ copies: 1.5 }).length).toBe(1);
    expect(issues({ state: 'pending' }).length).toBe(1);
    expect(issues({ notes: 'x', extra: 1 }).length).toBe(1);
    expect(issues({ state: 'delivered', delivered_on: '0000-01-01' })).toEqual(['delivered_on: Use a date between 1900 and 2200.']);
    expect(issues({ state: 'delivered', delivered_on: '2026-02-30' }).length).toBe(1);
  });
});

describe('the wet-stamp order (issue 29, item 11)', () => {
  const ORDER = { copies: 2, recipient: 'Acme Solar', street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' };
  it('is needed only with the wet stamp, every field named when missing', () => {
    expect(wetStampOrderProblems(['structural_roof_letter'], null)).toEqual([]);
    expect(wetStampOrderProblems(['wet_stamp'], ORDER)).toEqual([]);
    expect(wetStampOrderProblems(['wet_stamp'], null).map((p) => Object.keys(p)[0])).toEqual([
      'wet_stamp_order.copies', 'wet_stamp_order.recipient', 'wet_stamp_order.street', 'wet_stamp_order.city', 'wet_stamp_order.state', 'wet_stamp_order.zip',
    ]);
    expect(wetStampOrderProblems(['wet_stamp'], { ...ORDER, city: '  ', copies: null })).toEqual([
      { 'wet_stamp_order.copies': 'Choose how many stamped copies to ship (1 to 3).' },
      { 'wet_stamp_order.city': 'Enter the city to ship the stamped copies to.' },
    ]);
  });
  it('checks the shape on every save: copies 1 to 3, a US ZIP or a Canadian postal code', () => {
    expect(ZWetStampOrder.safeParse(ORDER).success).toBe(true);
    expect(ZWetStampOrder.safeParse({ ...ORDER, copies: 4 }).success).toBe(false);
    expect(ZWetStampOrder.safeParse({ ...ORDER, zip: '7870' }).success).toBe(false);
    expect(ZWetStampOrder.safeParse({ ...ORDER, zip: '78701-1234' }).success).toBe(true);
    expect(ZWetStampOrder.safeParse({ ...ORDER, zip: 'K1A 0B1' }).success).toBe(true);
    expect(ZWetStampOrder.safeParse({ ...ORDER, zip: '' }).success).toBe(true);
  });
  it('the ordered copies start the task; the requirement\'s when none were ordered', () => {
    expect(wetStampNeedOf(['wet_stamp'], '3 Copies', 1).defaultCopies).toBe(1);
    expect(wetStampNeedOf(['wet_stamp'], '3 Copies', null).defaultCopies).toBe(3);
    expect(wetStampNeedOf([], '2 Copies', 3).defaultCopies).toBe(2);
    expect(wetStampOrderText(ORDER)).toBe('2 copies to Acme Solar, 1 Main St, Austin, TX 78701');
  });
});
