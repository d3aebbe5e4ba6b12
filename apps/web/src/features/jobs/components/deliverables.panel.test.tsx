import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Deliverable, JobDeliverables } from '@sunstamp/domain/contracts/deliverables';
import type { Job } from '@sunstamp/domain/contracts/jobs';
import { fakeApi, refusal } from '../../../test/fake-api.ts';
import { renderApp, userOf } from '../../../test/render.tsx';
import { DeliverablesPanel } from './deliverables.panel.tsx';

const job = (status: string) => ({ id: 'job-1', name: '12 Oak St', status, revision_number: 1 }) as unknown as Job;

const item = (patch: Partial<Deliverable>): Deliverable => ({
  id: 'd-1', job_id: 'job-1', revision: 1, kind: 'plan_set', kind_label: 'Plan set', group: 'plan_set', state: 'draft', name: 'plan-set.pdf',
  mime: 'application/pdf', size: 2_400_000, sha256: null, sealed_at: null, released_at: null, verification_code: null, seals: [], seals_needed: ['structural'],
  download_url: '/api/files/d-1/download', created_at: '2026-11-20T10:00:00Z', ...patch,
} as Deliverable);

const answer = (patch: Partial<JobDeliverables>): JobDeliverables => ({
  revision: 1, deliverables: [], requirements: [], tasks: [], may_mark: true, may_seal: true, may_withdraw_sealed: true, may_release: true, ...patch,
});

describe('the deliverables card', () => {
  it('for staff with nothing yet: says how to add one and offers Mark, not Release', async () => {
    fakeApi({ 'GET /jobs/job-1/deliverables': answer({}) });
    renderApp(<DeliverablesPanel job={job('Finalized')} />);
    expect(await screen.findByText(/No deliverables yet\. Upload the plan set or a letter under Files/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark a file as deliverable' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Release to client' })).not.toBeInTheDocument();
  });

  it('for a client with nothing released: says so, with no staff actions', async () => {
    fakeApi({ 'GET /jobs/job-1/deliverables': answer({ may_mark: false, may_seal: false, may_withdraw_sealed: false, may_release: false }) });
    renderApp(<DeliverablesPanel job={job('Finalized')} />, { user: userOf('user') });
    expect(await screen.findByText(/Nothing has been released yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Mark|Release/ })).not.toBeInTheDocument();
  });

  it('lists each revision by group with state, what it still needs, and the requirement checklist', async () => {
    fakeApi({
      'GET /jobs/job-1/deliverables': answer({
        deliverables: [
          item({}),
          item({ id: 'd-0', revision: 0, state: 'released', name: 'plan-set-r0.pdf', seals_needed: [], released_at: '2026-11-10T10:00:00Z', verification_code: 'ABCDEFGHJKMNPQRSTVWX', seals: [{ discipline: 'structural', engineer_name: 'Dana Reyes', licence_state: 'FL', licence_number: 'PE 12345' }] as never }),
        ],
        requirements: [{ service: 'plan_set', service_label: 'Plan set', needs: 'a released, sealed plan set', met: false }],
      }),
    });
    renderApp(<DeliverablesPanel job={job('Finalized')} />);
    const current = await screen.findByTestId('deliverables-rev-1');
    expect(within(current).getByText('Revision 1 (current)')).toBeInTheDocument();
    expect(current).toHaveTextContent('plan-set.pdf · 2.4 MB');
    expect(current).toHaveTextContent('needs the structural seal');
    expect(within(current).getByText('Draft')).toBeInTheDocument();
    const original = screen.getByTestId('deliverables-rev-0');
    expect(within(original).getByText('Original design')).toBeInTheDocument();
    expect(original).toHaveTextContent('Structural seal: Dana Reyes, FL PE 12345');
    expect(original).toHaveTextContent('verification code ABCDE-FGHJK-MNPQR-STVWX');
    expect(within(original).queryByRole('button', { name: 'Seal' })).not.toBeInTheDocument();
    expect(within(original).queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(screen.getByTestId('deliverable-requirements')).toHaveTextContent('Plan set needs a released, sealed plan set');
  });

  it('offers Remove on a sealed document only to whom may withdraw a seal; a draft to anyone who marks', async () => {
    const items = [item({ state: 'sealed', seals_needed: [], name: 'sealed.pdf' }), item({ id: 'd-2', name: 'draft.pdf' })];
    fakeApi({ 'GET /jobs/job-1/deliverables': answer({ deliverables: items, may_withdraw_sealed: false }) });
    const drafter = renderApp(<DeliverablesPanel job={job('Finalized')} />);
    expect(await screen.findByRole('button', { name: 'Remove draft.pdf from the deliverables' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove sealed.pdf from the deliverables' })).not.toBeInTheDocument();
    drafter.unmount();
    fakeApi({ 'GET /jobs/job-1/deliverables': answer({ deliverables: items, may_withdraw_sealed: true }) });
    const admin = renderApp(<DeliverablesPanel job={job('Finalized')} />);
    expect(await screen.findByRole('button', { name: 'Remove sealed.pdf from the deliverables' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Seal' })).toBeInTheDocument();
    admin.unmount();
    // Support without an engineer profile prepares documents: no Seal button to a dead end.
    fakeApi({ 'GET /jobs/job-1/deliverables': answer({ deliverables: items, may_seal: false }) });
    renderApp(<DeliverablesPanel job={job('Finalized')} />);
    await screen.findByRole('button', { name: 'Remove draft.pdf from the deliverables' });
    expect(screen.queryByRole('button', { name: 'Seal' })).not.toBeInTheDocument();
  });

  it('offers Release only from a status that allows it, and sends the unreleased ids with the note', async () => {
    const api = fakeApi({
      'GET /jobs/job-1/deliverables': answer({ deliverables: [item({ state: 'sealed', seals_needed: [] }), item({ id: 'd-2', kind_label: 'Structural roof letter', group: 'letters', name: 'roof.pdf', state: 'sealed', seals_needed: [] })] }),
      'POST /jobs/job-1/release': { id: 'job-1' },
    });
    const first = renderApp(<DeliverablesPanel job={job('Design In Progress')} />);
    await screen.findByTestId('deliverables-rev-1');
    expect(screen.queryByRole('button', { name: 'Release to client' })).not.toBeInTheDocument();
    first.unmount();

    const { user } = renderApp(<DeliverablesPanel job={job('Finalized')} />);
    await user.click(await screen.findByRole('button', { name: 'Release to client' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release to the client?' });
    expect(dialog).toHaveTextContent('the job moves to Pending Approval');
    expect(dialog).toHaveTextContent('Plan set: plan-set.pdf');
    expect(dialog).toHaveTextContent('Structural roof letter: roof.pdf');
    await user.click(within(dialog).getByLabelText('Note to the client (optional)'));
    await user.paste('  Sealed set attached.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('Released to the client.')).toBeInTheDocument();
    expect(api.callsTo('POST /jobs/job-1/release')[0]!.body).toEqual({ deliverable_ids: ['d-1', 'd-2'], note: 'Sealed set attached.' });
  });

  it('seals with the one engineer who may, and shows why the others may not', async () => {
    const api = fakeApi({
      'GET /jobs/job-1/deliverables': answer({ deliverables: [item({})] }),
      'GET /deliverables/d-1/seal-options': {
        document: 'Plan set', state: 'FL', needed: ['structural'], blocked: null, assumed_value_pages: [],
        engineers: [
          { id: 'e-1', name: 'Dana Reyes', may_seal: [{ discipline: 'structural', licence_state: 'FL', licence_number: 'PE 12345' }], refusals: [], caller_may_act: true, caller_refusal: null },
          { id: 'e-2', name: 'Lee Park', may_seal: [], refusals: [{ discipline: 'structural', message: 'No FL licence.' }], caller_may_act: true, caller_refusal: null },
        ],
      },
      'POST /deliverables/d-1/seal': refusal(409, 'The seal image of Dana Reyes is missing.'),
    });
    const { user } = renderApp(<DeliverablesPanel job={job('Finalized')} />);
    await user.click(await screen.findByRole('button', { name: 'Seal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seal plan set' });
    expect(await within(dialog).findByText('Needs: structural seal (FL licence).')).toBeInTheDocument();
    expect(within(dialog).getByText('Seals: structural (FL PE 12345)')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: /Engineer/ }));
    expect(screen.getByRole('option', { name: 'Lee Park — cannot seal this job' })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Seal' }));
    expect(await within(dialog).findByText('The seal image of Dana Reyes is missing.')).toBeInTheDocument();
    expect(api.callsTo('POST /deliverables/d-1/seal')[0]!.body).toEqual({ engineer_id: 'e-1' });
  });

  it('a structural seal over assumed rail values waits for the engineer to accept them, and sends the acceptance', async () => {
    const api = fakeApi({
      'GET /jobs/job-1/deliverables': answer({ deliverables: [item({})] }),
      'GET /deliverables/d-1/seal-options': {
        document: 'Plan set', state: 'FL', needed: ['structural'], blocked: null, assumed_value_pages: [{ page: 3, sheet: 'PV-3' }],
        engineers: [{ id: 'e-1', name: 'Dana Reyes', may_seal: [{ discipline: 'structural', licence_state: 'FL', licence_number: 'PE 12345' }], refusals: [], caller_may_act: true, caller_refusal: null }],
      },
      'POST /deliverables/d-1/seal': { ...item({ state: 'sealed', seals_needed: [] }) },
    });
    const { user } = renderApp(<DeliverablesPanel job={job('Finalized')} />);
    await user.click(await screen.findByRole('button', { name: 'Seal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seal plan set' });
    expect(await within(dialog).findByTestId('assumed-values')).toHaveTextContent('not the maker’s certified values, marked ASSUMED on PV-3 (page 3).');
    expect(within(dialog).getByRole('button', { name: 'Seal' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: /As the engineer of record, Dana Reyes accepts these assumed values/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Seal' }));
    await waitFor(() => expect(api.callsTo('POST /deliverables/d-1/seal')).toHaveLength(1));
    expect(api.callsTo('POST /deliverables/d-1/seal')[0]!.body).toEqual({ engineer_id: 'e-1', accept_assumed_values: true });
  });

  it('a blocked seal says why and keeps Seal disabled', async () => {
    fakeApi({
      'GET /jobs/job-1/deliverables': answer({ deliverables: [item({})] }),
      'GET /deliverables/d-1/seal-options': { document: 'Plan set', state: 'FL', needed: ['structural'], blocked: 'Sealing needs PUBLIC_URL for the verification link.', assumed_value_pages: [], engineers: [] },
    });
    const { user } = renderApp(<DeliverablesPanel job={job('Finalized')} />);
    await user.click(await screen.findByRole('button', { name: 'Seal' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Sealing needs PUBLIC_URL for the verification link.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Seal' })).toBeDisabled();
  });

  it('marks a file: Mark waits for a file, offers only files not yet deliverables, and sends file and kind', async () => {
    const api = fakeApi({
      'GET /jobs/job-1/deliverables': answer({ deliverables: [item({})] }),
      'GET /jobs/job-1/files': [
        { id: 'd-1', name: 'plan-set.pdf', category: 'Plan set', kind: 'upload' },
        { id: 'f-9', name: 'roof-letter.pdf', category: 'Letter', kind: 'upload' },
        { id: 'f-10', name: 'notes.txt', category: 'Internal', kind: 'internal' },
      ],
      'POST /jobs/job-1/deliverables': item({ id: 'f-9' }),
    });
    const { user } = renderApp(<DeliverablesPanel job={job('Finalized')} />);
    await user.click(await screen.findByRole('button', { name: 'Mark a file as deliverable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark a file as deliverable' });
    expect(within(dialog).getByRole('button', { name: 'Mark' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: /File/ }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['roof-letter.pdf (Letter)']);
    await user.click(screen.getByRole('option', { name: 'roof-letter.pdf (Letter)' }));
    await user.click(within(dialog).getByRole('combobox', { name: /Deliverable/ }));
    await user.click(screen.getByRole('option', { name: 'Structural roof letter' }));
    await user.click(within(dialog).getByRole('button', { name: 'Mark' }));
    expect(await screen.findByText('Marked as deliverable.')).toBeInTheDocument();
    expect(api.callsTo('POST /jobs/job-1/deliverables')[0]!.body).toEqual({ file_id: 'f-9', kind: 'structural_roof_letter' });
  });

  it('the client approves or asks for a revision once something is released', async () => {
    fakeApi({ 'GET /jobs/job-1/deliverables': answer({ may_mark: false, may_seal: false, may_withdraw_sealed: false, may_release: false, deliverables: [item({ state: 'released', seals_needed: [] })] }) });
    const onApprove = vi.fn();
    const onRevision = vi.fn();
    const { user } = renderApp(<DeliverablesPanel job={job('Pending Approval')} onApprove={onApprove} onRevision={onRevision} />, { user: userOf('user') });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(screen.getByRole('button', { name: 'Request revision' }));
    expect(onApprove).toHaveBeenCalledTimes(1);
    expect(onRevision).toHaveBeenCalledTimes(1);
  });
});
